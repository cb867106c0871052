import Testing
@testable import ReceiptLedger

/// `IDText` holds ids of up to 16 bytes in the value and longer ones in a `String`; either way
/// it must behave exactly like the id's bytes.
@Suite struct IDTextTests {
    /// Texts around the inline limit, with a shared prefix, NUL bytes and non-ASCII.
    static let samples = [
        "", "1", "10", "9", "2000000100013322", "200000010001332", "20000001000133220", "2000000100013323",
        "a", "a\u{0}", "a\u{0}\u{0}", "ab", "\u{0}", "caf\u{E9}", "cafe\u{301}", "é" + String(repeating: "x", count: 14),
        String(repeating: "z", count: 15), String(repeating: "z", count: 16), String(repeating: "z", count: 17),
        String(repeating: "z", count: 40), "1000000123456789", "1000000123456789 ",
    ]

    @Test func theBytesComeBackExactly() {
        for text in Self.samples {
            let id = IDText(text)
            #expect(id.string.utf8.elementsEqual(text.utf8))
            #expect(id.withUTF8 { Array($0) } == Array(text.utf8))
            #expect(id.isEmpty == text.isEmpty)
            let fromBytes = Array(text.utf8).withUnsafeBufferPointer { IDText(utf8: $0) }
            #expect(fromBytes == id)
        }
    }

    @Test func equalityAndOrderAreThoseOfTheBytes() {
        for left in Self.samples {
            for right in Self.samples {
                let (l, r) = (IDText(left), IDText(right))
                #expect((l == r) == left.utf8.elementsEqual(right.utf8), "\(left.debugDescription) == \(right.debugDescription)")
                #expect((l < r) == left.utf8.lexicographicallyPrecedes(right.utf8), "\(left.debugDescription) < \(right.debugDescription)")
                if l == r { #expect(l.hashValue == r.hashValue) }
            }
        }
    }

    /// Precomposed and decomposed "é" are equal Swift Strings but different ids.
    @Test func canonicallyEquivalentTextsAreDifferentIDs() {
        #expect("caf\u{E9}" == "cafe\u{301}")
        #expect(IDText("caf\u{E9}") != IDText("cafe\u{301}"))
        #expect(ExactString("caf\u{E9}") != ExactString("cafe\u{301}"))
    }

    /// An `ExactString` keeps the fingerprint of its bytes however it was made, so indexes
    /// that look ids up by bytes (`ExactStringIndex.number(ofUTF8:)`) find them.
    @Test func theFingerprintIsThatOfTheBytes() {
        for text in Self.samples {
            let bytesFingerprint = Array(text.utf8).withUnsafeBufferPointer(ExactString.fingerprint)
            #expect(ExactString(text).fingerprint == bytesFingerprint)
            #expect(ExactString(IDText(text)).fingerprint == bytesFingerprint)
            #expect(ExactString(text).value == text)
        }
    }

    /// A CSV cell of an id is the cell of its `String`, formula guard included.
    @Test func aCSVCellOfAnIDIsTheCellOfItsText() {
        for text in Self.samples + ["=1+2", "+2000000100013322", "-1", "@x", "a,b", "say \"hi\""] {
            var fromID = CSVRowWriter(), fromString = CSVRowWriter()
            fromID.text(IDText(text))
            fromID.endRow()
            fromString.text(text)
            fromString.endRow()
            #expect(fromID.bytes == fromString.bytes, "\(text.debugDescription)")
        }
    }

    /// A JSON id reads the same as a string or a number, and an escaped one is decoded.
    @Test func looseIDReadsStringsAndNumbers() throws {
        let document = try JSONDocument(bytes: Array(#"["2000000100013322", 2000000100013322, "20000001\u0030001332200", true]"#.utf8))
        let ids = document.withView { view in
            var found: [IDText?] = []
            view.forEachElement(0) { found.append(view.looseID($0)) }
            return found
        }
        #expect(ids == [IDText("2000000100013322"), IDText("2000000100013322"), IDText("2000000100013322" + "00"), nil])
    }
}
