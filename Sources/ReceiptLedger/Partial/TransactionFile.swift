import Foundation
import Synchronization

/// Every booked transaction of a run in buckets, in key order, in one file (kind 5 of
/// docs/PARTIAL-STATE.md) that the report reads again for each pass (`StoredTransactions`):
/// the run holds where each transaction begins, not the transactions.
///
/// The file is unlinked as soon as it is open, so that it goes with the process however the
/// process ends; readers on several threads share the descriptor (`pread`).
final class TransactionFile: StoredTransactions {
    let count: Int
    private let descriptor: Int32
    /// Where each transaction begins in the file, and where the last ends (`count + 1`).
    private let offsets: [Int64]
    /// Whom the transactions name (the index's users).
    private let users: UserTable
    /// The product ids of transactions read one by one, each held once.
    private let lookupProductIDs = Mutex(StringPool())
    private let failure = Mutex<FatalError?>(nil)
    private let path: String

    private init(descriptor: Int32, offsets: [Int64], users: UserTable, path: String) {
        self.descriptor = descriptor
        self.offsets = offsets
        self.users = users
        self.path = path
        count = offsets.count - 1
    }

    deinit { close(descriptor) }

    var readFailure: FatalError? { failure.withLock { $0 } }

    var isOutsideMemory: Bool { true }

    func transaction(at position: Int) -> Transaction {
        var reader = PartialReader(range: Int(offsets[position]), count: Int(offsets[position + 1] - offsets[position]),
                                   of: descriptor, path: path)
        do {
            return try lookupProductIDs.withLock { pool in try reader.transaction(users: users, productIDs: &pool) }
        } catch {
            fail(error)
            return .unreadable
        }
    }

    func reader(from position: Int, count: Int) -> any StoredTransactionReader {
        let start = Int(offsets[position]), end = Int(offsets[position + count])
        return Reader(file: self, reader: PartialReader(range: start, count: end - start, of: descriptor, path: path), remaining: count)
    }

    private func fail(_ error: any Error) {
        let fatal = error as? FatalError ?? FatalError("cannot read the run's transactions back from \(path): \(error)")
        failure.withLock { if $0 == nil { $0 = fatal } }
    }

    /// One pass in order, its product ids held once.
    private struct Reader: StoredTransactionReader {
        let file: TransactionFile
        var reader: PartialReader
        var remaining: Int
        var productIDs = StringPool()

        mutating func next() -> Transaction? {
            guard remaining > 0 else { return nil }
            do {
                let transaction = try reader.transaction(users: file.users, productIDs: &productIDs)
                remaining -= 1
                return transaction
            } catch {
                file.fail(error)
                remaining = 0
                return nil
            }
        }
    }
}

extension TransactionFile {
    /// The booked buckets joined: every transaction in one file in key order, every key held
    /// (booked or not) numbered, with its booked transaction's position (-1: not booked), and
    /// every anomaly.
    struct Joined {
        var transactions: TransactionFile
        var held: TransactionIndex
        var bookedPositions: [Int32]
        var anomalies: [Anomaly]
    }

    /// Joins the booked buckets at `bookedParts` (kind 4), reading one at a time: each
    /// transaction is copied to a file as it comes, its key kept for one sort, then the file is
    /// copied again in key order. The run then holds a sort key and an offset per transaction
    /// for a moment, and an offset after, never the transactions.
    static func join(bookedParts: [String], users: UserTable) throws -> Joined {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("receipt-ledger-journal-\(UUID().uuidString)").path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        } catch {
            throw FatalError("cannot make a temporary folder \(folder): \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let byBucketPath = folder + "/by-bucket.part", inKeyOrderPath = folder + "/transactions.part"
        var held = TransactionIndex()
        var anomalies: [Anomaly] = []
        var keys = SortKeys()
        // For each booked transaction, in bucket order: its held number, and where it begins.
        var numbers: [Int32] = []
        var starts: [Int64] = []
        var byBucket = PartialWriter(kind: .transactions, streamingTo: byBucketPath)
        for path in bookedParts {
            var reader = try PartialReader(path: path, expecting: .booked)
            _ = try reader.count()
            let bucket = try reader.booked(users: users)
            try reader.requireEnd()
            var next = 0
            for key in bucket.heldKeys {
                let number = held.insert(key.environment, key.transactionID)
                guard next < bucket.transactions.count, bucket.transactions[next].key == key else { continue }
                numbers.append(Int32(number))
                starts.append(Int64(byBucket.position))
                byBucket.transaction(bucket.transactions[next])
                key.appendSortKey(to: &keys)
                keys.endKey()
                next += 1
                try byBucket.flushIfFull()
            }
            guard next == bucket.transactions.count else {
                throw reader.damaged("a booked transaction that is not among the bucket's transactions, or not in key order")
            }
            anomalies += bucket.anomalies
        }
        let end = Int64(byBucket.position)
        try byBucket.finish()
        let order = keys.order()
        keys = SortKeys()
        var bookedPositions = [Int32](repeating: -1, count: held.count)
        for (position, booked) in order.enumerated() { bookedPositions[Int(numbers[booked])] = Int32(position) }
        numbers = []

        let source = try openToRead(byBucketPath)
        defer { close(source) }
        unlink(byBucketPath)
        var inKeyOrder = PartialWriter(kind: .transactions, streamingTo: inKeyOrderPath)
        var offsets: [Int64] = []
        offsets.reserveCapacity(order.count + 1)
        var buffer = [UInt8](repeating: 0, count: 1 << 12)
        for booked in order {
            let start = starts[booked], length = Int((booked + 1 < starts.count ? starts[booked + 1] : end) - start)
            if buffer.count < length { buffer = [UInt8](repeating: 0, count: length) }
            let read = buffer.withUnsafeMutableBytes { pread(source, $0.baseAddress, length, off_t(start)) }
            guard read == length else { throw FatalError("cannot read \(byBucketPath) back: \(String(cString: strerror(errno)))") }
            offsets.append(Int64(inKeyOrder.position))
            buffer.withUnsafeBytes { inKeyOrder.encoded(UnsafeRawBufferPointer(rebasing: $0[..<length])) }
            try inKeyOrder.flushIfFull()
        }
        offsets.append(Int64(inKeyOrder.position))
        try inKeyOrder.finish()
        let descriptor = try openToRead(inKeyOrderPath)
        unlink(inKeyOrderPath)
        return Joined(transactions: TransactionFile(descriptor: descriptor, offsets: offsets, users: users, path: inKeyOrderPath),
                      held: held, bookedPositions: bookedPositions, anomalies: anomalies)
    }

    private static func openToRead(_ path: String) throws -> Int32 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FatalError("cannot read \(path) back: \(String(cString: strerror(errno)))") }
        return descriptor
    }
}
