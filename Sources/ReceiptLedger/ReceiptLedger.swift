/// receipt-ledger turns stored App Store `verifyReceipt` answers into auditable ledgers.
///
/// The pipeline reads left to right in the folder list:
/// Input → Receipt → Journal → Ledger → Output.
public enum ReceiptLedgerInfo {
    public static let version = "0.1.0"
}
