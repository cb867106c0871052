/// The JSON object of one transaction, as one copy in `in_app` or `latest_receipt_info`.
///
/// Answers repeat a subscriber's history verbatim, so each rendered copy is cached by the
/// renderer and reused until the transaction changes (its cancellation becomes visible).
enum DemoTransactionFragment {
    /// Which list the copy is written into.
    enum Copy {
        case inApp
        case latestReceiptInfo
    }

    static func write(
        _ transaction: DemoTransaction, copy: Copy, cancelled: Bool, typed: Bool, into writer: inout DemoJSONWriter
    ) {
        writer.separate()
        writer.append("{")
        writer.key("quantity")
        if typed { writer.integer(Int64(transaction.quantity)) } else { writer.quotedInteger(Int64(transaction.quantity)) }
        writer.field("product_id", transaction.product.productID)
        writer.field("transaction_id", transaction.transactionID)
        writer.field("original_transaction_id", transaction.originalTransactionID)
        switch transaction.dateForms {
        case .all:
            writer.dateTriple("purchase_date", transaction.purchase, typed: typed)
        case .shiftedText(let shift):
            writer.key("purchase_date")
            writer.gmtString(transaction.purchase + shift)
            writer.key("purchase_date", suffix: "_ms")
            writer.quotedInteger(transaction.purchase)
            writer.key("purchase_date", suffix: "_pst")
            writer.pacificString(transaction.purchase)
        case .pacificOnly(let wall):
            writer.key("purchase_date", suffix: "_pst")
            pacificOnly(transaction.purchase, wall: wall, into: &writer)
        }
        if case .pacificOnly(let wall) = transaction.dateForms {
            writer.key("original_purchase_date", suffix: "_pst")
            pacificOnly(transaction.originalPurchase, wall: transaction.originalPurchase == transaction.purchase ? wall : nil, into: &writer)
        } else {
            writer.dateTriple("original_purchase_date", transaction.originalPurchase, typed: typed)
        }
        if let expires = transaction.expires {
            writer.dateTriple("expires_date", expires, typed: typed)
        }
        if cancelled, let cancellation = transaction.cancellation {
            writer.dateTriple("cancellation_date", cancellation, typed: typed)
            if let reason = transaction.cancellationReason {
                writer.field("cancellation_reason", reason)
            }
        }
        if let lineItem = transaction.webOrderLineItemID {
            writer.field("web_order_line_item_id", lineItem)
        }
        writer.key("is_trial_period")
        writer.flag(transaction.isTrial && (copy == .latestReceiptInfo || transaction.trialMarkedInInApp), typed: typed)
        if transaction.isSubscription {
            writer.key("is_in_intro_offer_period")
            writer.flag(transaction.isIntro, typed: typed)
        }
        if cancelled && transaction.isUpgraded && copy == .latestReceiptInfo {
            writer.key("is_upgraded")
            writer.flag(true, typed: typed)
        }
        writer.field("in_app_ownership_type", transaction.familyShared ? "FAMILY_SHARED" : "PURCHASED")
        if transaction.isSubscription {
            writer.field("subscription_group_identifier", DemoProduct.subscriptionGroup)
        }
        writer.append("}")
    }

    private static func pacificOnly(_ instant: Int64, wall: String?, into writer: inout DemoJSONWriter) {
        if let wall {
            writer.string(wall + " America/Los_Angeles")
        } else {
            writer.pacificString(instant)
        }
    }
}
