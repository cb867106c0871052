/// Writing exact integers as plain decimals: `.` as the point, no grouping, no `-0.00`.
package enum MoneyFormat {
    /// `1234, 2` → `12.34`; `-99, 2` → `-0.99`; `120, 0` → `120`; `0, 2` → `0.00`.
    package static func plain(_ value: Int64, minorDigits: Int) -> String {
        var text: [UInt8] = []
        appendPlain(value, minorDigits: minorDigits, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends `plain(value, minorDigits:)` as UTF-8, for writers that build files as bytes.
    static func appendPlain(_ value: Int64, minorDigits: Int, to output: inout [UInt8]) {
        DecimalDigits.with(value.magnitude) { significant in
            if value < 0 { output.append(UInt8(ascii: "-")) }
            let fraction = max(0, minorDigits)
            guard fraction > 0 else { return output.append(contentsOf: significant) }
            if significant.count <= fraction {
                // 0.0…0ddd: one zero before the point, zeros up to the fraction's length.
                output.append(UInt8(ascii: "0"))
                output.append(UInt8(ascii: "."))
                output.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: fraction - significant.count))
                output.append(contentsOf: significant)
            } else {
                let point = significant.count - fraction
                output.append(contentsOf: significant[..<point])
                output.append(UInt8(ascii: "."))
                output.append(contentsOf: significant[point...])
            }
        }
    }
}
