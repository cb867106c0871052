import Foundation

/// The command-line interface: parses arguments, runs a subcommand, and turns every error into
/// one line on stderr and an exit code. `main.swift` only calls `run`.
public enum CommandLineTool {
    public static func run(_ arguments: [String]) -> Int32 {
        do {
            return try dispatch(arguments)
        } catch let error as UsageError {
            printError(error.message)
            return ExitCode.usage
        } catch let error as FatalError {
            printError(error.message)
            return ExitCode.fatal
        } catch {
            printError("\(error)")
            return ExitCode.fatal
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
        default:
            throw UsageError("unknown command \"\(command)\" (see receipt-ledger --help)")
        }
    }

    static func help(for command: String) -> String? {
        switch command {
        case "run": return HelpText.run
        case "demo": return HelpText.demo
        case "bench": return HelpText.bench
        case "help", "--help", "-h": return HelpText.tool
        default: return nil
        }
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data("receipt-ledger: \(message)\n".utf8))
    }
}
