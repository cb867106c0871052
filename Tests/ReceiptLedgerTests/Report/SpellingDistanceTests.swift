import Testing
@testable import ReceiptLedger

/// The spelling check behind "did you mean": small edits of long ids, never short ones.
@Suite struct SpellingDistanceTests {
    @Test func countsInsertionsDeletionsReplacementsAndSwaps() {
        #expect(SpellingDistance.between("pro_yarly", "pro_yearly", limit: 2) == 1)
        #expect(SpellingDistance.between("pro_yaerly", "pro_yearly", limit: 2) == 1)  // two neighbours swapped
        #expect(SpellingDistance.between("Pro_Yearly", "pro_yearly", limit: 2) == 0)
        #expect(SpellingDistance.between("coins_100", "coins_1000", limit: 2) == 1)
        #expect(SpellingDistance.between("pro_monthly", "pro_yearly", limit: 2) == nil)
        #expect(SpellingDistance.between("abc", "", limit: 3) == 3)
    }

    @Test func closestTakesTheSmallestEditWithinTheAllowance() {
        let catalog = ["com.example.pro_yarly", "com.example.pro_yerly", "com.example.lifetime"]
        #expect(SpellingDistance.closest(to: "com.example.pro_yearly", among: catalog) == "com.example.pro_yarly")
        #expect(SpellingDistance.closest(to: "com.example.pro_yearly", among: ["com.example.pro_yearly"]) == nil)
        #expect(SpellingDistance.closest(to: "com.example.gold", among: catalog) == nil)
        // Short ids differ on purpose: one edit in four characters is allowed, none in three.
        #expect(SpellingDistance.closest(to: "gold", among: ["gild"]) == "gild")
        #expect(SpellingDistance.closest(to: "abc", among: ["abd"]) == nil)
        #expect(SpellingDistance.allowedEdits("pro_yearly", "pro_yarly") == 2)
    }
}
