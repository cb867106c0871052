extension UnsafeBufferPointer<UInt8> {
    /// Whether every byte is ASCII (below 0x80): such bytes are valid UTF-8 as they are, and
    /// their text needs no Unicode-aware handling.
    var isASCII: Bool {
        var high: UInt8 = 0
        for byte in self { high |= byte }
        return high < 0x80
    }
}

extension String {
    /// The text of UTF-8 bytes, nil when they are not valid UTF-8.
    ///
    /// `String(validating:as:)` is slow on small strings (it looks up generic metadata on
    /// every call); record keys are nearly always ASCII, which is valid UTF-8 as it is.
    init?(validatingUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        if bytes.isASCII {
            self.init(decoding: bytes, as: UTF8.self)
        } else {
            guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
            self = text
        }
    }
}
