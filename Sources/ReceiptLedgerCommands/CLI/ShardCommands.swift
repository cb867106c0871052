import Foundation
import ReceiptLedger

/// The stages of a sharded run (docs/PARTIAL-STATE.md), for a driver that runs them on many
/// machines: `shard`, `index`, `merge-bucket`, `finish`. Each takes `run`'s options that bear
/// on its part (reading, booking, reporting) and prints one line of what it wrote.
enum ShardCommands {
    static func shard(_ arguments: [String]) throws -> Int32 {
        let (options, scan) = try RunCommand.parse(arguments, command: "shard", extra: ["buckets": .value, "shard-name": .value])
        guard let bucketsText = scan.value("buckets") else { throw UsageError("shard: give the number of buckets with --buckets N") }
        guard let buckets = Int(bucketsText), buckets >= 1, buckets <= 1_000_000 else {
            throw UsageError("shard: --buckets takes a number from 1 to 1000000, not \"\(bucketsText)\"")
        }
        guard let name = scan.value("shard-name"), !name.isEmpty else { throw UsageError("shard: give the shard a name with --shard-name NAME") }
        guard let out = scan.value("out") else { throw UsageError("shard: give the folder to write with --out DIR") }
        let summary = try ShardStages.shard(options: options, buckets: buckets, shardName: name, outDirectory: out)
        print("shard \(name): \(summary.records) records, \(summary.copies) transaction copies in \(summary.buckets.count) buckets, written to \(out)/")
        return ExitCode.success
    }

    static func index(_ arguments: [String]) throws -> Int32 {
        let scan = try ArgumentScanner(arguments, options: ["records": .repeatable, "out": .value], command: "index")
        let parts = scan.all("records")
        guard !parts.isEmpty else { throw UsageError("index: give every shard's records.part with --records FILE (repeatable)") }
        guard let out = scan.value("out") else { throw UsageError("index: give the index file to write with --out FILE") }
        let records = try ShardStages.index(recordsParts: parts, out: out)
        print("index: \(records) records of \(parts.count) shards, written to \(out)")
        return ExitCode.success
    }

    static func mergeBucket(_ arguments: [String]) throws -> Int32 {
        let (options, scan) = try RunCommand.parse(arguments, command: "merge-bucket",
                                                   extra: ["bucket": .value, "parts": .repeatable, "index": .value]) { scan throws(UsageError) in
            guard let index = scan.value("index") else { throw UsageError("merge-bucket: give the record index with --index FILE") }
            return .partialState(index: index)
        }
        guard let bucketText = scan.value("bucket") else { throw UsageError("merge-bucket: give the bucket's number with --bucket B") }
        guard let bucket = Int(bucketText), bucket >= 0 else { throw UsageError("merge-bucket: --bucket takes a number from 0, not \"\(bucketText)\"") }
        guard let out = scan.value("out") else { throw UsageError("merge-bucket: give the file to write with --out FILE") }
        let parts = scan.all("parts")
        try ShardStages.mergeBucket(bucket: bucket, parts: parts, indexPath: options.inputPath, out: out, options: options)
        print("merge-bucket \(bucket): \(parts.count) parts merged, written to \(out)")
        return ExitCode.success
    }

    static func parseFinish(_ arguments: [String]) throws(UsageError) -> (options: RunOptions, records: [String], booked: [String], label: String) {
        let (options, scan) = try RunCommand.parse(arguments, command: "finish",
                                                   extra: ["index": .value, "records": .repeatable, "booked": .repeatable,
                                                           "input-label": .value]) { scan throws(UsageError) in
            guard let index = scan.value("index") else { throw UsageError("finish: give the record index with --index FILE") }
            return .partialState(index: index)
        }
        let records = scan.all("records")
        guard !records.isEmpty else { throw UsageError("finish: give every shard's records.part with --records FILE (repeatable)") }
        let label = scan.value("input-label") ?? "partial state in \(options.inputPath)"
        return (options, records, scan.all("booked"), label)
    }

    static func finish(_ arguments: [String]) throws -> Int32 {
        let (options, records, booked, label) = try parseFinish(arguments)
        let summary = try ShardStages.finish(options: options, recordsParts: records, bookedParts: booked, inputLabel: label,
                                             progress: ProgressReporter.forTerminal())
        return RunCommand.conclude(summary, options: options)
    }
}
