/// `pending_renewal_info` and the small helpers of the renderer.
extension DemoResponseRenderer {
    /// One entry per subscription the answer shows, as it stood at `verifiedAt`.
    mutating func writePendingRenewalInfo(_ plan: DemoRecordPlan, account: DemoAppleAccount) {
        writer.append(",\"pending_renewal_info\":[")
        for renewal in account.renewals {
            var product: DemoProduct?
            for index in account.transactions {
                let transaction = world.transactions[Int(index)]
                if transaction.originalTransactionID == renewal.originalTransactionID,
                    DemoVisibility.latestReceiptInfoShows(transaction, plan: plan)
                {
                    product = transaction.product
                }
            }
            guard let product else { continue }
            writer.separate()
            writer.append("{")
            let ended = renewal.end.map { $0 <= plan.verifiedAt } ?? false
            if ended, let intent = renewal.expirationIntent {
                writer.field("expiration_intent", intent)
            }
            writer.field("auto_renew_product_id", product.productID)
            if ended {
                let retrying = renewal.retryUntil.map { $0 > plan.verifiedAt } ?? false
                writer.field("is_in_billing_retry_period", retrying ? "1" : "0")
            }
            writer.field("product_id", product.productID)
            writer.field("original_transaction_id", renewal.originalTransactionID)
            let off = renewal.autoRenewOff.map { $0 <= plan.verifiedAt } ?? false
            writer.field("auto_renew_status", off ? "0" : "1")
            writer.append("}")
        }
        writer.append("]")
    }

    /// `\/` for every `/`: slashes occur only inside JSON strings, so the result stays valid.
    static func escapingSlashes(_ bytes: [UInt8]) -> [UInt8] {
        var escaped: [UInt8] = []
        escaped.reserveCapacity(bytes.count + bytes.count / 16)
        for byte in bytes {
            if byte == UInt8(ascii: "/") { escaped.append(UInt8(ascii: "\\")) }
            escaped.append(byte)
        }
        return escaped
    }

    /// 16 KiB of base64 characters from the seed: the body of every `latest_receipt`.
    static func base64Pool(seed: UInt64) -> [UInt8] {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var random = DemoRandom(seed: seed, stream: .max - 2)
        return (0..<16_384).map { _ in alphabet[Int(random.below(64))] }
    }
}
