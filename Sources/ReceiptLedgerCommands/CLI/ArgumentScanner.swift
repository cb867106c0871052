import ReceiptLedger

/// Scans `--name value`, `--name=value` and bare `--flag` arguments against a declared set of
/// options, so an unknown or incomplete option is a usage error naming it.
struct ArgumentScanner {
    enum Kind { case flag, value, repeatable }

    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []

    init(_ arguments: [String], options: [String: Kind], command: String) throws(UsageError) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            guard argument.hasPrefix("--") else {
                throw UsageError("\(command): unexpected argument \"\(argument)\" (see receipt-ledger \(command) --help)")
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let kind = options[name] else {
                throw UsageError("\(command): unknown option --\(name) (see receipt-ledger \(command) --help)")
            }
            switch kind {
            case .flag:
                guard inlineValue == nil else { throw UsageError("\(command): --\(name) takes no value") }
                flags.insert(name)
            case .value, .repeatable:
                let value: String
                if let inlineValue { value = inlineValue } else {
                    index += 1
                    guard index < arguments.count else { throw UsageError("\(command): --\(name) needs a value") }
                    value = arguments[index]
                }
                if kind == .value, values[name] != nil { throw UsageError("\(command): --\(name) given twice") }
                values[name, default: []].append(value)
            }
            index += 1
        }
    }

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) }

    func integer(_ name: String, command: String, range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("\(command): --\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(text)\"")
        }
        return number
    }
}
