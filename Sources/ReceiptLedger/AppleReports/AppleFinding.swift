/// What `AppleReconciliation` found for a key.
package enum AppleFinding: String, Sendable, Comparable, CaseIterable {
    case match
    case unitsDiffer = "units_differ"
    /// Apple counted units no stored record shows: the server never verified them.
    case appleOnly = "apple_only"
    /// We booked units Apple does not report: sandbox booked as production, a replayed or
    /// forged record, or a sale Apple has not collected yet.
    case oursOnly = "ours_only"
    /// Units agree, money does not: a stale catalog, tax, the 85 % rate after a year, rounding.
    case amountDiffers = "amount_differs"

    /// SPEC §10: equal net units → match, ours 0 → apple_only, Apple's 0 → ours_only, else units_differ.
    static func units(apple: Int64, ours: Int64) -> AppleFinding {
        if apple == ours { return .match }
        if ours == 0 { return .appleOnly }
        if apple == 0 { return .oursOnly }
        return .unitsDiffer
    }

    package static func < (lhs: AppleFinding, rhs: AppleFinding) -> Bool { lhs.rawValue < rhs.rawValue }
}
