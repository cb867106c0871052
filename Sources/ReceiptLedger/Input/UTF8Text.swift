extension String {
    /// The text of UTF-8 bytes, nil when they are not valid UTF-8.
    ///
    /// `String(validating:as:)` is slow on small strings (it looks up generic metadata on
    /// every call); record keys are nearly always ASCII, which is valid UTF-8 as it is.
    init?(validatingUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        var high: UInt8 = 0
        for byte in bytes { high |= byte }
        if high < 0x80 {
            self.init(decoding: bytes, as: UTF8.self)
        } else {
            guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
            self = text
        }
    }
}
