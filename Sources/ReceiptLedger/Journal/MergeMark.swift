/// What the merge counts for one transaction between records: in which record it last met
/// the transaction, and how many records held it (SPEC `record_count`: a record holding
/// several copies counts once). Each `TransactionState` keeps one.
/// Figures: Benchmarks/EXPERIMENTS.md, "Kept" › MergeMark.
struct MergeMark: Sendable {
    /// The rank of the latest record that held the transaction; -1 before any.
    private(set) var lastRank = -1
    /// 32 bits, so that the mark and the state's product number share 16 bytes (a state per
    /// transaction: issue 26).
    private var count: UInt32 = 0

    /// Distinct accepted records holding the transaction (SPEC `record_count`).
    var recordCount: Int { Int(count) }

    /// Counts the record at `rank`, once however many copies of the transaction it holds.
    mutating func noteRecord(rank: Int) {
        guard rank != lastRank else { return }
        lastRank = rank
        precondition(count < UInt32.max, "more than 4,294,967,295 records hold one transaction")
        count += 1
    }
}
