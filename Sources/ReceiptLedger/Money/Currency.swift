/// A currency code with its number of minor digits (ISO 4217).
struct Currency: Hashable, Comparable, Sendable {
    /// The code as written in the catalog, upper-cased (`USD`, `JPY`).
    let code: String
    /// Digits after the decimal point: 0 for JPY, 3 for BHD, 2 for most.
    let minorDigits: Int

    init(code: String) {
        let upper = code.uppercased()
        self.code = upper
        self.minorDigits = Currency.minorDigits(for: upper)
    }

    static func < (lhs: Currency, rhs: Currency) -> Bool { lhs.code.unicodeScalars.lexicographicallyPrecedes(rhs.code.unicodeScalars) }

    /// ISO 4217 exponents that differ from 2. Source: the ISO 4217 list of currency codes
    /// (minor unit column).
    private static let zeroDigit: Set<String> = [
        "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI",
        "VND", "VUV", "XAF", "XOF", "XPF",
    ]
    private static let threeDigit: Set<String> = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]
    private static let fourDigit: Set<String> = ["CLF", "UYW"]

    static func minorDigits(for code: String) -> Int {
        if zeroDigit.contains(code) { return 0 }
        if threeDigit.contains(code) { return 3 }
        if fourDigit.contains(code) { return 4 }
        return 2
    }
}
