import Foundation
@testable import ReceiptLedger

/// The Apple report samples in `Tests/Fixtures/apple-reports/` (sources and licences in its
/// SOURCES.md), and hand-made report text.
enum AppleReportFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/apple-reports")

    static let sales = "sales-summary_api-v1_0_pseudonymised.tsv"
    static let financialEU = "financial_2014-09_EU_with-refund.txt"
    static let financialJP = "financial_2014-09_JP.txt"
    static let financialAll = "financial_2014-09_all-territories_single-file.txt"

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    static func text(_ name: String) throws -> String {
        String(decoding: try bytes(name), as: UTF8.self)
    }

    static func read(_ name: String, _ kind: AppleReportKind) throws -> AppleReportSet {
        try AppleReportReader.read(bytes: bytes(name), name: name, kind: kind)
    }

    static func read(text: String, _ kind: AppleReportKind, name: String = "hand-made.txt") throws -> AppleReportSet {
        try AppleReportReader.read(bytes: Array(text.utf8), name: name, kind: kind)
    }

    /// A fixture's rows with their product type replaced (the financial samples are Mac app
    /// sales, type `F1`; as in-app purchases the same rows show the money rules).
    static func retyped(_ name: String, _ types: [String: String]) throws -> [UInt8] {
        let lines = try text(name).split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if cells.count > 15, let type = types[cells[15]] { cells[15] = type }
            return cells.joined(separator: "\t")
        }
        return Array(lines.joined(separator: "\n").utf8)
    }

    /// The columns of a Summary Sales Report, in Apple's order (API version 1_0).
    static let salesHeader = ["Provider", "Provider Country", "SKU", "Developer", "Title", "Version", "Product Type Identifier", "Units",
                              "Developer Proceeds", "Begin Date", "End Date", "Customer Currency", "Country Code", "Currency of Proceeds",
                              "Apple Identifier", "Customer Price", "Promo Code", "Parent Identifier", "Subscription", "Period",
                              "Category", "CMB", "Device", "Supported Platforms", "Proceeds Reason", "Preserved Pricing", "Client",
                              "Order Type"]

    /// A sales row with the given cells by column name; the others empty (a single space).
    static func salesRow(_ cells: [String: String]) -> String {
        salesHeader.map { cells[$0] ?? " " }.joined(separator: "\t")
    }

    static func salesFile(_ rows: [[String: String]]) -> String {
        ([salesHeader.joined(separator: "\t")] + rows.map(salesRow)).joined(separator: "\n") + "\n"
    }

    /// An in-app purchase sales row of `product` on `day` (`MM/DD/YYYY`).
    static func purchase(_ product: String, units: String = "1", proceeds: String = "0.69", price: String = "0.99",
                         currency: String = "USD", begin: String = "03/05/2024", end: String? = nil, type: String = "IA1") -> [String: String] {
        ["Provider": "APPLE", "SKU": product, "Product Type Identifier": type, "Units": units, "Developer Proceeds": proceeds,
         "Begin Date": begin, "End Date": end ?? begin, "Customer Currency": currency, "Country Code": "US",
         "Currency of Proceeds": currency, "Customer Price": price]
    }
}
