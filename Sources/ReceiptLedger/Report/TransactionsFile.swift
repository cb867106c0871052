/// `transactions.csv`: one row per deduplicated transaction (SPEC §7).
enum TransactionsFile {
    static let name = "transactions.csv"
    static let header = [
        "environment", "transaction_id", "original_transaction_id", "user_id", "product_id", "product_type", "quantity",
        "purchase_date", "original_purchase_date", "expires_date", "cancellation_date", "cancellation_reason",
        "is_trial_period", "is_in_intro_offer_period", "ownership_type", "currency", "unit_price", "gross_amount",
        "proceeds_amount", "status", "refund_visible", "first_record_id", "record_count",
    ]

    static func table(_ transactions: [Transaction]) -> CSVTable {
        var table = CSVTable(header: header)
        for t in transactions {
            table.append([
                .text(t.environment.rawValue), .text(t.transactionID), .text(t.originalTransactionID), .text(t.userName),
                .text(t.productID), .text(t.productType?.rawValue ?? ""), .number(String(t.quantity)),
                .instant(t.purchase), .instant(t.originalPurchase), .instant(t.expires), .instant(t.cancellation),
                .text(t.cancellationReason), .bool(t.isTrialPeriod), .bool(t.isInIntroOfferPeriod), .text(t.ownershipType),
                .text(t.currency?.code ?? ""), .amount(t.unitPrice), .amount(t.gross), .amount(t.proceeds),
                .text(t.status.rawValue), .bool(t.refundVisible), .number(String(t.firstRecordID)), .count(t.recordCount),
            ])
        }
        return table.sorted(keyColumns: 2, numericKeyColumns: [])
    }
}
