import Testing
@testable import ReceiptLedger

@Suite struct ExactStringIndexTests {
    @Test func stringsAreNumberedInOrderOfFirstAppearanceByTheirExactBytes() {
        var index = ExactStringIndex()
        let precomposed = "caf\u{E9}", decomposed = "cafe\u{301}"  // equal as Swift Strings, not as bytes
        #expect(precomposed == decomposed)
        #expect(index.insert(ExactString(precomposed)) == (0, true))
        #expect(index.insert(ExactString(decomposed)) == (1, true))
        #expect(index.insert(ExactString(precomposed)) == (0, false))
        #expect(index.insert(ExactString("")) == (2, true))
        #expect(index.number(of: ExactString(decomposed)) == 1)
        #expect(index.number(of: ExactString("cafe")) == nil)
        #expect(index.strings == [precomposed, decomposed, ""])
    }

    /// Past its first 64 slots the table grows and still finds every string by its number.
    @Test func everyStringIsFoundAfterTheTableGrows() {
        var index = ExactStringIndex()
        let names = (0..<5_000).map { "user-\($0 * 7_919)" }
        for (number, name) in names.enumerated() {
            #expect(index.insert(ExactString(name)) == (number, true))
        }
        #expect(names.indices.allSatisfy { index.number(of: ExactString(names[$0])) == $0 })
        #expect(index.insert(ExactString(names[4_321])) == (4_321, false))
        #expect(index.count == 5_000)
        #expect(index.number(of: ExactString("user-1")) == nil)
    }

    @Test func aPoolHandsOutItsFirstCopyOfEachText() {
        var pool = StringPool()
        let first = pool.intern(String("com.example.premium.monthly".utf8.map { Character(UnicodeScalar($0)) }))
        let again = pool.intern("com.example.premium.monthly")
        #expect(first == again)
        #expect(again.utf8.withContiguousStorageIfAvailable { $0.baseAddress } == first.utf8.withContiguousStorageIfAvailable { $0.baseAddress })
        #expect(pool.intern(nil as String?) == nil)
    }
}
