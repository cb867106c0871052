import Foundation

/// A catalog that cannot be read: a usage error naming the file and line.
struct CatalogError: Error, CustomStringConvertible {
    var path: String
    var line: Int
    var message: String
    var description: String { line > 0 ? "\(path):\(line): \(message)" : "\(path): \(message)" }
}

/// Reads the catalog CSV (`product_id, product_type, currency, price, effective_from,
/// proceeds_rate, intro_price`; columns found by header name, extra columns ignored).
enum CatalogReader {
    static let requiredColumns = ["product_id", "product_type", "currency", "price"]
    static let defaultProceedsRate = DecimalText(digits: 70, fractionDigits: 2)

    static func read(path: String) throws(CatalogError) -> Catalog {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CatalogError(path: path, line: 0, message: "cannot read the catalog file")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw CatalogError(path: path, line: 0, message: "the catalog is not UTF-8 text")
        }
        return try parse(text, path: path)
    }

    static func parse(_ text: String, path: String) throws(CatalogError) -> Catalog {
        let rows: [CSVReader.Row]
        do { rows = try CSVReader.rows(of: text) } catch { throw CatalogError(path: path, line: error.line, message: error.message) }
        guard let header = rows.first else { throw CatalogError(path: path, line: 1, message: "the catalog is empty") }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        for required in requiredColumns where !names.contains(required) {
            throw CatalogError(path: path, line: header.line, message: "missing column \(required)")
        }
        func column(_ name: String) -> Int? { names.firstIndex(of: name) }
        var entries: [Entry] = []
        for (order, row) in rows.dropFirst().enumerated() {
            func field(_ name: String) -> String {
                guard let index = column(name), index < row.fields.count else { return "" }
                return row.fields[index].trimmingCharacters(in: .whitespaces)
            }
            func fail(_ message: String) -> CatalogError { CatalogError(path: path, line: row.line, message: message) }
            let productID = field("product_id")
            guard !productID.isEmpty else { throw fail("empty product_id") }
            guard let type = ProductType(rawValue: field("product_type").lowercased()) else {
                throw fail("unknown product_type \"\(field("product_type"))\" (consumable, non_consumable, auto_renewable, non_renewing)")
            }
            let code = field("currency")
            guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else { throw fail("bad currency \"\(code)\"") }
            let currency = Currency(code: code)
            guard let price = Money(parsing: field("price"), currency: currency), price.minorUnits >= 0 else {
                throw fail("bad price \"\(field("price"))\" for \(currency.code) (\(currency.minorDigits) decimals at most)")
            }
            var introPrice: Money?
            if !field("intro_price").isEmpty {
                guard let intro = Money(parsing: field("intro_price"), currency: currency), intro.minorUnits >= 0 else {
                    throw fail("bad intro_price \"\(field("intro_price"))\" for \(currency.code)")
                }
                introPrice = intro
            }
            var rate = defaultProceedsRate
            if !field("proceeds_rate").isEmpty {
                guard let parsed = DecimalText(field("proceeds_rate")), parsed.digits >= 0,
                      parsed.fractionDigits <= 9, (parsed.scaled(toFractionDigits: 9) ?? Int64.max) <= 1_000_000_000
                else { throw fail("bad proceeds_rate \"\(field("proceeds_rate"))\" (a fraction from 0 to 1)") }
                rate = parsed
            }
            var effectiveFrom: UnixMillis?
            if !field("effective_from").isEmpty {
                guard let instant = CatalogDate.parse(field("effective_from")) else {
                    throw fail("bad effective_from \"\(field("effective_from"))\"")
                }
                effectiveFrom = instant
            }
            entries.append(Entry(productID: productID, productType: type, currency: currency, price: price,
                                 effectiveFrom: effectiveFrom, proceedsRate: rate, introPrice: introPrice, order: order))
        }
        return Catalog(entries: entries)
    }

    typealias Entry = Catalog.Entry
}

/// `effective_from` values: a date (00:00 UTC), a timestamp without a zone (UTC), or any
/// timestamp form of SPEC §2.
enum CatalogDate {
    static func parse(_ text: String) -> UnixMillis? {
        switch TimestampText.parseAssumingUTC(text) {
        case .instant(let instant): return instant
        case .ambiguous(let earlier, _): return earlier
        case .skipped, .unreadable: return nil
        }
    }
}
