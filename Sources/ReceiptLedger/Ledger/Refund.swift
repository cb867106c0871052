/// One refunded transaction with its timing and what followed (SPEC §7 `refunds.csv`).
struct Refund: Sendable {
    var transaction: Transaction
    var cancellation: UnixMillis
    /// (cancellation − purchase) in hundredths of a day, rounded half-even.
    var daysToRefundHundredths: Int64
    var periodSold: String
    var periodRefunded: String
    var unexpiredAtRefund: Bool
    var recordsAfterRefund: Int
    var userRefundCount: Int

    /// Every transaction with a refund cancellation (not an upgrade), whatever its status.
    static func all(in transactions: TransactionList, index: RecordIndex, periods: PeriodCalendar) -> [Refund] {
        var refunds: [Refund] = []
        var countByUser: [TransactionKey: Int] = [:]  // (environment, user) → refunds
        var labels = PeriodLabels(periods)
        for t in transactions where t.isRefund {
            guard let cancellation = t.cancellation else { continue }
            let days = HalfEven.divide((cancellation.rawValue - t.purchase.rawValue) * 100, by: 86_400_000)
            let unexpired = t.productType == .nonConsumable || (t.expires.map { $0 > cancellation } ?? false)
            let after = t.cancellationFirstSeen.map { index.visits(of: t.user, after: $0) } ?? 0
            refunds.append(Refund(transaction: t, cancellation: cancellation, daysToRefundHundredths: days,
                                  periodSold: labels.label(for: t.purchase), periodRefunded: labels.label(for: cancellation),
                                  unexpiredAtRefund: unexpired, recordsAfterRefund: after, userRefundCount: 0))
            countByUser[TransactionKey(t.environment, t.userName), default: 0] += 1
        }
        for i in refunds.indices {
            let t = refunds[i].transaction
            refunds[i].userRefundCount = countByUser[TransactionKey(t.environment, t.userName)] ?? 0
        }
        return refunds
    }
}
