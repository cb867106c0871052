import Foundation

/// The four stages of a sharded run (docs/PARTIAL-STATE.md), each the body of a subcommand a
/// driver (Spark) calls on any machine: `shard` reads one shard of records into partial state
/// by bucket, `index` joins every shard's record keys, `mergeBucket` merges and books one
/// bucket, `finish` joins it all into the report folder. Same rules code as `run`, so the
/// report is the same bytes as one run over every record (but for what names the input).
package enum ShardStages {
    /// What `shard` wrote.
    package struct ShardSummary: Sendable {
        package var records: Int
        package var copies: Int
        /// The buckets that hold copies, ascending.
        package var buckets: [Int]
    }

    /// Reads the records of `options.input` (the row checks and parsing of `run`, no merge) and
    /// writes `records.part` and one `bucket-NNNNN.part` per bucket holding copies into
    /// `outDirectory`, created if missing.
    package static func shard(options: RunOptions, buckets: Int, shardName: String, outDirectory: String) throws -> ShardSummary {
        guard buckets >= 1, buckets <= 1_000_000 else { throw UsageError("shard: --buckets takes a number from 1 to 1000000, not \(buckets)") }
        guard !shardName.isEmpty else { throw UsageError("shard: --shard-name needs a name") }
        let source = try ReportRun(options: options).openSource()
        defer { source.endReading() }
        return try shard(source: source, options: options, buckets: buckets, shardName: shardName, outDirectory: outDirectory)
    }

    /// `shard` of an open source; `progress` is told every thousandth record.
    static func shard(source: RecordSource, options: RunOptions, buckets: Int, shardName: String, outDirectory: String,
                      progress: (any RunObserver)? = nil) throws -> ShardSummary {
        let reader = ResponseReader(bundleIDs: Set(options.bundleIDs))
        let scratch = ResponseReader.Scratch(parsing: options.reference ? .foundation : .tape)
        var checks = RecordIndex()
        try createFolder(outDirectory)
        var records = PartialWriter(kind: .records, streamingTo: outDirectory + "/" + PartialFile.recordsFileName)
        records.text(shardName)
        var bucketWriters: [Int: PartialWriter] = [:]
        var summary = ShardSummary(records: 0, copies: 0, buckets: [])
        try ReportRun.readingInput(options.input.path) {
            try source.scanRecords { keys, claimedEnvironment, response in
                let position = checks.recordsRead
                let (verifiedAt, userName) = RecordIndex.readableKeys(keys)
                let check: PartialRecord.Check
                if let entry = checks.check(keys) {
                    let claimed = claimedEnvironment.textValue
                    var record = reader.read(bytes: response, scratch: scratch)
                    if let environment = JournalBuilder.copyEnvironment(of: record, claimed: claimed) {
                        for (copyIndex, copy) in record.transactions.enumerated() {
                            let bucket = PartialFile.bucket(of: copy.copy.id.text, buckets: buckets)
                            // Written in place in the dictionary: one lookup, no copy of the writer's bytes.
                            try Self.append(PartialCopy(verifiedAt: entry.verifiedAt, recordID: entry.id, position: position,
                                                        copyIndex: copyIndex, userName: userName ?? "", recordEnvironment: environment,
                                                        copy: copy),
                                            to: &bucketWriters[bucket, default: Self.bucketWriter(shardName: shardName, bucket: bucket,
                                                                                                  of: buckets, in: outDirectory)])
                            summary.copies += 1
                        }
                    }
                    let copyEnvironments = record.transactions.map(\.environment)
                    record.transactions = []
                    check = .passed(PartialRecord.Passed(id: entry.id, claimedEnvironment: claimed, record: record,
                                                         copyEnvironments: copyEnvironments))
                } else if let rejection = checks.lastCheckRejection, rejection.position == position {
                    check = .rejected(rejection)
                } else {
                    throw FatalError("internal error: record \(position + 1) of \(source.label) neither passed nor failed the row checks")
                }
                records.byte(1)
                records.record(PartialRecord(position: position, verifiedAt: verifiedAt, userName: userName, check: check))
                try records.flushIfFull()
                summary.records += 1
                if summary.records % 1000 == 0 { progress?.advance(by: 1000) }
                return true
            }
        }
        records.byte(0)
        try records.finish()
        for bucket in bucketWriters.keys.sorted() {
            guard var writer = bucketWriters.removeValue(forKey: bucket) else { continue }
            writer.byte(0)
            try writer.finish()
            summary.buckets.append(bucket)
        }
        return summary
    }

    /// One copy more in a bucket's stream.
    private static func append(_ copy: PartialCopy, to writer: inout PartialWriter) throws {
        writer.byte(1)
        writer.copy(copy)
        try writer.flushIfFull()
    }

    private static func bucketWriter(shardName: String, bucket: Int, of buckets: Int, in folder: String) -> PartialWriter {
        var writer = PartialWriter(kind: .bucket, streamingTo: folder + "/" + PartialFile.bucketFileName(bucket))
        writer.text(shardName)
        writer.count(bucket)
        writer.count(buckets)
        return writer
    }

    private static func createFolder(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw FatalError("cannot create \(path): \(error.localizedDescription)")
        }
    }

    static func readIndex(_ path: String) throws -> PartialIndex {
        var reader = try PartialReader(path: path, expecting: .index)
        let index = try reader.index()
        try reader.requireEnd()
        return index
    }

    /// Joins every shard's `records.part` into the record index at `out`; returns it.
    @discardableResult
    package static func index(recordsParts: [String], out: String) throws -> Int {
        guard !recordsParts.isEmpty else { throw UsageError("index: give every shard's records.part after --records") }
        let index = try PartialIndex(recordsParts: recordsParts)
        var writer = PartialWriter(kind: .index)
        writer.index(index)
        try writer.write(to: out)
        return index.recordsRead
    }

    /// Merges one bucket's copies from every shard (in processing order, duplicates skipped)
    /// and books its transactions with the catalog of `options`; writes them to `out`.
    package static func mergeBucket(bucket: Int, parts: [String], indexPath: String, out: String, options: RunOptions) throws {
        let index = try readIndex(indexPath)
        let catalog = try ReportRun(options: options).loadCatalog()
        let booked = try mergeBucket(bucket: bucket, parts: parts, index: index, catalog: catalog)
        try write(booked, bucket: bucket, to: out)
    }

    static func write(_ booked: JournalBuilder.BookedBucket, bucket: Int, to path: String) throws {
        var writer = PartialWriter(kind: .booked, streamingTo: path)
        writer.count(bucket)
        writer.booked(booked)
        try writer.finish()
    }

    /// Bucket `bucket`'s copies in `parts` merged and booked.
    static func mergeBucket(bucket: Int, parts: [String], index: PartialIndex, catalog: Catalog) throws -> JournalBuilder.BookedBucket {
        let users = index.userTable
        let duplicates = index.duplicatePlaces
        var copies: [(shard: Int, entry: PartialCopy)] = []
        var bucketCount: Int?
        for path in parts {
            var reader = try PartialReader(path: path, expecting: .bucket)
            let shard = try index.shard(named: try reader.text(), in: path)
            let partBucket = try reader.count(), buckets = try reader.count()
            guard partBucket == bucket else { throw UsageError("merge-bucket: \(path) holds bucket \(partBucket), not \(bucket)") }
            guard bucketCount.map({ $0 == buckets }) ?? true else {
                throw UsageError("merge-bucket: \(path) was cut into \(buckets) buckets, another part into \(bucketCount ?? 0)")
            }
            bucketCount = buckets
            while try reader.bool() {
                let entry = try reader.copy()
                if !duplicates.contains(PartialIndex.ShardPosition(shard: shard, position: entry.position)) { copies.append((shard, entry)) }
            }
            try reader.requireEnd()
        }
        copies.sort { l, r in
            (l.entry.verifiedAt, l.entry.recordID, l.shard, l.entry.position, l.entry.copyIndex)
                < (r.entry.verifiedAt, r.entry.recordID, r.shard, r.entry.position, r.entry.copyIndex)
        }
        var builder = JournalBuilder(users: users)
        builder.setConsumableRefundEnvironments(Set(index.consumableRefundEnvironments))
        var start = 0
        var rank = 0
        while start < copies.count {
            let first = copies[start]
            var end = start + 1
            while end < copies.count, copies[end].shard == first.shard, copies[end].entry.position == first.entry.position { end += 1 }
            guard let user = users.lookup(first.entry.userName) else {
                throw FatalError("the record index does not know user \(first.entry.userName) of record \(first.entry.recordID): not the index of these parts")
            }
            let context = JournalBuilder.RecordContext(rank: rank, recordID: first.entry.recordID, verifiedAt: first.entry.verifiedAt,
                                                       user: user, users: users, claimedEnvironment: nil)
            builder.mergeCopies(copies[start..<end].map(\.entry.copy), recordEnvironment: first.entry.recordEnvironment, context: context)
            rank += 1
            start = end
        }
        return builder.bookBucket(catalog: catalog)
    }

    /// Writes the report folder of `options` (its input `.partialState(index:)`) from the index,
    /// every shard's `records.part` and every bucket's booked file, through the report code
    /// of `run`. `inputLabel` names the input on the pages (as `run` would name the records).
    package static func finish(options: RunOptions, recordsParts: [String], bookedParts: [String], inputLabel: String,
                               progress: (any RunObserver)? = nil) throws -> ReportRun.Summary {
        guard case .partialState(let indexPath) = options.input else { throw UsageError("finish: give the record index with --index") }
        // The catalog was applied by merge-bucket; finish reads it for the run's checks.
        let partial = PartialJournal(inputLabel: inputLabel) { _ in
            try journal(index: try readIndex(indexPath), recordsParts: recordsParts, bookedParts: bookedParts)
        }
        return try ReportRun(options: options, progress: progress).execute(fromPartialState: partial)
    }

    /// The per-record part of the merge over every record in processing order, joined with
    /// the buckets' booked transactions in key order.
    static func journal(index: PartialIndex, recordsParts: [String], bookedParts: [String]) throws -> JournalPipeline.Result {
        let users = index.userTable
        let builder = try mergedOncePerRecord(index: index, recordsParts: recordsParts)
        let joined = try TransactionFile.join(bookedParts: bookedParts, users: users)
        let journal = builder.journal(transactions: TransactionList(stored: joined.transactions),
                                      anomalies: builder.anomalies + joined.anomalies, recordsRead: index.recordsRead,
                                      heldTransactionIDs: HeldTransactionIDs(index: joined.held), bookedPositions: joined.bookedPositions)
        let visits = index.visits.map { (user: UserID(index: Int32($0.user)), time: $0.time) }
        let recordIndex = RecordIndex(users: users, visits: visits, latestVerifiedAt: index.latestVerifiedAt, recordsRead: index.recordsRead)
        return JournalPipeline.Result(journal: journal, index: recordIndex, readInOneScan: false)
    }

    /// The per-record part of the merge (`JournalBuilder.addRecord`) over every shard's records
    /// that passed the row checks and are not duplicates, in processing order, with every row
    /// rejection. Each record waits for its turn as its place in its shard's file (its bytes
    /// stay on disk, read again when its turn comes).
    private static func mergedOncePerRecord(index: PartialIndex, recordsParts: [String]) throws -> JournalBuilder {
        let users = index.userTable
        var builder = JournalBuilder(users: users)
        var rowRejections: [RecordIndex.RowRejection] = []
        var places: [(place: PartialIndex.Place, user: UserID, file: Int32, offset: Int64, length: Int32)] = []
        var files: [(descriptor: Int32, path: String)] = []
        defer { for file in files { close(file.descriptor) } }
        let duplicates = index.duplicatePlaces
        var seenShards = Set<Int>()
        for path in recordsParts {
            var reader = try PartialReader(path: path, expecting: .records)
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw UsageError("cannot read records part \(path): \(String(cString: strerror(errno)))") }
            files.append((descriptor, path))
            let name = try reader.text()
            let shard = try index.shard(named: name, in: path)
            guard seenShards.insert(shard).inserted else { throw UsageError("finish: shard \(name) is given twice") }
            while try reader.bool() {
                let start = reader.position
                let record = try reader.record()
                switch record.check {
                case .rejected(let rejection): rowRejections.append(rejection)
                case .passed(let passed):
                    guard !duplicates.contains(PartialIndex.ShardPosition(shard: shard, position: record.position)) else { continue }
                    guard let verifiedAt = record.verifiedAt, let user = record.userName.flatMap(users.lookup) else {
                        throw FatalError("\(path) is damaged: record \(passed.id) passed the row checks without their keys")
                    }
                    places.append((PartialIndex.Place(verifiedAt: verifiedAt, id: passed.id, shard: shard, position: record.position), user,
                                   Int32(files.count - 1), Int64(start), Int32(reader.position - start)))
                }
            }
            try reader.requireEnd()
        }
        guard seenShards.count == index.shardNames.count else {
            throw UsageError("finish: give the records.part of every shard the index was built from (\(index.shardNames.count), not \(seenShards.count))")
        }
        rowRejections += index.duplicates.map { RecordIndex.duplicate(position: $0.position, id: $0.id, userName: $0.userName) }
        builder.reject(rows: rowRejections)
        places.sort { $0.place < $1.place }
        for (rank, (place, user, file, offset, length)) in places.enumerated() {
            let (descriptor, path) = files[Int(file)]
            var reader = PartialReader(range: Int(offset), count: Int(length), of: descriptor, path: path)
            guard case .passed(let passed) = try reader.record().check else {
                throw FatalError("\(path) changed while it was read: record \(place.id) no longer passed the row checks")
            }
            let context = JournalBuilder.RecordContext(rank: rank, recordID: place.id, verifiedAt: place.verifiedAt, user: user, users: users,
                                                       claimedEnvironment: passed.claimedEnvironment)
            _ = builder.addRecord(passed.record, copyEnvironments: passed.copyEnvironments, context: context)
        }
        return builder
    }
}

