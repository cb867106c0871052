/// iOS 6 answers (as in nov/itunes-receipt's fixtures): `receipt` is the transaction the
/// device's receipt was made for, `latest_receipt_info` one object for the newest period,
/// `expires_date` in ms digits with `expires_date_formatted(_pst)`, plus `bid`, `bvrs`,
/// `item_id`, `unique_identifier`; no `environment`, no `receipt_type`, no `in_app`.
extension DemoResponseRenderer {
    mutating func writeOldStyleAnswer(_ plan: DemoRecordPlan, account: DemoAppleAccount) {
        var inReceipt: DemoTransaction?
        var latest: DemoTransaction?
        for index in account.transactions {
            let transaction = world.transactions[Int(index)]
            if transaction.purchase <= plan.receiptAt { inReceipt = transaction }
            if transaction.isSubscription && transaction.purchase <= plan.verifiedAt { latest = transaction }
        }
        writer.append("{\"receipt\":")
        if let transaction = inReceipt ?? latest {
            writeOldStyleTransaction(transaction, plan: plan, account: account)
        } else {
            writer.append("{\"bid\":")
            writer.string(account.bundleID)
            writer.append("}")
        }
        if let latest {
            writer.append(",\"latest_receipt_info\":")
            writeOldStyleTransaction(latest, plan: plan, account: account)
        }
        writeStatus(plan)
        writeLatestReceipt(account: account, transactionCount: 1)
        writer.append("}")
    }

    private mutating func writeOldStyleTransaction(
        _ transaction: DemoTransaction, plan: DemoRecordPlan, account: DemoAppleAccount
    ) {
        writer.append("{")
        writer.key("original_purchase_date_pst")
        writer.pacificString(transaction.originalPurchase)
        writer.field("unique_identifier", DemoResponseRenderer.deviceIdentifier(account.number))
        writer.field("original_transaction_id", transaction.originalTransactionID)
        if let expires = transaction.expires {
            writer.key("expires_date")
            writer.quotedInteger(expires)
        }
        writer.field("transaction_id", transaction.transactionID)
        writer.field("quantity", String(transaction.quantity))
        writer.field("product_id", transaction.product.productID)
        writer.key("original_purchase_date_ms")
        writer.quotedInteger(transaction.originalPurchase)
        writer.field("bid", account.bundleID)
        if let lineItem = transaction.webOrderLineItemID {
            writer.field("web_order_line_item_id", lineItem)
        }
        writer.field("bvrs", "2.4")
        if let expires = transaction.expires {
            writer.key("expires_date_formatted")
            writer.gmtString(expires)
        }
        writer.key("purchase_date")
        writer.gmtString(transaction.purchase)
        writer.key("purchase_date_ms")
        writer.quotedInteger(transaction.purchase)
        if let expires = transaction.expires {
            writer.key("expires_date_formatted_pst")
            writer.pacificString(expires)
        }
        writer.key("purchase_date_pst")
        writer.pacificString(transaction.purchase)
        writer.key("original_purchase_date")
        writer.gmtString(transaction.originalPurchase)
        if let cancellation = transaction.cancellation, cancellation <= plan.verifiedAt {
            writer.dateTriple("cancellation_date", cancellation)
            writer.field("cancellation_reason", transaction.cancellationReason ?? "0")
        }
        writer.field("item_id", transaction.product.itemID)
        writer.append("}")
    }

    /// A 40-hex-digit device id (iOS 6 `unique_identifier`), stable per account.
    static func deviceIdentifier(_ number: UInt64) -> String {
        var random = DemoRandom(seed: number, stream: 0x1D)
        var text = ""
        for _ in 0..<3 {
            text += String(random.next(), radix: 16).leftPadded(to: 16)
        }
        return String(text.prefix(40))
    }
}

extension String {
    /// Zero-padded on the left to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
