import Testing
@testable import ReceiptLedger

/// What `receipt-ledger bench` prints: medians, the ratios the targets are stated in, the peak
/// memory of the largest run, the pipeline's CPU time and the input hash's share of it.
@Suite struct BenchReportTests {
    private func run(_ seconds: Double, rss: Int64, cpu: Double) -> ChildRun.Result {
        ChildRun.Result(seconds: seconds, peakRSSBytes: rss, exitCode: 0, cpuSeconds: cpu)
    }

    @Test func printsMediansRatiosPeakMemoryAndCPU() {
        let report = BenchReport(
            records: 1_000, seed: 7, responseBytes: 3_000_000, inputBytes: 4_000_000,
            plain: [0.5, 0.4, 0.6], inputHash: [0.6, 0.54, 0.5],
            pipeline: [run(2.0, rss: 100 << 20, cpu: 3.0), run(1.0, rss: 300 << 20, cpu: 1.9), run(1.5, rss: 200 << 20, cpu: 2.7)],
            ndjson: [run(1.8, rss: 90 << 20, cpu: 3.2), run(1.6, rss: 95 << 20, cpu: 3.1), run(2.2, rss: 80 << 20, cpu: 4.0)],
            ndjsonBytes: 5_000_000, generated: false)
        let lines = report.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 7)
        #expect(lines[0].hasPrefix("receipt-ledger bench: 1000 records (seed 7), 3.0 MB of responses, SQLite file 4.0 MB, "))
        #expect(lines[0].hasSuffix("median of 3 runs"))
        #expect(lines[1] == "plain read  (\(PlainRead.sql)): 0.500 s")
        // Medians 1.5 s and 0.5 s: 666.67 records/s, 2.0 MB/s, 3 ×; the largest peak, 300 MiB.
        #expect(lines[2] == "pipeline    (run --db, every output written): 1.500 s, 667 records/s, 2.0 MB/s, "
            + "ratio 3.00 × plain read, peak RSS 300 MiB")
        #expect(lines[3].hasPrefix("pipeline CPU: 2.700 s, user and system over all threads (1.80 × the wall time, on "))
        // Median 0.54 s: 1.08 × the plain read's 0.5 s, 20 % of the pipeline's 2.7 CPU-s.
        #expect(lines[4] == "input SHA-256 alone (the manifest's digest, on one core): 0.540 s, 1.08 × plain read, 20 % of the pipeline CPU")
        #expect(lines[5] == "ndjson      (run --ndjson, 5.0 MB file): 1.800 s, 556 records/s, ratio 1.20 × the SQLite pipeline, peak RSS 95 MiB")
        #expect(lines[6] == "runs (plain/pipeline s): 0.500/2.000 0.400/1.000 0.600/1.500")
    }
}
