/// `transactions.csv`: one row per deduplicated transaction (SPEC §7).
enum TransactionsFile {
    static let name = "transactions.csv"
    static let header = [
        "environment", "transaction_id", "original_transaction_id", "user_id", "product_id", "product_type", "quantity",
        "purchase_date", "original_purchase_date", "expires_date", "cancellation_date", "cancellation_reason",
        "is_trial_period", "is_in_intro_offer_period", "ownership_type", "currency", "unit_price", "gross_amount",
        "proceeds_amount", "status", "refund_visible", "first_record_id", "record_count",
        // The project's trail columns, after every column SPEC names (see `LedgerPlacement`).
        "period_sold", "period_refunded", "counted",
    ]

    /// The file for `ReportRun`. The journal lists transactions by (environment,
    /// transaction_id), the file's key, which no two share: that is already the file order, so
    /// the rows are streamed as they are. (Should the order ever not hold, the table is sorted
    /// like any other.)
    static func csv(_ transactions: [Transaction], placement: LedgerPlacement) -> ReportCSV {
        guard zip(transactions, transactions.dropFirst()).allSatisfy({ $0.key < $1.key }) else {
            return .table(cellTable(transactions, placement: placement))
        }
        return .streamed(header: header, count: transactions.count) { range, rows in
            appendRows(transactions[range], placement: placement, to: &rows)
        }
    }

    static func appendRows(_ transactions: ArraySlice<Transaction>, placement: LedgerPlacement, to rows: inout CSVRowWriter) {
        var labels = placement.labels()
        for t in transactions {
            rows.text(t.environment.rawValue)
            rows.text(t.key.transactionID.text)
            rows.text(t.originalTransactionID)
            rows.text(t.userName)
            rows.text(t.productID)
            rows.text(t.productType?.rawValue ?? "")
            rows.integer(t.quantity)
            rows.instant(t.purchase)
            rows.instant(t.originalPurchase)
            rows.instant(t.expires)
            rows.instant(t.cancellation)
            rows.text(t.cancellationReason)
            rows.bool(t.isTrialPeriod)
            rows.bool(t.isInIntroOfferPeriod)
            rows.text(t.ownershipType)
            rows.text(t.currency?.code ?? "")
            rows.amount(t.unitPrice)
            rows.amount(t.gross)
            rows.amount(t.proceeds)
            rows.text(t.status.rawValue)
            rows.bool(t.refundVisible)
            rows.integer(t.firstRecordID)
            rows.count(t.recordCount)
            rows.text(labels.periodSold(t))
            rows.text(labels.periodRefunded(t))
            rows.bool(LedgerPlacement.counts(t))
            rows.endRow()
        }
    }

    /// The same rows as cells, sorted by the file's key.
    static func cellTable(_ transactions: [Transaction], placement: LedgerPlacement) -> CSVTable {
        var table = CSVTable(header: header)
        var labels = placement.labels()
        for t in transactions {
            table.append([
                .text(t.environment.rawValue), .text(t.transactionID), .text(t.originalTransactionID.string), .text(t.userName),
                .text(t.productID), .text(t.productType?.rawValue ?? ""), .number(String(t.quantity)),
                .instant(t.purchase), .instant(t.originalPurchase), .instant(t.expires), .instant(t.cancellation),
                .text(t.cancellationReason), .bool(t.isTrialPeriod), .bool(t.isInIntroOfferPeriod), .text(t.ownershipType),
                .text(t.currency?.code ?? ""), .amount(t.unitPrice), .amount(t.gross), .amount(t.proceeds),
                .text(t.status.rawValue), .bool(t.refundVisible), .number(String(t.firstRecordID)), .count(t.recordCount),
                .text(labels.periodSold(t)), .text(labels.periodRefunded(t)), .bool(LedgerPlacement.counts(t)),
            ])
        }
        return table.sorted(keyColumns: 2, numericKeyColumns: [])
    }
}
