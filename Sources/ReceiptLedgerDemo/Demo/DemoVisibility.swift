/// Which transactions an answer shows, from the record's two instants.
enum DemoVisibility {
    /// A consumable stays in the receipt only until the app finishes it, about an hour.
    static let unfinishedConsumable = DemoCalendar.hour

    /// `receipt.in_app` reflects the receipt the device sent (made at `receiptAt`).
    static func inAppShows(_ transaction: DemoTransaction, plan: DemoRecordPlan) -> Bool {
        guard transaction.purchase <= plan.receiptAt else { return false }
        if transaction.product.isConsumable {
            return plan.receiptAt - transaction.purchase <= unfinishedConsumable
        }
        return true
    }

    /// `latest_receipt_info` is Apple's current view: every auto-renewable period bought so far.
    static func latestReceiptInfoShows(_ transaction: DemoTransaction, plan: DemoRecordPlan) -> Bool {
        transaction.isSubscription && transaction.purchase <= plan.verifiedAt
    }

    /// Whether the pipeline can book anything from this record (an accepted answer with a user).
    static func isReadable(_ plan: DemoRecordPlan, user: DemoAppUser) -> Bool {
        switch plan.body {
        case .answer, .expiredAnswer, .signed: break
        default: return false
        }
        guard let userID = user.userID, !userID.isEmpty else { return false }
        if case .text = plan.timeForm { return false }
        return true
    }
}
