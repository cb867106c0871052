/// How values are written inside a SpreadsheetML worksheet (ECMA-376 Part 1, §18.3 and §22.4),
/// as bytes: text escaped for XML and Excel, exact decimals, instants as serial date-times.
enum SheetValue {
    /// The most characters (UTF-16 code units) a cell holds in Excel ("Excel specifications
    /// and limits"); a longer text is cut to `maximumTextLength - 1` and ends with `…`.
    static let maximumTextLength = 32_767

    /// The most significant digits a number cell keeps exactly: Excel and LibreOffice hold
    /// IEEE doubles and show 15 significant digits, so a 16-digit value would change.
    static let maximumSignificantDigits = 15

    // MARK: - Text

    /// Appends `text` (UTF-8) as the content of a `<t>` element, so that Excel and LibreOffice
    /// read back exactly `text` (cut at `maximumTextLength`).
    ///
    /// `&`, `<`, `>` become entities. A character XML 1.0 cannot hold (C0 controls but tab
    /// and LF; U+FFFE, U+FFFF), and CR (which an XML parser turns into LF), is written
    /// `_xHHHH_` (ECMA-376 §22.4.2.4, ST_Xstring); an `_` that starts `_x` and four hex digits
    /// in the text is written `_x005F_` so that it is not read as such an escape. Invalid
    /// UTF-8 becomes U+FFFD.
    static func appendText(_ text: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        let end = text.count > maximumTextLength ? cutIndex(text) : text.count
        var index = 0
        while index < end {
            let byte = text[index]
            if byte < 0x80 {
                switch byte {
                case UInt8(ascii: "&"): output.append(contentsOf: amp)
                case UInt8(ascii: "<"): output.append(contentsOf: lt)
                case UInt8(ascii: ">"): output.append(contentsOf: gt)
                case 0x09, 0x0A: output.append(byte)
                case 0..<0x20: appendEscape(UInt32(byte), to: &output)
                case UInt8(ascii: "_") where startsEscape(text, at: index, end: end): appendEscape(0x5F, to: &output)
                default: output.append(byte)
                }
                index += 1
                continue
            }
            let (scalar, length, valid) = decode(text, at: index, end: end)
            if !valid {
                output.append(contentsOf: replacement)
            } else if scalar == 0xFFFE || scalar == 0xFFFF {
                appendEscape(scalar, to: &output)
            } else {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: text[index..<(index + length)]))
            }
            index += length
        }
        if end < text.count { output.append(contentsOf: ellipsis) }
    }

    /// Whether a text needs `xml:space="preserve"`: it starts or ends with white space, which
    /// an XML reader may otherwise drop.
    static func needsPreservedSpace(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = text.first, let last = text.last else { return false }
        return isSpace(first) || isSpace(last)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The byte index where a text longer than `maximumTextLength` code units is cut (room
    /// left for `…`), never inside a character; `text.count` when it fits.
    private static func cutIndex(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        var units = 0, index = 0, lastFit = 0
        while index < text.count {
            let (scalar, length, _) = text[index] < 0x80 ? (UInt32(text[index]), 1, true) : decode(text, at: index, end: text.count)
            units += scalar > 0xFFFF ? 2 : 1
            if units <= maximumTextLength - 1 { lastFit = index + length }
            index += length
        }
        return units <= maximumTextLength ? text.count : lastFit
    }

    /// The scalar at `index`, its byte length, and whether it is valid UTF-8 (else U+FFFD,
    /// for the maximal invalid subpart, as the standard library decodes).
    private static func decode(_ text: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> (scalar: UInt32, length: Int, valid: Bool) {
        var iterator = UnsafeBufferPointer(rebasing: text[index..<end]).makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        switch parser.parseScalar(from: &iterator) {
        case .valid(let encoded): return (Unicode.UTF8.decode(encoded).value, encoded.count, true)
        case .error(let length): return (0xFFFD, max(length, 1), false)
        case .emptyInput: return (0xFFFD, 1, false)
        }
    }

    /// Whether `_x` and four hex digits start at `index` (the `_` that must itself be escaped).
    private static func startsEscape(_ text: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Bool {
        guard index + 5 < end, text[index + 1] == UInt8(ascii: "x") else { return false }
        return (2...5).allSatisfy { isHexDigit(text[index + $0]) }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    /// `_xHHHH_`, upper-case hex.
    private static func appendEscape(_ value: UInt32, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "_"))
        output.append(UInt8(ascii: "x"))
        for shift in stride(from: 12, through: 0, by: -4) { output.append(hexDigits[Int(value >> UInt32(shift) & 0xF)]) }
        output.append(UInt8(ascii: "_"))
    }

    private static let amp = Array("&amp;".utf8), lt = Array("&lt;".utf8), gt = Array("&gt;".utf8)
    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
    private static let ellipsis: [UInt8] = [0xE2, 0x80, 0xA6]
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    // MARK: - Numbers

    /// The number of fraction digits of a plain decimal (`-?digits(.digits)?` without leading
    /// zeros or `-0`, the form `MoneyFormat.plain` writes) that a number cell keeps exactly (at
    /// most `maximumSignificantDigits` from its first to its last non-zero digit); nil otherwise.
    static func exactDecimal(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = text.first == UInt8(ascii: "-") ? 1 : 0
        var integerDigits = 0, fractionDigits = -1
        var firstSignificant = -1, lastSignificant = -1, position = 0
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: ".") {
                guard fractionDigits < 0, integerDigits > 0 else { return nil }
                fractionDigits = 0
            } else if (0x30...0x39).contains(byte) {
                if fractionDigits >= 0 { fractionDigits += 1 } else { integerDigits += 1 }
                if byte != 0x30 {
                    if firstSignificant < 0 { firstSignificant = position }
                    lastSignificant = position
                }
                position += 1
            } else {
                return nil
            }
            index += 1
        }
        guard integerDigits > 0, fractionDigits != 0 else { return nil }
        let sign = text.first == UInt8(ascii: "-") ? 1 : 0
        guard integerDigits == 1 || text[sign] != 0x30, sign == 0 || firstSignificant >= 0 else { return nil }
        guard firstSignificant < 0 || lastSignificant - firstSignificant < maximumSignificantDigits else { return nil }
        return max(fractionDigits, 0)
    }

    // MARK: - Instants

    /// Days from 1899-12-30, day 0 of the serial dates Excel and LibreOffice share, to 1970-01-01.
    static let unixEpochSerialDay: Int64 = 25_569

    /// The first instant written as a date, 1900-03-01T00:00:00.000Z: before it Excel's serial
    /// dates count the 29 February 1900 that never was (serial 60) and would show the day before.
    static let firstDateMillis: Int64 = (CivilDate(year: 1900, month: 3, day: 1).daysSinceEpoch) * UnixMillis.millisPerDay

    /// Fraction digits of a serial date-time: enough that the rounded fraction of a day lies
    /// within a small part of a millisecond of the instant, below a double's step there.
    static let serialFractionDigits = 10
    /// 10 to the power `serialFractionDigits`, computed once rather than per cell.
    private static let serialFractionScale: Int64 = (0..<serialFractionDigits).reduce(1) { scale, _ in scale * 10 }

    /// Appends the serial date-time of an instant in UTC (days since 1899-12-30 and the
    /// fraction of the day), computed exactly from the integer milliseconds and rounded at
    /// `serialFractionDigits`, trailing zeros dropped: `2024-07-01T04:37:00.000Z` →
    /// `45474.1923611111`. False, and nothing written, before `firstDateMillis`.
    static func appendSerialDateTime(_ instant: UnixMillis, to output: inout [UInt8]) -> Bool {
        guard instant.rawValue >= firstDateMillis else { return false }
        let (day, millisOfDay) = instant.dayAndMillisOfDay
        MoneyFormat.appendPlain(day + unixEpochSerialDay, minorDigits: 0, to: &output)
        let scale = serialFractionScale
        // Rounded half up; a time of day is under a day's ms, so the product cannot overflow
        // and the fraction stays below `scale`.
        var fraction = (2 * millisOfDay * scale + UnixMillis.millisPerDay) / (2 * UnixMillis.millisPerDay)
        guard fraction > 0 else { return true }
        var digits = serialFractionDigits
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        output.append(UInt8(ascii: "."))
        var text: [UInt8] = []
        MoneyFormat.appendPlain(fraction, minorDigits: 0, to: &text)
        output.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits - text.count))
        output.append(contentsOf: text)
        return true
    }

    /// The instant of a text written by `UnixMillis.iso8601` (`2019-11-28T05:38:19.000Z`),
    /// or nil for any other text (checked by writing the instant back).
    static func instant(iso8601 text: UnsafeBufferPointer<UInt8>) -> UnixMillis? {
        guard text.count == 24 else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for index in range {
                let digit = text[index] &- 0x30
                guard digit < 10 else { return nil }
                value = value * 10 + Int64(digit)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
              let minute = number(14..<16), let second = number(17..<19), let millis = number(20..<23),
              (1...12).contains(month), (1...CivilDate.daysInMonth(year: year, month: month)).contains(day)
        else { return nil }
        let days = CivilDate(year: year, month: month, day: day).daysSinceEpoch
        let instant = UnixMillis(((days * 24 + hour) * 60 + minute) * 60_000 + second * 1_000 + millis)
        var written: [UInt8] = []
        written.reserveCapacity(24)
        instant.appendISO8601(to: &written)
        return written.elementsEqual(text) ? instant : nil
    }

    // MARK: - References

    /// Appends a column's letters (`A` … `Z`, `AA` …; `index` from 0).
    static func appendColumnName(_ index: Int, to output: inout [UInt8]) {
        var letters: [UInt8] = []
        var rest = index + 1
        while rest > 0 {
            rest -= 1
            letters.append(UInt8(ascii: "A") + UInt8(rest % 26))
            rest /= 26
        }
        output.append(contentsOf: letters.reversed())
    }

    /// A column's letters (`index` from 0).
    static func columnName(_ index: Int) -> String {
        var bytes: [UInt8] = []
        appendColumnName(index, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
