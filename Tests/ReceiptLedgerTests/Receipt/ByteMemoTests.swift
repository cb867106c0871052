import Testing
@testable import ReceiptLedger

/// The reader's memo: exact-byte lookups, the parser's `knownObject(in:)` and when entries are
/// forgotten.
@Suite struct ByteMemoTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func keptValuesAreFoundByTheirExactBytes() {
        var memo = ByteMemo<String>()
        var reads = 0
        let object = Self.bytes(#"{"transaction_id":"1","product_id":"p"}"#)
        for _ in 0..<3 {
            let value = object.withUnsafeBufferPointer { memo.value(of: $0) { reads += 1; return "one" } }
            #expect(value == "one")
        }
        #expect(reads == 1)
        // One byte different is another object.
        let other = Self.bytes(#"{"transaction_id":"2","product_id":"p"}"#)
        _ = other.withUnsafeBufferPointer { memo.value(of: $0) { reads += 1; return "two" } }
        #expect(reads == 2)
    }

    @Test func valuesNotToBeKeptAreReadEveryTime() {
        var memo = ByteMemo<String>()
        var reads = 0
        let object = Self.bytes(#"{"a":{"b":1}}"#)
        for _ in 0..<2 { _ = object.withUnsafeBufferPointer { memo.value(of: $0, keep: false) { reads += 1; return "x" } } }
        #expect(reads == 2)
        #expect(object.withUnsafeBufferPointer { memo.knownObject(in: $0) } == nil)
    }

    @Test func knownObjectsAreFoundAtTheStartOfTheRestOfADocument() {
        var memo = ByteMemo<String>()
        let object = #"{"transaction_id":"1","purchase_date":"x"}"#
        _ = Self.bytes(object).withUnsafeBufferPointer { memo.value(of: $0) { "one" } }
        let rest = Self.bytes(object + #",{"transaction_id":"2"}]}"#)
        let found = rest.withUnsafeBufferPointer { memo.knownObject(in: $0) }
        #expect(found?.length == object.utf8.count)
        #expect(found.flatMap { memo.value(number: $0.number) } == "one")
        // A different object, a prefix, and bytes with no `}` are not known.
        #expect(Self.bytes(#"{"transaction_id":"2"}]"#).withUnsafeBufferPointer { memo.knownObject(in: $0) } == nil)
        #expect(Self.bytes(#"{"transaction_id":"1"}"#).withUnsafeBufferPointer { memo.knownObject(in: $0) } == nil)
        #expect(Self.bytes(#"{"transaction_id":"1""#).withUnsafeBufferPointer { memo.knownObject(in: $0) } == nil)
    }

    /// Asked as the parser asks, at each element's `{` with the rest of the document after it,
    /// one element after the other (the memo measures the next element ahead of being asked).
    @Test func theElementsOfAnArrayAreFoundOneAfterTheOther() {
        var memo = ByteMemo<String>()
        let objects = [#"{"transaction_id":"1"}"#, #"{"transaction_id":"22","x":"y"}"#, #"{"transaction_id":"333"}"#]
        for (number, object) in objects.enumerated() { _ = Self.bytes(object).withUnsafeBufferPointer { memo.value(of: $0) { "\(number)" } } }
        let unknown = #"{"transaction_id":"4"}"#
        let document = Self.bytes("[" + objects[0] + " ,\n " + objects[1] + "," + unknown + "," + objects[2] + ",1,"
                                  + objects[0] + "," + objects[0] + "]")
        var found: [String] = []
        document.withUnsafeBufferPointer { all in
            var index = 1
            while index < all.count {
                guard all[index] == UInt8(ascii: "{") else { index += 1; continue }
                guard let known = memo.knownObject(in: UnsafeBufferPointer(rebasing: all[index...])) else {
                    found.append("unknown")
                    index += 1
                    continue
                }
                found.append(memo.value(number: known.number) ?? "?")
                index += known.length
            }
        }
        #expect(found == ["0", "1", "unknown", "2", "0", "0"])
    }

    @Test func aBraceInsideAStringMakesAMissNotAWrongObject() {
        var memo = ByteMemo<String>()
        let object = #"{"note":"a}b","transaction_id":"1"}"#
        _ = Self.bytes(object).withUnsafeBufferPointer { memo.value(of: $0) { "braced" } }
        #expect(Self.bytes(object + "]").withUnsafeBufferPointer { memo.knownObject(in: $0) } == nil)
        // Read the usual way it is still found.
        #expect(Self.bytes(object).withUnsafeBufferPointer { memo.value(of: $0) { "again" } } == "braced")
    }

    /// 96 bytes of budget: two generations of 48 bytes, each full after one of these objects.
    static func smallMemo() -> ByteMemo<Int> { ByteMemo<Int>(byteBudget: 96) }
    static let objects = (0..<6).map { bytes(#"{"transaction_id":"\#($0)","x":"0123456789abcdefghij"}"#) }

    @Test func aFullGenerationKeepsNothingNewUntilTheNextDocumentBegins() {
        var memo = Self.smallMemo()
        for (number, object) in Self.objects.prefix(2).enumerated() { _ = object.withUnsafeBufferPointer { memo.value(of: $0) { number } } }
        // Past the budget nothing more is kept, but what was kept stays until the next document.
        let first = Self.objects[0].withUnsafeBufferPointer { memo.knownObject(in: $0) }
        #expect(first?.number == 0)
        #expect(first.flatMap { memo.value(number: $0.number) } == 0)
        #expect(Self.objects[1].withUnsafeBufferPointer { memo.knownObject(in: $0) } == nil)
    }

    @Test func whatTheLastGenerationHeldIsFoundAndMovedIntoTheNewOne() {
        var memo = Self.smallMemo()
        _ = Self.objects[0].withUnsafeBufferPointer { memo.value(of: $0) { 0 } }
        memo.beginDocument()  // object 0 is now in the previous generation
        var reads = 0
        let again = Self.objects[0].withUnsafeBufferPointer { memo.value(of: $0) { reads += 1; return -1 } }
        #expect(again == 0)
        #expect(reads == 0)
        // Moved, it outlives the generation it came from: two new generations later it is
        // still there, while object 1, read once and never asked for again, is forgotten.
        _ = Self.objects[1].withUnsafeBufferPointer { memo.value(of: $0) { 1 } }
        memo.beginDocument()
        #expect(Self.objects[0].withUnsafeBufferPointer { memo.knownObject(in: $0) } != nil)
        memo.beginDocument()
        let known = Self.objects[0].withUnsafeBufferPointer { memo.knownObject(in: $0) }
        #expect(known.flatMap { memo.value(number: $0.number) } == 0)
        #expect(Self.objects[1].withUnsafeBufferPointer { memo.knownObject(in: $0) } == nil)
    }

    @Test func aDocumentStartingOnAFullGenerationForgetsWhatNoDocumentAskedFor() {
        var memo = Self.smallMemo()
        _ = Self.objects[0].withUnsafeBufferPointer { memo.value(of: $0) { 0 } }
        memo.beginDocument()
        _ = Self.objects[1].withUnsafeBufferPointer { memo.value(of: $0) { 1 } }
        memo.beginDocument()
        #expect(Self.objects[0].withUnsafeBufferPointer { memo.knownObject(in: $0) } == nil)
        #expect(memo.value(number: 0) == nil)
        var reads = 0
        _ = Self.objects[0].withUnsafeBufferPointer { memo.value(of: $0) { reads += 1; return 0 } }
        #expect(reads == 1)
    }

    /// Whether the larger budget fits in the room reserved at first (the generation is reused)
    /// or not (a new one is made), it applies from the next generation on.
    @Test(arguments: [0, 1 << 20])
    func aLargerBudgetTakesEffectWithTheNextGeneration(reserved: Int) {
        var memo = ByteMemo<Int>(byteBudget: 96, largestBudget: reserved)
        // Still 96 bytes now, whatever was reserved: the second object is not kept.
        for (number, object) in Self.objects.prefix(2).enumerated() { _ = object.withUnsafeBufferPointer { memo.value(of: $0) { number } } }
        #expect(Self.objects[1].withUnsafeBufferPointer { memo.knownObject(in: $0) } == nil)
        memo.byteBudget = 1 << 20
        memo.beginDocument()
        // The new generation has room for all the others.
        for (number, object) in Self.objects.enumerated().dropFirst() { _ = object.withUnsafeBufferPointer { memo.value(of: $0) { number } } }
        for (number, object) in Self.objects.enumerated() {
            let known = object.withUnsafeBufferPointer { memo.knownObject(in: $0) }
            #expect(known.flatMap { memo.value(number: $0.number) } == number)
        }
    }
}
