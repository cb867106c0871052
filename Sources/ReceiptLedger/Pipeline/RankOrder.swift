/// Puts records that arrive in input order into processing (rank) order for the merge.
///
/// A record whose turn has come is merged at once, with any waiting successors; one that is
/// early waits. When the waiting bodies pass the byte budget, the later half is dropped and
/// `limit` lowered to it: this pass then ignores those ranks, and the next pass reads them again.
/// Every decision depends only on the order records arrive in, never on timing.
struct RankOrder {
    let total: Int
    let budget: Int
    /// The next rank to merge.
    private(set) var next = 0
    /// Ranks at or above this one are left to a later pass.
    private(set) var limit: Int
    private var waiting: [Int: ParsingWorkers.Parsed] = [:]
    private var waitingBytes = 0

    init(total: Int, budget: Int) {
        self.total = total
        self.budget = budget
        limit = total
    }

    var isComplete: Bool { next >= total }
    /// Everything this pass can merge was merged: the rest of the input can be skipped.
    var isPassComplete: Bool { next >= limit }

    mutating func accept(_ parsed: consuming ParsingWorkers.Parsed, merge: (consuming ParsingWorkers.Parsed) -> Void) {
        guard parsed.rank >= next, parsed.rank < limit else { return }
        guard parsed.rank == next else {
            let (rank, bytes) = (parsed.rank, parsed.bodyBytes)
            waiting[rank] = consume parsed
            waitingBytes += bytes
            if waitingBytes > budget {
                // Keep the lower half; the rest is read again by the next pass.
                let ranks = waiting.keys.sorted()
                for dropped in ranks[(ranks.count / 2)...] {
                    waitingBytes -= waiting.removeValue(forKey: dropped)?.bodyBytes ?? 0
                }
                limit = ranks[ranks.count / 2]
            }
            return
        }
        merge(parsed)
        next += 1
        while let successor = waiting.removeValue(forKey: next) {
            waitingBytes -= successor.bodyBytes
            merge(successor)
            next += 1
        }
    }

    /// Ends a pass and opens the next one; false when a record below the limit never came
    /// (the input changed between passes). Whatever waits here is then at or above the limit,
    /// and was dropped already: nothing is left to merge.
    mutating func endPass() -> Bool {
        guard next >= limit else { return false }
        limit = total
        return true
    }
}
