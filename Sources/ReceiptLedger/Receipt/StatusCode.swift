/// verifyReceipt status codes and what they mean (Apple, "verifyReceipt status codes";
/// wording from DOMAIN.md).
enum StatusCode {
    static let valid: Int64 = 0
    static let subscriptionExpired: Int64 = 21006
    static let sandboxReceiptSentToProduction: Int64 = 21007
    static let productionReceiptSentToSandbox: Int64 = 21008

    static func meaning(_ code: Int64) -> String {
        switch code {
        case 0: return "valid"
        case 21000: return "the JSON could not be read"
        case 21002: return "malformed receipt data"
        case 21003: return "receipt not authenticated"
        case 21004: return "shared secret mismatch"
        case 21005: return "receipt server unavailable"
        case 21006: return "valid but the subscription has expired"
        case 21007: return "a sandbox receipt sent to production"
        case 21008: return "a production receipt sent to sandbox"
        case 21009: return "internal data access error"
        case 21010: return "account not found or deleted"
        case 21100...21199: return "internal error"
        default: return "Unknown status"
        }
    }

    /// Apple's answers that ask to try again (21005 "server unavailable", 21100–21199 "internal
    /// error"): the receipts behind them may still hold revenue.
    static func isRetryable(_ code: Int64) -> Bool { code == 21005 || (21100...21199).contains(code) }
}
