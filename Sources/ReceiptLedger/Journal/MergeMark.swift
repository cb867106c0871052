/// What the merge counts for one transaction between records: in which record it last met
/// the transaction, and how many records held it (SPEC `record_count`: a record holding
/// several copies counts once). Each `TransactionState` keeps one.
/// Figures: Benchmarks/EXPERIMENTS.md, "Kept" › MergeMark.
struct MergeMark: Sendable {
    /// The rank of the latest record that held the transaction; -1 before any.
    private(set) var lastRank = -1
    /// Distinct accepted records holding the transaction (SPEC `record_count`).
    private(set) var recordCount = 0

    /// Counts the record at `rank`, once however many copies of the transaction it holds.
    mutating func noteRecord(rank: Int) {
        guard rank != lastRank else { return }
        lastRank = rank
        recordCount += 1
    }
}
