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

    @Test func aBraceInsideAStringMakesAMissNotAWrongObject() {
        var memo = ByteMemo<String>()
        let object = #"{"note":"a}b","transaction_id":"1"}"#
        _ = Self.bytes(object).withUnsafeBufferPointer { memo.value(of: $0) { "braced" } }
        #expect(Self.bytes(object + "]").withUnsafeBufferPointer { memo.knownObject(in: $0) } == nil)
        // Read the usual way it is still found.
        #expect(Self.bytes(object).withUnsafeBufferPointer { memo.value(of: $0) { "again" } } == "braced")
    }

    @Test func aFullMemoForgetsOnlyWhenTheNextDocumentBegins() {
        var memo = ByteMemo<Int>(byteBudget: 64, slots: 16)
        let objects = (0..<6).map { Self.bytes(#"{"transaction_id":"\#($0)","x":"0123456789"}"#) }
        for (number, object) in objects.enumerated() { _ = object.withUnsafeBufferPointer { memo.value(of: $0) { number } } }
        // Past the budget nothing more is kept, but what was kept stays until the next document.
        let first = objects[0].withUnsafeBufferPointer { memo.knownObject(in: $0) }
        #expect(first.flatMap { memo.value(number: $0.number) } == 0)
        #expect(objects[5].withUnsafeBufferPointer { memo.knownObject(in: $0) } == nil)
        memo.beginDocument()
        #expect(objects[0].withUnsafeBufferPointer { memo.knownObject(in: $0) } == nil)
        #expect(memo.value(number: 0) == nil)
    }
}
