/// Writing exact integers as plain decimals: `.` as the point, no grouping, no `-0.00`.
enum MoneyFormat {
    /// `1234, 2` → `12.34`; `-99, 2` → `-0.99`; `120, 0` → `120`; `0, 2` → `0.00`.
    static func plain(_ value: Int64, minorDigits: Int) -> String {
        var text: [UInt8] = []
        appendPlain(value, minorDigits: minorDigits, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends `plain(value, minorDigits:)` as UTF-8, for writers that build files as bytes.
    static func appendPlain(_ value: Int64, minorDigits: Int, to output: inout [UInt8]) {
        // The digits of |value|, least significant first, padded with zeros to one more digit
        // than the fraction has (so `0.99`, not `.99`).
        var magnitude = value.magnitude
        let fraction = max(0, minorDigits)
        // |Int64| has at most 19 digits.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20 + fraction) { reversed in
            var count = 0
            repeat {
                reversed[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            while count <= fraction {
                reversed[count] = UInt8(ascii: "0")
                count += 1
            }
            if value < 0 { output.append(UInt8(ascii: "-")) }
            for position in stride(from: count - 1, through: 0, by: -1) {
                if fraction > 0 && position == fraction - 1 { output.append(UInt8(ascii: ".")) }
                output.append(reversed[position])
            }
        }
    }
}
