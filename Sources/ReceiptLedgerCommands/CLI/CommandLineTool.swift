import Foundation
import ReceiptLedger

/// The command-line interface: parses arguments, runs a subcommand, and turns every error into
/// one line on stderr and an exit code. `main.swift` only calls `run`.
public enum CommandLineTool {
    public static func run(_ arguments: [String]) -> Int32 {
        FreedMemory.mapLargeBlocks()
        let (code, message) = outcome(arguments)
        if let message { printError(message) }
        ChildPeakMemory.reportIfAsked()
        return code
    }

    /// The exit code of a run and the one line to print on stderr, if any.
    static func outcome(_ arguments: [String]) -> (code: Int32, message: String?) {
        do {
            return (try dispatch(arguments), nil)
        } catch let error as UsageError {
            return (ExitCode.usage, error.message)
        } catch let error as FatalError {
            return (ExitCode.fatal, error.message)
        } catch {
            return (ExitCode.fatal, "\(error)")
        }
    }

    static func dispatch(_ arguments: [String]) throws -> Int32 {
        guard let command = arguments.first else {
            print(HelpText.tool)
            return ExitCode.usage
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            guard let text = help(for: command) else { throw UsageError("unknown command \"\(command)\" (see receipt-ledger --help)") }
            print(text)
            return ExitCode.success
        }
        switch command {
        case "--version", "version":
            print("receipt-ledger \(ReceiptLedgerInfo.version)")
            return ExitCode.success
        case "--help", "-h":
            print(HelpText.tool)
            return ExitCode.success
        case "help":
            guard let topic = rest.first else { print(HelpText.tool); return ExitCode.success }
            guard let text = help(for: topic) else { throw UsageError("unknown command \"\(topic)\" (see receipt-ledger --help)") }
            print(text)
            return ExitCode.success
        case "run":
            return try RunCommand.execute(rest)
        case "demo":
            return try DemoCommand.execute(rest)
        case "bench":
            return try BenchCommand.execute(rest)
        case "templates":
            return try TemplatesCommand.execute(rest)
        case "shard":
            return try ShardCommands.shard(rest)
        case "index":
            return try ShardCommands.index(rest)
        case "merge-bucket":
            return try ShardCommands.mergeBucket(rest)
        case "finish":
            return try ShardCommands.finish(rest)
        default:
            throw UsageError("unknown command \"\(command)\" (see receipt-ledger --help)")
        }
    }

    static func help(for command: String) -> String? {
        switch command {
        case "run": return HelpText.run
        case "demo": return HelpText.demo
        case "bench": return HelpText.bench
        case "templates": return HelpText.templates
        case "shard": return HelpText.shard
        case "index": return HelpText.index
        case "merge-bucket": return HelpText.mergeBucket
        case "finish": return HelpText.finish
        case "help", "--help", "-h": return HelpText.tool
        default: return nil
        }
    }

    /// Writes `receipt-ledger: message` as one line: line breaks and other control characters
    /// from the input (a file name, a SQL error quoting the query) are shown escaped.
    static func printError(_ message: String) {
        FileHandle.standardError.write(Data("receipt-ledger: \(OneLine.escaped(message))\n".utf8))
    }
}
