import Testing
@testable import ReceiptLedger

/// `CompactJWS.hasShape` reads sixteen bytes at a time: every byte position of a long JWS is
/// checked against the byte-by-byte rule of SPEC §9.
@Suite struct CompactJWSShapeTests {
    static let header = String(repeating: "eyJhbGciOiJFUzI1NiJ9", count: 2)
    static let payload = String(repeating: "eyJ0cmFuc2FjdGlvbklkIjoiMSJ9", count: 3)
    static let signature = String(repeating: "c2lnbmF0dXJlLWJ5dGVz_-", count: 2) + "=="

    func shape(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { CompactJWS.hasShape($0) }
    }

    @Test func aLongJWSHasItsShapeAndAnyForeignByteAnywhereBreaksIt() {
        let jws = Self.header + "." + Self.payload + "." + Self.signature
        #expect(shape(jws))
        #expect(shape("  " + jws + "\n"))
        let bytes = Array(jws.utf8)
        for position in bytes.indices where bytes[position] != UInt8(ascii: ".") {
            // A space at either end is whitespace around the JWS, which SPEC allows.
            let ends = position == 0 || position == bytes.count - 1
            for foreign in ["+", "/", " ", "!", "\u{7F}", "é"] where !(ends && foreign == " ") {
                var broken = bytes
                broken.replaceSubrange(position...position, with: Array(foreign.utf8))
                #expect(!shape(String(decoding: broken, as: UTF8.self)), "\(foreign) at \(position)")
            }
        }
    }

    /// The payload reader checks the shape in one pass with the payload's decoding: it refuses
    /// a text for its shape exactly when `hasShape` does, wherever a foreign byte, a dot or a
    /// padding character falls.
    @Test func thePayloadReaderRefusesForTheShapeExactlyWhatHasShapeRefuses() {
        let scratch = CompactJWS.PayloadScratch()
        let payload = SignedAnswers.base64URL(#"{"transactionId":"1","price":10990}"#)
        let jws = Self.header + "." + payload + "." + Self.signature
        var texts = [jws, "  " + jws + "\n", Self.header + "." + payload + ".", Self.header + ".." + Self.signature,
                     "." + payload + "." + Self.signature, Self.header + "." + payload + "==." + Self.signature,
                     Self.header + "." + payload, Self.header + "." + payload + "." + Self.signature + "." + payload]
        let bytes = Array(jws.utf8)
        for position in bytes.indices {
            for foreign in [".", "=", "+", " ", "\u{7F}", "é"] {
                var broken = bytes
                broken.replaceSubrange(position...position, with: Array(foreign.utf8))
                texts.append(String(decoding: broken, as: UTF8.self))
            }
        }
        for text in texts {
            var utf8 = text
            let refusedForShape = utf8.withUTF8 { raw -> Bool in
                guard case .failure(let failure) = scratch.withPayload(raw, { _ in 0 }) else { return false }
                return failure == CompactJWS.shapeFailure
            }
            #expect(refusedForShape == !shape(text), "\(text)")
        }
    }

    @Test func theDotsAreCountedWhereverTheyFall() {
        let body = Array((Self.header + Self.payload + Self.signature).utf8)
        for first in 1..<40 {
            var text = body
            text.insert(UInt8(ascii: "."), at: first)
            text.insert(UInt8(ascii: "."), at: first + 20)
            #expect(shape(String(decoding: text, as: UTF8.self)))
            text.insert(UInt8(ascii: "."), at: first + 45)
            #expect(!shape(String(decoding: text, as: UTF8.self)))
        }
        #expect(!shape(Self.header + Self.payload))
        #expect(!shape("." + Self.payload + "." + Self.signature))
        #expect(!shape(Self.header + ".." + Self.signature))
        #expect(shape(Self.header + "." + Self.payload + "."))
    }
}
