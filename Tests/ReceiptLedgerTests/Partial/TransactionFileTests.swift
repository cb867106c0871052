import Foundation
import Testing
@testable import ReceiptLedger

/// `TransactionFile` (a run in buckets keeps its booked transactions in a file) and
/// `TransactionList`, through which every consumer reads the journal's transactions.
@Suite struct TransactionFileTests {
    static func transaction(_ id: String, _ environment: Environment = .production, user: UserID, userName: String,
                            gross: Int64 = 499) -> Transaction {
        let usd = Currency(code: "USD")
        return Transaction(
            key: TransactionKey(environment, id), originalTransactionID: IDText("o-" + id), user: user, userName: userName,
            productID: "com.example.app.monthly_subscription", productType: .autoRenewable, quantity: 1, purchase: UnixMillis(1_000),
            originalPurchase: nil, expires: UnixMillis(2_000), cancellation: nil, cancellationReason: "", cancellationFirstSeen: nil,
            isTrialPeriod: false, isInIntroOfferPeriod: false, isUpgraded: false, ownershipType: "PURCHASED", currency: usd,
            unitPrice: Money(minorUnits: gross, currency: usd), gross: Money(minorUnits: gross, currency: usd),
            proceeds: Money(minorUnits: gross * 7 / 10, currency: usd), status: .sold, firstRecordID: 7, recordCount: 2)
    }

    /// Three buckets whose keys interleave, one key held but not booked, written as `merge-bucket` writes them.
    static func bookedParts(in folder: String) throws -> (paths: [String], users: UserTable) {
        var users = UserTable()
        let ann = users.intern("ann"), bob = users.intern("bob")
        let buckets: [JournalBuilder.BookedBucket] = [
            .init(transactions: [transaction("1003", user: ann, userName: "ann"), transaction("1006", user: bob, userName: "bob")],
                  heldKeys: [TransactionKey(.production, "1003"), TransactionKey(.production, "1006")],
                  anomalies: [Anomaly(kind: .sharedTransaction, recordID: 1, environment: .production, transactionID: "1003", user: "bob",
                                      detail: "owned by user ann")]),
            .init(transactions: [transaction("1001", user: bob, userName: "bob"), transaction("1001", .sandbox, user: bob, userName: "bob")],
                  heldKeys: [TransactionKey(.production, "1001"), TransactionKey(.production, "1004"), TransactionKey(.sandbox, "1001")],
                  anomalies: []),
            .init(transactions: [transaction("1002", user: ann, userName: "ann", gross: 999)],
                  heldKeys: [TransactionKey(.production, "1002")], anomalies: []),
        ]
        var paths: [String] = []
        for (number, bucket) in buckets.enumerated() {
            var writer = PartialWriter(kind: .booked)
            writer.count(number)
            writer.booked(bucket)
            let path = folder + "/booked-\(number).part"
            try writer.write(to: path)
            paths.append(path)
        }
        return (paths, users)
    }

