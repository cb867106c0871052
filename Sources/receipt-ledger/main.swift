import Foundation
import ReceiptLedgerCommands

Interruption.install()
exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst())))
