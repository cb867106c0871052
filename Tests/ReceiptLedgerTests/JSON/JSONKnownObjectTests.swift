import Testing
@testable import ReceiptLedger

/// Objects a `KnownObjects` recogniser names are left whole on the tape, and the document is
/// accepted or refused exactly as a full parse would.
@Suite struct JSONKnownObjectTests {
    static let known = #"{"id":"7","v":1}"#

    /// Recognises `known` wherever an array element starts with it, as number 42.
    static func recogniser(_ bytes: UnsafeBufferPointer<UInt8>) -> (length: Int, number: Int)? {
        let text = Array(known.utf8)
        guard bytes.count >= text.count, Array(bytes[..<text.count]) == text else { return nil }
        return (text.count, 42)
    }

    static func parse(_ text: String, maxDepth: Int = 512) throws(JSONParseError) -> JSONDocument {
        try JSONParser(maxDepth: maxDepth).parse(Array(text.utf8), knownObjects: recogniser)
    }

    /// With `knownObjectArrays`, only the arrays under those keys are offered to the
    /// recogniser; elsewhere objects are taken apart, and the document reads the same.
    @Test func onlyTheNamedArraysOfferTheirObjects() throws {
        let text = #"{"copies":[\#(Self.known)],"renewals":[\#(Self.known)],"nested":{"copies":[\#(Self.known)]},"top":[[\#(Self.known)]]}"#
        let tape = JSONTape(capacity: 64)
        var stack: [JSONTapeBuilder.Frame] = []
        var offered = 0
        try JSONTapeBuilder.build(Array(text.utf8), into: tape, stack: &stack, maxDepth: 16,
                                  knownObjects: { offered += 1; return Self.recogniser($0) },
                                  knownObjectArrays: JSONKeySet(["copies"]))
        #expect(offered == 2)  // `copies` at the root and in `nested`; not `renewals`, not an array in an array
        let document = try JSONDocument(bytes: Array(text.utf8))
        #expect(document.root["renewals"]?.elements[0]["id"]?.string == "7")
    }

    @Test func arrayElementsThatAreKnownStayWhole() throws {
        let document = try Self.parse(#"{"list":[\#(Self.known), {"id":"8","v":2}, \#(Self.known)],"other":\#(Self.known)}"#)
        document.withView { view in
            // root, key, array, known, {id 8} + 4 member entries, known, key, other (taken apart: 5 entries)
            let array = 2
            var elements: [Int] = []
            view.forEachElement(array) { elements.append($0) }
            #expect(elements.count == 3)
            #expect(view.knownObjectNumber(elements[0]) == 42)
            #expect(view.knownObjectNumber(elements[1]) == nil)
            #expect(view.knownObjectNumber(elements[2]) == 42)
            #expect(view.count(elements[0]) == 0)
            #expect(view.count(elements[1]) == 2)
            #expect(String(decoding: view.rawBytes(elements[0]), as: UTF8.self) == Self.known)
            #expect(view.isFlatObject(elements[1]))
            #expect(!view.isFlatObject(elements[0]))
        }
        // Only array elements are recognised: the member value `other` is taken apart.
        #expect(document.root["other"]?["id"]?.string == "7")
        #expect(document.root["list"]?.elements[1]["v"]?.int64 == 2)
    }

    @Test func whatFollowsAKnownObjectIsStillChecked() {
        #expect(throws: JSONParseError.self) { try Self.parse("[\(Self.known) \(Self.known)]") }
        #expect(throws: JSONParseError.self) { try Self.parse("[\(Self.known),]") }
        #expect(throws: JSONParseError.self) { try Self.parse("[\(Self.known)") }
        #expect((try? Self.parse("[ \(Self.known) , \(Self.known) ]")) != nil)
    }

    @Test func aKnownObjectCountsAsOneLevelOfNesting() {
        // Two open arrays and the object make three containers.
        #expect((try? Self.parse("[[\(Self.known)]]", maxDepth: 3)) != nil)
        #expect(throws: JSONParseError.self) { try Self.parse("[[\(Self.known)]]", maxDepth: 2) }
    }

    @Test func flatObjectsHaveNoContainerInside() throws {
        let root = try JSONDocument(text: #"[{"a":1,"b":"x"}, {"a":{}}, {"a":[]}, {}, {"a":[1]}]"#).root
        root.document.withView { view in
            var flat: [Bool] = []
            view.forEachElement(0) { flat.append(view.isFlatObject($0)) }
            #expect(flat == [true, false, false, true, false])
        }
    }
}