    static func withFolder<R>(_ body: (String) throws -> R) throws -> R {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("transaction-file-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try body(folder)
    }

    @Test func theJoinHoldsEveryBucketsTransactionsInKeyOrder() throws {
        try Self.withFolder { folder in
            let (paths, users) = try Self.bookedParts(in: folder)
            let joined = try TransactionFile.join(bookedParts: paths, users: users)
            let list = TransactionList(stored: joined.transactions)
            let keys = ["Production 1001", "Production 1002", "Production 1003", "Production 1006", "Sandbox 1001"]
            #expect(list.isStored && list.count == 5)
            var inOnePass: [String] = []
            for t in list { inOnePass.append("\(t.environment.rawValue) \(t.transactionID)") }
            #expect(inOnePass == keys)
            #expect(list.indices.map { "\(list[$0].environment.rawValue) \(list[$0].transactionID)" } == keys)
            #expect(list.elements(1..<3).map(\.transactionID) == ["1002", "1003"])
            #expect(list.elements(4..<4).map(\.transactionID) == [])
            // Every field comes back as booked, the owner named by the index's users.
            let t = list[1]
            #expect(t.userName == "ann" && t.user == users.lookup("ann") && t.gross?.minorUnits == 999 && t.proceeds?.minorUnits == 699)
            #expect(t.originalTransactionID == "o-1002" && t.expires == UnixMillis(2_000) && t.recordCount == 2 && t.firstRecordID == 7)
            // Six keys held, numbered in bucket order; the one never booked has no position.
            #expect(joined.held.count == 6)
            let positions = ["1003": 2, "1006": 3, "1001": 0, "1004": -1, "1002": 1].mapValues(Int32.init)
            for (id, position) in positions {
                let number = try #require(joined.held.find(.production, ExactString(id)))
                #expect(joined.bookedPositions[number] == position)
            }
            #expect(joined.bookedPositions[try #require(joined.held.find(.sandbox, ExactString("1001")))] == 4)
            #expect(joined.anomalies.map(\.transactionID) == ["1003"])
            #expect(joined.transactions.readFailure == nil)
            try list.requireEveryRead()
        }
    }

    @Test func theJoinRefusesABucketOutOfKeyOrder() throws {
        try Self.withFolder { folder in
            var users = UserTable()
            let ann = users.intern("ann")
            let bucket = JournalBuilder.BookedBucket(
                transactions: [Self.transaction("2", user: ann, userName: "ann"), Self.transaction("1", user: ann, userName: "ann")],
                heldKeys: [TransactionKey(.production, "1"), TransactionKey(.production, "2")], anomalies: [])
            var writer = PartialWriter(kind: .booked)
            writer.count(0)
            writer.booked(bucket)
            try writer.write(to: folder + "/booked.part")
            #expect(throws: FatalError.self) { try TransactionFile.join(bookedParts: [folder + "/booked.part"], users: users) }
        }
    }

    /// A store that fails after its first transaction, as a file that cannot be read back would.
    final class FailingStore: StoredTransactions {
        let first: Transaction
        init(_ first: Transaction) { self.first = first }
        var count: Int { 3 }
        var readFailure: FatalError? { FatalError("cannot read the run's transactions back") }
        var isOutsideMemory: Bool { true }
        func transaction(at position: Int) -> Transaction { position == 0 ? first : .unreadable }
        func reader(from position: Int, count: Int) -> any StoredTransactionReader { Reader(first: position == 0 ? first : nil) }
        struct Reader: StoredTransactionReader {
            var first: Transaction?
            mutating func next() -> Transaction? {
                defer { first = nil }
                return first
            }
        }
    }

    @Test func aPassThatCannotReadEndsAndTheRunIsStoppedBeforePublishing() throws {
        var users = UserTable()
        let list = TransactionList(stored: FailingStore(Self.transaction("1", user: users.intern("ann"), userName: "ann")))
        var read: [String] = []
        for t in list { read.append(t.transactionID) }
        #expect(read == ["1"])
        #expect(list[2] === Transaction.unreadable)
        #expect(throws: FatalError.self) { try list.requireEveryRead() }
    }

    @Test func aHeldListReadsLikeAnArrayAndChecksItsOrder() throws {
        var users = UserTable()
        let ann = users.intern("ann")
        let a = Self.transaction("1", user: ann, userName: "ann"), b = Self.transaction("2", user: ann, userName: "ann")
        let list = TransactionList([a, b])
        #expect(!list.isStored && list.map(\.transactionID) == ["1", "2"] && list.isInKeyOrder)
        #expect(list.elements(1..<2).map(\.transactionID) == ["2"] && list.elements(0..<0).map(\.transactionID) == [])
        #expect(!TransactionList([b, a]).isInKeyOrder)
        try list.requireEveryRead()
    }
}
