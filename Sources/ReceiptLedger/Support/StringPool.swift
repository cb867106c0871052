/// One shared copy of each distinct text (compared byte for byte, see `ExactString`).
///
/// Long-lived texts that repeat (product ids: a few dozen for a million transactions or
/// orders) cost a dictionary entry each instead of a heap block per use.
struct StringPool {
    private var pooled = ExactStringIndex()

    /// The pool's copy of `text`, added when new.
    mutating func intern(_ text: String) -> String {
        let number = pooled.insert(ExactString(text)).number
        return pooled.strings[number]
    }

    /// The number of `text` in the pool (0, 1, … in order of first sight), added when new: a
    /// holder of many keeps 4 bytes where a `String` takes 16.
    mutating func number(of text: String) -> Int {
        pooled.insert(ExactString(text)).number
    }

    /// The pool's copy of the text numbered `number`.
    func text(_ number: Int) -> String { pooled.strings[number] }

    mutating func intern(_ text: String?) -> String? {
        text.map { intern($0) }
    }

    /// The pool's copy of the text whose UTF-8 is `bytes`, found without making a `String`
    /// when the pool holds it (a reader meets the same few product ids in every transaction).
    mutating func intern(utf8 bytes: UnsafeBufferPointer<UInt8>) -> String {
        if let number = pooled.number(ofUTF8: bytes) { return pooled.strings[number] }
        return intern(String(decoding: bytes, as: UTF8.self))
    }
}
