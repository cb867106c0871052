import Foundation

/// A catalog that cannot be read: a usage error naming the file and line.
struct CatalogError: Error, CustomStringConvertible {
    var path: String
    var line: Int
    var message: String
    var description: String { line > 0 ? "\(path):\(line): \(message)" : "\(path): \(message)" }
}

/// Reads the catalog CSV (SPEC §1.2: `product_id, product_type, currency, price, effective_from,
/// proceeds_rate, intro_price`, columns found by header name) strictly: anything it cannot read
/// exactly is refused with its line, since a misread catalog changes every amount it prices.
enum CatalogReader {
    static let requiredColumns = ["product_id", "product_type", "currency", "price"]
    static let optionalColumns = ["effective_from", "proceeds_rate", "intro_price"]
    static let defaultProceedsRate = DecimalText(digits: 70, fractionDigits: 2)
    /// What the header may hold, for the messages about it.
    static let expectedColumns = "required: \(requiredColumns.joined(separator: ", ")); "
        + "optional: \(optionalColumns.joined(separator: ", "))"

    static func read(path: String) throws(CatalogError) -> Catalog {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CatalogError(path: path, line: 0, message: "cannot read the catalog file")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw CatalogError(path: path, line: 0, message: "the catalog is not UTF-8 text")
        }
        return try parse(text, path: path)
    }

    /// The header names each column once, from the required and optional ones; every row has
    /// the header's number of fields (blank lines are skipped); two rows of one product and
    /// `effective_from` instant must agree (SPEC §8's "the later row wins" then picks either).
    static func parse(_ text: String, path: String) throws(CatalogError) -> Catalog {
        let rows: [CSVReader.Row]
        do { rows = try CSVReader.rows(of: text) } catch { throw CatalogError(path: path, line: error.line, message: error.message) }
        guard let header = rows.first else { throw CatalogError(path: path, line: 1, message: "the catalog is empty") }
        let names = try columnNames(header, path: path)
        func column(_ name: String) -> Int? { names.firstIndex(of: name) }
        let columns = (productID: column("product_id"), productType: column("product_type"), currency: column("currency"),
                       price: column("price"), effectiveFrom: column("effective_from"), proceedsRate: column("proceeds_rate"),
                       introPrice: column("intro_price"))
        var entries: [Entry] = []
        var lines: [Int] = []
        for (order, row) in rows.dropFirst().enumerated() {
            func fail(_ message: String) -> CatalogError { CatalogError(path: path, line: row.line, message: message) }
            guard row.fields.count == names.count else { throw fail(fieldCountMessage(row.fields, names: names)) }
            func field(_ index: Int?) -> String {
                index.map { row.fields[$0].trimmingCharacters(in: .whitespaces) } ?? ""
            }
            let productID = field(columns.productID)
            guard !productID.isEmpty else { throw fail("empty product_id") }
            let typeText = field(columns.productType)
            guard let type = ProductType(rawValue: typeText.lowercased()) else {
                throw fail("unknown product_type \"\(typeText)\" (consumable, non_consumable, auto_renewable, non_renewing)")
            }
            let code = field(columns.currency)
            guard code.utf8.count == 3, code.utf8.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                throw fail("bad currency \"\(code)\" (a three-letter ISO 4217 code such as USD)")
            }
            guard CurrencyCodes.known.contains(code.uppercased()) else {
                throw fail("unknown currency \"\(code)\" (not an ISO 4217 currency code)")
            }
            let currency = Currency(code: code)
            let price: Money
            do { price = try money(field(columns.price), column: "price", currency: currency) } catch { throw fail(error.message) }
            var introPrice: Money?
            let introText = field(columns.introPrice)
            if !introText.isEmpty {
                do { introPrice = try money(introText, column: "intro_price", currency: currency) } catch { throw fail(error.message) }
            }
            var rate = defaultProceedsRate
            let rateText = field(columns.proceedsRate)
            if !rateText.isEmpty {
                guard let parsed = plainDecimal(rateText) else { throw fail(notPlain(rateText, column: "proceeds_rate", example: "0.70")) }
                guard parsed.fractionDigits <= 9 else { throw fail("bad proceeds_rate \"\(rateText)\" (9 decimals at most)") }
                guard (parsed.scaled(toFractionDigits: 9) ?? Int64.max) <= 1_000_000_000 else {
                    throw fail("bad proceeds_rate \"\(rateText)\" (a fraction from 0 to 1)")
                }
                rate = parsed
            }
            var effectiveFrom: UnixMillis?
            let fromText = field(columns.effectiveFrom)
            if !fromText.isEmpty {
                guard let instant = CatalogDate.parse(fromText) else {
                    throw fail("bad effective_from \"\(fromText)\" (a date such as 2024-09-01 or a timestamp such as 2024-09-01T12:00:00Z)")
                }
                effectiveFrom = instant
            }
            entries.append(Entry(productID: productID, productType: type, currency: currency, price: price,
                                 effectiveFrom: effectiveFrom, proceedsRate: rate, introPrice: introPrice, order: order))
            lines.append(row.line)
        }
        try refuseConflicts(entries, lines: lines, path: path)
        return Catalog(entries: entries)
    }

    typealias Entry = Catalog.Entry

    /// The header's names, trimmed and lower-cased; an unknown, unnamed or repeated column, or a
    /// missing required one, is refused (a misspelled `proceeds_rat` would silently price at 0.70).
    private static func columnNames(_ header: CSVReader.Row, path: String) throws(CatalogError) -> [String] {
        func fail(_ message: String) -> CatalogError { CatalogError(path: path, line: header.line, message: message) }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        for (index, name) in names.enumerated() {
            guard !name.isEmpty else { throw fail("column \(index + 1) has no name (\(expectedColumns))") }
            guard requiredColumns.contains(name) || optionalColumns.contains(name) else {
                throw fail("unknown column \(index + 1) \"\(header.fields[index].trimmingCharacters(in: .whitespaces))\" (\(expectedColumns))")
            }
            if let first = names.firstIndex(of: name), first != index {
                throw fail("column \(name) appears twice (columns \(first + 1) and \(index + 1))")
            }
        }
        for required in requiredColumns where !names.contains(required) {
            throw fail("missing column \(required) (\(expectedColumns))")
        }
        return names
    }

    /// A row with too many or too few fields; with a hint when a price or rate looks split by a
    /// decimal comma (`0,99` unquoted is two fields, `0` and `99`).
    private static func fieldCountMessage(_ fields: [String], names: [String]) -> String {
        var message = "\(fields.count) fields, but the header has \(names.count)"
        if fields.count > names.count {
            for (index, name) in names.enumerated() where ["price", "intro_price", "proceeds_rate"].contains(name) {
                let whole = fields[index].trimmingCharacters(in: .whitespaces)
                let fraction = fields[index + 1].trimmingCharacters(in: .whitespaces)
                if isDigits(whole), isDigits(fraction) {
                    message += " (a decimal comma in \(name)? use a point: \(whole).\(fraction))"
                    break
                }
            }
        }
        return message
    }

    /// Why a field was refused: the message, which the caller places at its line.
    private struct Refusal: Error { var message: String }

    /// `price` or `intro_price`: a plain decimal in the currency's unit with at most its decimals.
    private static func money(_ text: String, column: String, currency: Currency) throws(Refusal) -> Money {
        guard let value = plainDecimal(text) else {
            throw Refusal(message: notPlain(text, column: column, example: currency.minorDigits == 0 ? "120" : "0.99"))
        }
        guard value.fractionDigits <= currency.minorDigits, let minorUnits = value.scaled(toFractionDigits: currency.minorDigits) else {
            let reason = value.fractionDigits > currency.minorDigits ? "\(currency.minorDigits) decimals at most" : "too large"
            throw Refusal(message: "bad \(column) \"\(text)\" for \(currency.code) (\(reason))")
        }
        return Money(minorUnits: minorUnits, currency: currency)
    }

    /// `digits` or `digits.digits` (ASCII, no sign, no exponent, at most 18 digits), else nil.
    static func plainDecimal(_ text: String) -> DecimalText? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.allSatisfy({ isDigits($0) }) else { return nil }
        return DecimalText(text)
    }

    /// The message for a field that is not a plain decimal: a decimal comma gets its own hint.
    private static func notPlain(_ text: String, column: String, example: String) -> String {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        if parts.count == 2, isDigits(parts[0]), isDigits(parts[1]) {
            return "bad \(column) \"\(text)\" (decimal comma? use a point: \(parts[0]).\(parts[1]))"
        }
        if text.utf8.count > 18, text.utf8.allSatisfy({ $0 == UInt8(ascii: ".") || (0x30...0x39).contains($0) }) {
            return "bad \(column) \"\(text)\" (18 digits at most)"
        }
        return "bad \(column) \"\(text)\" (a plain decimal number with a point, such as \(example))"
    }

    private static func isDigits<S: StringProtocol>(_ text: S) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// Two rows of one product at one `effective_from` instant (or both without one) that differ
    /// in type, currency, price, intro price or proceeds rate: which one "wins" would decide the
    /// money, so the later is refused, naming the earlier's line and what differs.
    private static func refuseConflicts(_ entries: [Entry], lines: [Int], path: String) throws(CatalogError) {
        struct Key: Hashable {
            var productID: String
            var effectiveFrom: Int64?
        }
        var first: [Key: Int] = [:]
        for (index, entry) in entries.enumerated() {
            let key = Key(productID: entry.productID, effectiveFrom: entry.effectiveFrom?.rawValue)
            guard let earlier = first[key] else {
                first[key] = index
                continue
            }
            let differences = differences(entry, entries[earlier])
            guard !differences.isEmpty else { continue }
            let instant = entry.effectiveFrom.map { "from \($0.iso8601)" } ?? "(no effective_from)"
            throw CatalogError(path: path, line: lines[index], message:
                "\"\(entry.productID)\" \(instant) is already on line \(lines[earlier]) with other values ("
                + differences.joined(separator: "; ") + "): two rows for one product and instant must agree")
        }
    }

    /// What differs between two rows, as `name here, there` texts.
    private static func differences(_ row: Entry, _ other: Entry) -> [String] {
        func rate(_ value: DecimalText) -> String { MoneyFormat.plain(value.digits, minorDigits: value.fractionDigits) }
        var found: [String] = []
        func compare(_ name: String, _ here: String, _ there: String) {
            if here != there { found.append("\(name) \(here) here, \(there) there") }
        }
        compare("product_type", row.productType.rawValue, other.productType.rawValue)
        compare("currency", row.currency.code, other.currency.code)
        compare("price", row.price.formatted, other.price.formatted)
        compare("intro_price", row.introPrice?.formatted ?? "none", other.introPrice?.formatted ?? "none")
        if row.proceedsRate.scaled(toFractionDigits: 9) != other.proceedsRate.scaled(toFractionDigits: 9) {
            found.append("proceeds_rate \(rate(row.proceedsRate)) here, \(rate(other.proceedsRate)) there")
        }
        return found
    }
}

/// `effective_from` values: a date (00:00 UTC), a timestamp without a zone (UTC), or any
/// timestamp form of SPEC §2.
enum CatalogDate {
    static func parse(_ text: String) -> UnixMillis? {
        StoredInstant.instant(TimestampText.parseAssumingUTC(text))
    }
}
