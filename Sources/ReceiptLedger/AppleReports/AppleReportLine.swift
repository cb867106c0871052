/// One tab-separated line of a report: its cells as byte ranges, decoded only when read.
/// SPEC §10: every cell is trimmed, so a single space is empty.
struct AppleReportLine {
    let bytes: [UInt8]
    /// The cells' byte ranges, already trimmed of spaces.
    let cells: [Range<Int>]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var cells: [Range<Int>] = []
        var start = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == 0x09 {
            var lower = start
            var upper = index
            while lower < upper, Self.isSpace(bytes[lower]) { lower += 1 }
            while upper > lower, Self.isSpace(bytes[upper - 1]) { upper -= 1 }
            cells.append(lower..<upper)
            start = index + 1
        }
        self.cells = cells
    }

    /// Space, CR, vertical tab, form feed (tab separates cells).
    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0D || byte == 0x0B || byte == 0x0C }

    var hasTab: Bool { cells.count > 1 }

    /// True when every cell is empty: a blank line, not a row.
    var isBlank: Bool { cells.allSatisfy(\.isEmpty) }

    /// Cell `index` as text (invalid UTF-8 replaced); empty past the last cell.
    func text(_ index: Int?) -> String {
        guard let index, index < cells.count else { return "" }
        return String(decoding: bytes[cells[index]], as: UTF8.self)
    }

    /// True when cell `index` starts with `prefix`, compared case-insensitively (ASCII).
    func cell(_ index: Int, startsWith prefix: String) -> Bool {
        guard index < cells.count else { return false }
        let cell = bytes[cells[index]]
        let wanted = Array(prefix.utf8)
        guard cell.count >= wanted.count else { return false }
        return zip(cell, wanted).allSatisfy { Self.lower($0) == Self.lower($1) }
    }

    private static func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
}
