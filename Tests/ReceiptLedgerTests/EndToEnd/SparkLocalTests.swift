import Foundation
import Testing

/// Issue 26, deliverable 4: the PySpark driver (`deploy/spark/ledger_on_spark.py`) run with Spark
/// in local mode (`local[2]`) on the demo data dealt at random into three shards, from NDJSON and
/// from Parquet, writes the same report folder, byte for byte, as one `receipt-ledger run` over
/// every record (`deploy/spark/test_local.py` does the comparing; the manifest's `inputs` alone
/// may differ). It needs PySpark and a Java runtime: without them it is skipped, but under CI
/// (where `.ci/run` installs both) it fails instead.
@Suite struct SparkLocalTests {
    /// Whether `python3 -c "import pyspark"` works and `java` is on the PATH.
    static let sparkIsInstalled: Bool = {
        (try? ChildProcess.run("/usr/bin/env", ["python3", "-c", "import pyspark"]).status) == 0
            && (try? ChildProcess.run("/usr/bin/env", ["java", "-version"]).status) == 0
    }()

    static var shouldRun: Bool { sparkIsInstalled || HeadlessChromium.isRequired }

    @Test(.enabled(if: shouldRun), .timeLimit(.minutes(10)))
    func sparkRunOnShuffledShardsWritesTheSameFilesAsOneRun() throws {
        try #require(Self.sparkIsInstalled, "PySpark and Java are not installed: pip install pyspark==3.5.3 and a Java runtime (.ci/run does both)")
        let binary = try InterruptedRunTests.binary()
        let script = HostileSupport.repository.appendingPathComponent("deploy/spark/test_local.py").path
        let result = try ChildProcess.run("/usr/bin/env", ["python3", script, "--binary", binary, "--records", "3000", "--parquet"],
                                          in: HostileSupport.repository)
        let summary = result.output.split(separator: "\n").filter { $0.hasPrefix("test_local:") }.joined(separator: "\n")
        #expect(result.status == 0, "\(summary)\n\(result.output.suffix(3000))")
        #expect(summary == "test_local: ndjson: all 26 files agree (manifest.json but its inputs)\n"
            + "test_local: parquet: all 26 files agree (manifest.json but its inputs)")
    }
}
