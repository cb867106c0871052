/// The tool's name and version, as the manifest and the pages show them.
/// The layers of the library are drawn in `docs/ARCHITECTURE.md`.
public enum ReceiptLedgerInfo {
    public static let version = "0.1.0"
}
