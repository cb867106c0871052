import ReceiptLedger

/// How long the SHA-256 of the input takes alone, on one core: the manifest needs it, so every
/// run spends this much CPU time whatever else it does, which `bench` prints beside the ratio.
enum InputHashTiming {
    static func measure(path: String) throws -> Double {
        let started = BenchClock.now()
        do { _ = try SHA256.hexDigest(ofFileAt: path) } catch { throw FatalError("cannot read \(path): \(error)") }
        return BenchClock.now() - started
    }
}
