import Foundation
import ReceiptLedger

Interruption.install()
exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst())))
