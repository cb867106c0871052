import Testing
@testable import ReceiptLedger

@Suite struct JSONContainerTests {
    @Test func nestedLookupsSkipOverSiblings() throws {
        let root = try JSONTestSupport.root(#"""
            {"a": {"x": [1, [2, {"y": 3}], {}]}, "b": {"c": [[], [true]]}, "z": "last"}
            """#)
        #expect(root["a"]?["x"]?.elements[1].elements[1]["y"]?.int64 == 3)
        #expect(root["b"]?["c"]?.elements[1].elements[0].bool == true)
        #expect(root["z"]?.string == "last")
        #expect(root["missing"] == nil)
        #expect(root["a"]?["x"]?["y"] == nil)  // an array has no members
        #expect(root["a"]?["x"]?.count == 3)
        #expect(root.count == 3)
    }

    @Test func duplicateKeysLastOneWinsAndMembersShowBoth() throws {
        let root = try JSONTestSupport.root(#"{"k": 1, "other": 2, "k": 3}"#)
        #expect(root["k"]?.int64 == 3)
        let members = root.members
        #expect(members.map(\.key) == ["k", "other", "k"])
        #expect(members.map { $0.value.int64 } == [1, 2, 3])
        #expect(root.count == 3)
    }

    @Test func keysWithEscapesStillMatch() throws {
        let root = try JSONTestSupport.root(#"{"a\u0062": 1, "\u00e9t\u00e9": 2, "a\/b": 3, "ab": 4, "": 5, "prix €": 6}"#)
        #expect(root["ab"]?.int64 == 4)  // the later, unescaped "ab" wins over "a\u0062"
        #expect(root["été"]?.int64 == 2)
        #expect(root["a/b"]?.int64 == 3)
        #expect(root[""]?.int64 == 5)
        #expect(root["prix €"]?.int64 == 6)
        #expect(root["a\\/b"] == nil)
        #expect(root.members.map(\.key) == ["ab", "été", "a/b", "ab", "", "prix €"])
    }

    @Test func emptyContainers() throws {
        let root = try JSONTestSupport.root(" { \"o\" : { } , \"a\" : [ ] } ")
        #expect(root["o"]?.kind == .object)
        #expect(root["o"]?.count == 0)
        #expect(root["o"]?.members.isEmpty == true)
        #expect(root["a"]?.kind == .array)
        #expect(root["a"]?.elements.isEmpty == true)
        #expect(root["o"]?["x"] == nil)
    }

    @Test func forEachElementAndMemberVisitInSourceOrder() throws {
        let root = try JSONTestSupport.root(#"{"list": [10, [20], {"x": 30}, 40], "b": null}"#)
        var kinds: [JSONKind] = []
        root["list"]?.forEachElement { kinds.append($0.kind) }
        #expect(kinds == [.number, .array, .object, .number])
        var keys: [String] = []
        var listKeyMatched = false
        root.forEachMember { key, value in
            keys.append(key.string ?? "?")
            if key.stringEquals("list") { listKeyMatched = value.count == 4 }
        }
        #expect(keys == ["list", "b"])
        #expect(listKeyMatched)
        var visited = 0
        root.forEachElement { _ in visited += 1 }  // not an array
        #expect(visited == 0)
    }

    @Test func forEachElementPassesThrownErrorsThrough() throws {
        struct Stop: Error {}
        let root = try JSONTestSupport.root("[1, 2, 3]")
        var seen: [Int64] = []
        #expect(throws: Stop.self) {
            try root.forEachElement { value throws(Stop) in
                if value.int64 == 2 { throw Stop() }
                seen.append(value.int64 ?? 0)
            }
        }
        #expect(seen == [1])
    }
}
