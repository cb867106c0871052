/// The kinds of `anomalies.csv` (SPEC §2, §8 "Anomalies"), each spelled once: the raw value is
/// the CSV text, so that no site can invent a kind (`SpecListsTests` checks the list against
/// SPEC). Here, below the merge, since the reader raises some of them (receipt-level dates,
/// malformed entries).
enum AnomalyKind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case badTimestamp = "bad_timestamp"
    case timestampMismatch = "timestamp_mismatch"
    case ambiguousPST = "ambiguous_pst"
    case invalidPST = "invalid_pst"
    case sharedTransaction = "shared_transaction"
    case conflictingTransaction = "conflicting_transaction"
    case bothEnvironments = "transaction_in_both_environments"
    case unpricedProduct = "unpriced_product"
    case malformedTransaction = "malformed_transaction"
    case badQuantity = "bad_quantity"
    case cancellationBeforePurchase = "cancellation_before_purchase"
    /// A later signed copy without `revocationDate` reverses a refund (SPEC §9).
    case refundReversed = "refund_reversed"
    /// A signed price differs from the catalog's in the same currency (SPEC §9).
    case catalogPriceDiffers = "catalog_price_differs"

    /// The CSV text, also in string interpolation (deduplication keys, messages).
    var description: String { rawValue }
}
