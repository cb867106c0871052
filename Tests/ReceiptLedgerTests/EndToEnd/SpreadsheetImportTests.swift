import Foundation
import Testing
@testable import ReceiptLedger

/// Issue 21 item 5: the CSV files opened as a spreadsheet user opens them. LibreOffice Calc
/// imports a file written by the report's own writer, holding every formula-guard case, and
/// must find no formula in it: each guarded cell comes back as text, `'` first, its formula
/// text intact. One row the test writes unguarded proves the import does evaluate formulas.
///
/// Without `soffice` the suite is skipped, except under CI (`CI` set), where it fails.
@Suite(.serialized, .enabled(if: HeadlessLibreOffice.shouldRun, "needs soffice (apt-get install libreoffice-calc-nogui)"))
struct SpreadsheetImportTests {
    /// LibreOffice's CSV import options: `,` separated, `"` quoted, UTF-8, from line 1, standard
    /// columns, default language, quoted fields not forced to text, special numbers detected;
    /// the second also trims spaces around fields, as the import dialog offers.
    static let importOptions = ["44,34,76,1,,0,false,true,false,false", "44,34,76,1,,0,false,true,false,false,true"]

    /// The only cell written without the guard: LibreOffice must evaluate it.
    static let controlRow = "control"

    /// Every text the guard tests cover, the dangerous ones and the harmless ones.
    static var texts: [String] {
        CSVWriterTests.hiddenFormulaCases.map(\.0) + CSVWriterTests.guardCases.compactMap {
            if case .text(let value) = $0.0 { value } else { nil }
        }
    }

    @Test func libreOfficeFindsNoFormulaInGuardedCells() throws {
        guard let office = HeadlessLibreOffice.installed else {
            Issue.record(Comment(rawValue: HeadlessLibreOffice.missingMessage))
            return
        }
        let scratch = try HostileSupport.temporaryFolder("spreadsheet")
        defer { HeadlessChromium.removeTree(scratch) }
        var table = CSVTable(header: ["case", "cell"])
        for (index, text) in Self.texts.enumerated() { table.append([.text("case\(index)"), .text(text)]) }
        table.append([.text("amount"), .amount(Money(minorUnits: -99, currency: Currency(code: "USD")))])
        let csv = scratch + "/cases.csv"
        let bytes = table.serialized() + Array("\(Self.controlRow),=1+1\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: csv))

        for options in Self.importOptions {
            let rows = try office.importCSV(csv, filterOptions: options, scratch: scratch)
            let byCase = Dictionary(rows.compactMap { row in row.first.map { ($0.text, row.dropFirst().first) } },
                                    uniquingKeysWith: { first, _ in first })
            #expect(rows.count == Self.texts.count + 3, "\(options): \(rows.count) rows")
            let control = try #require(byCase[Self.controlRow] ?? nil, "\(options)")
            #expect(control.formula == "of:=1+1" && control.text == "2", "\(options): the import evaluates formulas")
            let amount = try #require(byCase["amount"] ?? nil, "\(options)")
            #expect(amount.valueType == "float" && amount.text == "-0.99", "\(options): an amount stays a number")
            for (index, text) in Self.texts.enumerated() {
                let label = "\(options) case\(index) \(text.debugDescription)"
                guard let found = byCase["case\(index)"] else {
                    Issue.record("\(label): row missing")
                    continue
                }
                let cell = found ?? HeadlessLibreOffice.Cell(formula: nil, valueType: nil, text: "")
                #expect(cell.formula == nil, "\(label): read as the formula \(cell.formula ?? "")")
                guard ReportInvariants.isFormulaStart(text) else { continue }
                #expect(cell.valueType == "string" && cell.text.hasPrefix("'"), "\(label): read as \(cell)")
                if let sign = text.unicodeScalars.firstIndex(where: CSVCell.isFormulaSign) {
                    let formula = String(text.unicodeScalars[sign...]).replacingOccurrences(of: "\r", with: "\n")
                    #expect(cell.text.contains(formula), "\(label): read as \(cell.text.debugDescription)")
                }
            }
        }
    }
}
