/// The demo's own deterministic generator: xoshiro256** (Blackman & Vigna) seeded through
/// SplitMix64, so the same seed gives the same data on every machine and Swift version
/// (the standard library's `random(in:using:)` algorithms are not promised to stay fixed).
struct DemoRandom {
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64

    /// A generator for one numbered stream of a seed; streams are independent, so adding a
    /// user or a scenario never reshuffles the others.
    init(seed: UInt64, stream: UInt64 = 0) {
        var mixer = seed ^ DemoRandom.mix(stream &+ 0x5EED)
        s0 = DemoRandom.splitMix(&mixer)
        s1 = DemoRandom.splitMix(&mixer)
        s2 = DemoRandom.splitMix(&mixer)
        s3 = DemoRandom.splitMix(&mixer)
    }

    mutating func next() -> UInt64 {
        let result = DemoRandom.rotate(s1 &* 5, 7) &* 9
        let shifted = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= shifted
        s3 = DemoRandom.rotate(s3, 45)
        return result
    }

    /// Uniform in `0..<bound` (Lemire's multiply-high; the tiny bias is irrelevant for demo data).
    mutating func below(_ bound: UInt64) -> UInt64 {
        guard bound > 0 else { return 0 }
        return next().multipliedFullWidth(by: bound).high
    }

    mutating func int(_ range: ClosedRange<Int64>) -> Int64 {
        let width = UInt64(bitPattern: range.upperBound &- range.lowerBound) &+ 1
        guard width != 0 else { return Int64(bitPattern: next()) }
        return range.lowerBound &+ Int64(bitPattern: below(width))
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int(int(Int64(range.lowerBound)...Int64(range.upperBound)))
    }

    /// True with probability `basisPoints` / 10 000.
    mutating func chance(_ basisPoints: Int) -> Bool {
        below(10_000) < UInt64(max(0, basisPoints))
    }

    /// One of `items` by integer weights, e.g. `weighted([(.a, 70), (.b, 30)])`.
    mutating func weighted<T>(_ items: [(T, Int)]) -> T? {
        let total = items.reduce(0) { $0 + max(0, $1.1) }
        var point = Int(below(UInt64(max(total, 0))))
        for (item, weight) in items where weight > 0 {
            if point < weight { return item }
            point -= weight
        }
        return items.last?.0
    }

    static func splitMix(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return mix(state)
    }

    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }
}
