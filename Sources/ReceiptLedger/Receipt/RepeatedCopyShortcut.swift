/// The shortcut for repeated copies: the one place that decides whether a transaction copy may
/// be left unmerged, asked by the reader (`ResponseReader`) and by the merge (`JournalBuilder`).
///
/// Contract: it skips only what cannot change the result but the record count. A skipped copy
/// was read from the same bytes (`CopyFingerprint`) as the copy its transaction merged last,
/// so it says the same, and merging it again would change no field, raise no finding and note
/// no user that the merge does not still count or note for it. It exists because every stored
/// answer repeats its user's history, and `latest_receipt_info` repeats `in_app`: most copies
/// repeat a copy merged before. Signed copies are never skipped (they carry no fingerprint).
///
/// Off (`disabled`, as `JournalPipeline.reference` runs), no fingerprint is taken and every
/// copy is merged in full; the reports of both are compared byte for byte on the demo data and
/// the fuzz inputs (`RepeatedCopyShortcutTests`, and `ReferenceReadingTests` for the whole
/// reference reading). Here, below the merge, because the reader asks it too.
struct RepeatedCopyShortcut: Sendable, Equatable {
    let isEnabled: Bool

    static let enabled = RepeatedCopyShortcut(isEnabled: true)
    static let disabled = RepeatedCopyShortcut(isEnabled: false)

    /// The fingerprint to read a receipt copy with, from its entry's bytes: `.none` when off.
    func fingerprint(_ bytes: UnsafeBufferPointer<UInt8>) -> CopyFingerprint {
        isEnabled ? CopyFingerprint(bytes) : .none
    }

    /// The reader: whether `copy` may be left out of the record being read, whose copies so
    /// far are `appended`. Only a repeat of the copy appended last for its transaction in this
    /// record may (found by `repeats`, which notes `copy` when it is kept): merged again in the
    /// same record it would count, note and raise nothing new, since a record is counted once,
    /// a conflict, a bad quantity and an unreadable cancellation once per record, and the other
    /// findings once overall.
    func readerMayDrop(_ copy: TransactionCopy, appended: [ParsedRecord.Copy], repeats: inout RepeatedCopies) -> Bool {
        isEnabled && repeats.isRepeat(copy, appended: appended)
    }

    /// The merge: whether a copy that repeats the copy its transaction merged last may be left
    /// unmerged. In the same record, always (as for the reader). From a later record, only when
    /// that merge disagreed with no fixed field (a conflict is raised in every record that
    /// shows it) and the copy raises no finding of its own (a bad quantity is raised once per
    /// record, an unreadable cancellation too): the state already holds what the copy says.
    /// The caller still counts the later record and notes its user.
    func mergeMaySkip(inSameRecord: Bool, lastMergeConflicted: Bool, raisesFindings: Bool) -> Bool {
        isEnabled && (inSameRecord || (!lastMergeConflicted && !raisesFindings))
    }
}
