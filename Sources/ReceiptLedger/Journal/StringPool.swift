/// One shared copy of each distinct text (compared byte for byte, see `ExactString`).
///
/// Every transaction keeps its product id and original transaction id for the whole run, and
/// a million transactions name a few dozen products and a fraction as many subscriptions: kept
/// once each, those strings cost a dictionary entry instead of a heap block per transaction.
struct StringPool {
    private var pooled: [ExactString: String] = [:]

    /// The pool's copy of `text`, added when new.
    mutating func intern(_ text: String) -> String {
        let key = ExactString(text)
        if let shared = pooled[key] { return shared }
        pooled[key] = text
        return text
    }

    mutating func intern(_ text: String?) -> String? {
        text.map { intern($0) }
    }
}