extension ShardStages {
    /// `run --memory-limit`: the stages in this process through a temporary folder, so that
    /// the merge holds one bucket's transactions at a time: the input is cut into buckets on
    /// disk (`shard`), then each bucket is merged, booked, written and freed, then the buckets
    /// are joined (`finish`'s journal). The journal is the one `JournalPipeline` builds.
    static func journalInBuckets(source: RecordSource, options: RunOptions, catalog: Catalog, memoryLimit: Int, inputBytes: Int,
                                 progress: (any RunObserver)?) throws -> JournalPipeline.Result {
        let buckets = bucketCount(inputBytes: inputBytes, memoryLimit: memoryLimit)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("receipt-ledger-buckets-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        progress?.phase("cutting records into \(buckets) buckets")
        progress?.start(total: 0)
        let summary = try shard(source: source, options: options, buckets: buckets, shardName: "input", outDirectory: folder, progress: progress)
        progress?.finish()
        let records = folder + "/" + PartialFile.recordsFileName
        progress?.phase("indexing records")
        let index = try PartialIndex(recordsParts: [records])
        var booked: [String] = []
        progress?.phase("merging \(summary.buckets.count) buckets one at a time")
        progress?.start(total: summary.buckets.count, unit: "buckets")
        for bucket in summary.buckets {
            let part = folder + "/" + PartialFile.bucketFileName(bucket)
            let out = folder + "/booked-\(bucket).part"
            try write(try mergeBucket(bucket: bucket, parts: [part], index: index, catalog: catalog), bucket: bucket, to: out)
            try? FileManager.default.removeItem(atPath: part)
            booked.append(out)
            progress?.advance(by: 1)
        }
        progress?.finish()
        progress?.phase("joining buckets")
        return try journal(index: index, recordsParts: [records], bookedParts: booked)
    }

    /// Buckets enough that one holds about a quarter of `memoryLimit` of input bytes: a bucket's
    /// decoded copies and merge states take a few times its bytes.
    static func bucketCount(inputBytes: Int, memoryLimit: Int) -> Int {
        let share = max(1, memoryLimit / 4)
        return min(65_536, max(1, (inputBytes + share - 1) / share))
    }
}

/// A journal made from partial state, for `ReportRun.execute(fromPartialState:)`.
struct PartialJournal {
    /// What the pages call the input (`run` names its source).
    var inputLabel: String
    var journal: (Catalog) throws -> JournalPipeline.Result
}
