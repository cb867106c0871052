import Foundation
import ReceiptLedger

exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst())))
