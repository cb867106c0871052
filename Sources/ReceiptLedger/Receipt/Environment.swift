/// Apple's two verifyReceipt environments. Sandbox money is never revenue.
enum Environment: String, Hashable, Comparable, Sendable {
    case production = "Production"
    case sandbox = "Sandbox"

    static func < (lhs: Environment, rhs: Environment) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `Production` / `Sandbox` compared trimmed and case-insensitively (SPEC §8).
    init?(loosely text: String) {
        // Apple's own spelling, in nearly every answer, without building the loose text.
        if text.hasSameUTF8(as: Environment.production.rawValue) {
            self = .production
            return
        }
        if text.hasSameUTF8(as: Environment.sandbox.rawValue) {
            self = .sandbox
            return
        }
        switch LooseText.trimmedLowercased(text) {
        case "production": self = .production
        case "sandbox": self = .sandbox
        default: return nil
        }
    }
}
