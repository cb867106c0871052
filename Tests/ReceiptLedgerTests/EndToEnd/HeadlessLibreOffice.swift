import Foundation

/// LibreOffice Calc run headless (`soffice`, Debian's `libreoffice-calc-nogui`), for the tests
/// that open the CSV files as a spreadsheet user would.
///
/// Every run gets its own user profile (`-env:UserInstallation`) in the test's scratch folder, so
/// it needs no writable home and never meets a running instance.
struct HeadlessLibreOffice: Sendable {
    let executable: String

    /// `$SOFFICE`, else the first `soffice` or `libreoffice` on `PATH`.
    static let installed: HeadlessLibreOffice? = {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["SOFFICE"], FileManager.default.isExecutableFile(atPath: path) {
            return HeadlessLibreOffice(executable: path)
        }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for name in ["soffice", "libreoffice"] {
            for folder in folders where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return HeadlessLibreOffice(executable: "\(folder)/\(name)")
            }
        }
        return nil
    }()

    /// Whether the spreadsheet tests run at all: with LibreOffice, or under CI (where they fail
    /// without it, like the browser tests).
    static var shouldRun: Bool { installed != nil || HeadlessChromium.isRequired }

    static let missingMessage = "soffice is not installed: the spreadsheet tests need LibreOffice Calc "
        + "(apt-get install libreoffice-calc-nogui; .ci/run does this)"

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// One cell of the imported sheet.
    struct Cell: Equatable {
        /// The formula LibreOffice found (`of:=1+1`), or nil for a plain value.
        var formula: String?
        /// `string`, `float`, … (`office:value-type`), or nil for an empty cell.
        var valueType: String?
        /// The text shown, paragraphs joined by `\n`.
        var text: String
        /// `office:value`, `office:date-value` or `office:boolean-value` (read by `tables`).
        var value: String? = nil
    }

    /// Imports `csv` with the CSV filter options `filterOptions` (comma separated, `"` quoted,
    /// UTF-8, …) and returns the first sheet's rows as LibreOffice read them.
    func importCSV(_ csv: String, filterOptions: String, scratch: String) throws -> [[Cell]] {
        let data = try convertToFlatODS(csv, arguments: ["--infilter=CSV:\(filterOptions)"], scratch: scratch)
        return Self.rows(ofFlatODS: String(decoding: data, as: UTF8.self))
    }

    /// Opens `path` (any document LibreOffice reads, `.xlsx` included) and returns it as a flat
    /// ODS document (`.fods`), as LibreOffice saved it.
    func convertToFlatODS(_ path: String, arguments: [String] = [], scratch: String) throws -> Data {
        let id = UUID().uuidString
        let profile = scratch + "/soffice-profile-\(id)", outDir = scratch + "/soffice-out-\(id)"
        defer {
            HeadlessChromium.removeTree(profile)
            HeadlessChromium.removeTree(outDir)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-env:UserInstallation=\(URL(fileURLWithPath: profile).absoluteString)", "--headless", "--norestore",
                             "--nologo", "--convert-to", "fods"] + arguments + ["--outdir", outDir, path]
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = scratch
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        if finished.wait(timeout: .now() + 120) == .timedOut {
            process.terminate()
            _ = finished.wait(timeout: .now() + 5)
            throw Failure(description: "soffice did not finish converting \(path) within 120 s")
        }
        let stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        guard process.terminationStatus == 0, let data = FileManager.default.contents(atPath: outDir + "/\(stem).fods") else {
            throw Failure(description: "soffice exited with \(process.terminationStatus) and wrote no \(stem).fods")
        }
        return data
    }

    /// The rows of the first table of a flat ODS document (`.fods`), as LibreOffice writes it:
    /// repeated cells expanded, text with its `<text:s>`, `<text:tab/>` and paragraphs.
    static func rows(ofFlatODS xml: String) -> [[Cell]] {
        guard let tableStart = xml.range(of: "<table:table "), let tableEnd = xml.range(of: "</table:table>") else { return [] }
        let table = String(xml[tableStart.upperBound..<tableEnd.lowerBound])
        let rowPattern = /<table:table-row[^>]*>(.*?)<\/table:table-row>/.dotMatchesNewlines()
        let cellPattern = /<table:(?:covered-)?table-cell([^>]*?)(?:\/>|>(.*?)<\/table:(?:covered-)?table-cell>)/.dotMatchesNewlines()
        var rows: [[Cell]] = []
        for row in table.matches(of: rowPattern) {
            var cells: [Cell] = []
            for match in String(row.1).matches(of: cellPattern) {
                let attributes = String(match.1)
                let cell = Cell(formula: attribute("table:formula", in: attributes), valueType: attribute("office:value-type", in: attributes),
                                text: match.2.map { text(ofCellContent: String($0)) } ?? "")
                let repeated = attribute("table:number-columns-repeated", in: attributes).flatMap { Int($0) } ?? 1
                cells += Array(repeating: cell, count: min(repeated, 64))
            }
            while cells.last == Cell(formula: nil, valueType: nil, text: "") { cells.removeLast() }
            rows.append(cells)
        }
        while rows.last?.isEmpty == true { rows.removeLast() }
        return rows
    }

    private static func attribute(_ name: String, in attributes: String) -> String? {
        guard let start = attributes.range(of: " \(name)=\"") else { return nil }
        guard let end = attributes[start.upperBound...].firstIndex(of: "\"") else { return nil }
        return unescape(String(attributes[start.upperBound..<end]))
    }

    private static func text(ofCellContent content: String) -> String {
        var paragraphs: [String] = []
        for match in content.matches(of: /<text:p\/>|<text:p[^>]*>(.*?)<\/text:p>/.dotMatchesNewlines()) {
            var text = String(match.1 ?? "")
            text.replace(/<text:s text:c="(\d+)"\/>/) { String(repeating: " ", count: Int($0.1) ?? 1) }
            text.replace("<text:s/>", with: " ")
            text.replace("<text:tab/>", with: "\t")
            text.replace("<text:line-break/>", with: "\n")
            text.replace(/<[^>]*>/, with: "")
            paragraphs.append(unescape(text))
        }
        return paragraphs.joined(separator: "\n")
    }

    private static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
