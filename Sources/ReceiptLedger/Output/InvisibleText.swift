/// The characters that show no glyph of their own, so that a text holding one looks like a
/// different text: `u1000\u{200B}001` reads as `u1000001`, a right-to-left override turns the
/// rest of a line around. The HTML pages show each as a marker (`HTMLEscape`); the CSV formula
/// guard looks past them (`CSVCell.needsGuard`).
enum InvisibleText {
    /// Whether a scalar above ASCII prints no glyph of its own: a C1 control, a space other than
    /// U+0020 (NBSP, the U+2000 spaces, U+3000), a line or paragraph separator, a format character
    /// (zero-width, bidi embedding, override and isolate, BOM, soft hyphen), a default-ignorable
    /// code point (U+034F, variation selectors, Hangul fillers, tags) or a noncharacter.
    ///
    /// The listed ranges hold whatever Unicode version the toolchain's tables are, so the
    /// output for the common cases never changes with the toolchain.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x80, 0xA1..<0xAD, 0xAE..<0x034F:
            return false
        case 0x80...0xA0, 0xAD, 0x034F, 0x061C, 0x115F, 0x1160, 0x1680, 0x17B4, 0x17B5, 0x180B...0x180F,
             0x2000...0x200F, 0x2028...0x202F, 0x205F...0x206F, 0x3000, 0x3164, 0xFE00...0xFE0F, 0xFEFF, 0xFFA0,
             0xFFF9...0xFFFB, 0xE0000...0xE0FFF:
            return true
        default:
            let properties = scalar.properties
            switch properties.generalCategory {
            case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
            default: return properties.isDefaultIgnorableCodePoint || properties.isNoncharacterCodePoint
            }
        }
    }

    /// The visible stand-in for an invisible scalar: `⟨U+200B⟩` (at least four hex digits).
    static func marker(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "\u{27E8}U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "\u{27E9}"
    }
}
