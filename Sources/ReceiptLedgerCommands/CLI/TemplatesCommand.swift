import ReceiptLedger

/// `receipt-ledger templates --export DIR`: writes the built-in templates out for editing; a run
/// then takes them with `--templates DIR` (or from `templates/` in its working folder).
enum TemplatesCommand {
    static let options: [String: ArgumentScanner.Kind] = ["export": .value]

    static func execute(_ arguments: [String]) throws -> Int32 {
        let scan = try ArgumentScanner(arguments, options: options, command: "templates")
        guard let directory = scan.value("export") else {
            throw UsageError("templates: give --export DIR (writes the built-in templates there for editing)")
        }
        guard !directory.isEmpty else { throw UsageError("templates: --export needs a folder") }
        let written = try HTMLReport.exportTemplates(to: directory)
        print("wrote \(written.count) templates to \(directory) (edit them, then run with --templates \(directory))")
        return ExitCode.success
    }
}
