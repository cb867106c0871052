/// What the merge keeps about one transaction between records: which copy it merged last, in
/// which record, and how many records held it. `JournalBuilder` keeps one per transaction in a
/// flat array beside its states (same positions).
///
/// Every stored answer repeats the subscriber's history, so most copies a record holds repeat,
/// byte for byte (`CopyFingerprint`), the copies the same user's previous record held: for
/// those only the record count changes. The marks (one flat array) hold all that such a repeat
/// reads and writes, so that it never waits on a cache miss for a state last touched thousands
/// of records before; the state is touched only when a copy brings something new, or a user
/// other than the owner.
/// Figures: Benchmarks/EXPERIMENTS.md, "Kept" › MergeMark.
struct MergeMark: Sendable {
    /// The bytes of the copy merged last; `.none` before the first merge.
    var lastCopy = CopyFingerprint.none
    /// The rank of the latest record that held the transaction; -1 before any.
    private(set) var lastRank = -1
    /// Distinct accepted records holding the transaction (SPEC `record_count`).
    private(set) var recordCount = 0
    /// The owner: the user of the earliest record holding the transaction.
    let owner: UserID
    /// Whether the copy merged last disagreed with the fixed fields: its repeats must then be
    /// merged again, each record reporting the conflict (`RepeatedCopyShortcut.mergeMaySkip`).
    var lastMergeConflicted = false

    init(owner: UserID) { self.owner = owner }

    /// Counts the record at `rank`, once however many copies of the transaction it holds.
    mutating func noteRecord(rank: Int) {
        guard rank != lastRank else { return }
        lastRank = rank
        recordCount += 1
    }
}
