/// `transactions.csv`: one row per deduplicated transaction (SPEC §7).
enum TransactionsFile {
    static let name = "transactions.csv"
    /// The columns of SPEC §7, in order; `first_record_id` is an id (text in the workbook).
    static let columns: [ReportColumn] = [
        .text("environment"), .text("transaction_id"), .text("original_transaction_id"), .text("user_id"), .text("product_id"),
        .text("product_type"), .integer("quantity"), .instant("purchase_date"), .instant("original_purchase_date"),
        .instant("expires_date"), .instant("cancellation_date"), .text("cancellation_reason"), .boolean("is_trial_period"),
        .boolean("is_in_intro_offer_period"), .text("ownership_type"), .text("currency"), .amount("unit_price"),
        .amount("gross_amount"), .amount("proceeds_amount"), .text("status"), .boolean("refund_visible"),
        .text("first_record_id"), .integer("record_count"),
        // SPEC §9's columns of signed transactions, in its order (empty on receipt-only ones).
        .text("revocation_type"), .text("revocation_percentage"), .text("price_source"),
        .amount("customer_price", currency: "customer_currency"), .text("customer_currency"), .text("storefront"),
        .text("app_account_token"),
        // The project's trail columns, after every column SPEC names (see `LedgerPlacement`).
        .text("period_sold"), .text("period_refunded"), .boolean("counted"),
    ]
    static let header = columns.map(\.name)

    /// The file for `ReportRun`. The journal lists transactions by (environment,
    /// transaction_id), the file's key, which no two share: that is already the file order, so
    /// the rows are streamed as they are. (Should the order ever not hold, the table is sorted
    /// like any other.)
    static func csv(_ transactions: TransactionList, placement: LedgerPlacement) -> ReportCSV {
        guard transactions.isInKeyOrder else {
            return .table(cellTable(transactions, placement: placement), columns: columns)
        }
        return .streamed(columns: columns, count: transactions.count) { range, rows in
            appendRows(transactions.elements(range), placement: placement, to: &rows)
        }
    }

    static func appendRows(_ transactions: some Sequence<Transaction>, placement: LedgerPlacement, to rows: inout CSVRowWriter) {
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
            let signed = t.signed  // taken once: a copy of the detail per access
            rows.text(signed.revocationType)
            rows.text(signed.revocationPercentage)
            rows.text(t.priceSource.rawValue)
            if let price = signed.customerPrice { rows.amount(price) } else { rows.text("") }
            rows.text(signed.customerCurrency)
            rows.text(signed.storefront)
            rows.text(signed.appAccountToken)
            rows.text(labels.periodSold(t))
            rows.text(labels.periodRefunded(t))
            rows.bool(LedgerPlacement.counts(t))
            rows.endRow()
        }
    }

    /// The same rows as cells, sorted by the file's key.
    static func cellTable(_ transactions: TransactionList, placement: LedgerPlacement) -> CSVTable {
        var table = CSVTable(header: header)
        var labels = placement.labels()
        for t in transactions {
            let signed = t.signed
            table.append([
                .text(t.environment.rawValue), .text(t.transactionID), .text(t.originalTransactionID.string), .text(t.userName),
                .text(t.productID), .text(t.productType?.rawValue ?? ""), .number(String(t.quantity)),
                .instant(t.purchase), .instant(t.originalPurchase), .instant(t.expires), .instant(t.cancellation),
                .text(t.cancellationReason), .bool(t.isTrialPeriod), .bool(t.isInIntroOfferPeriod), .text(t.ownershipType),
                .text(t.currency?.code ?? ""), .amount(t.unitPrice), .amount(t.gross), .amount(t.proceeds),
                .text(t.status.rawValue), .bool(t.refundVisible), .number(String(t.firstRecordID)), .count(t.recordCount),
                .text(signed.revocationType), .text(signed.revocationPercentage), .text(t.priceSource.rawValue),
                signed.customerPrice.map { .amount($0) } ?? .empty, .text(signed.customerCurrency), .text(signed.storefront),
                .text(signed.appAccountToken),
                .text(labels.periodSold(t)), .text(labels.periodRefunded(t)), .bool(LedgerPlacement.counts(t)),
            ])
        }
        return table.sorted(keyColumns: 2, numericKeyColumns: [])
    }
}
