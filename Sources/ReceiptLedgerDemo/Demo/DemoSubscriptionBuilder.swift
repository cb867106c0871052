/// Adds the periods of one auto-renewable subscription (one `original_transaction_id`)
/// to an account, each renewal starting where the last period expired.
struct DemoSubscriptionBuilder {
    let account: Int32
    var product: DemoProduct
    var familyShared = false
    private(set) var originalTransactionID = ""
    private(set) var originalPurchase: Int64 = 0
    private(set) var lastExpires: Int64 = 0
    private(set) var transactions: [Int32] = []

    init(account: Int32, product: DemoProduct, familyShared: Bool = false) {
        self.account = account
        self.product = product
        self.familyShared = familyShared
    }

    /// Adds the period bought at `purchase` (default: the last expiry plus up to 20 minutes,
    /// as Apple charges renewals). A trial lasts a week; sandbox periods last minutes.
    @discardableResult
    mutating func addPeriod(
        in world: inout DemoWorld, random: inout DemoRandom, purchase: Int64? = nil,
        trial: Bool = false, intro: Bool = false, configure: (inout DemoTransaction) -> Void = { _ in }
    ) -> Int32 {
        let bought = purchase ?? (lastExpires + random.int(Int64(0)...20 * DemoCalendar.minute))
        let sandbox = world.accounts[Int(account)].environment == .sandbox
        let expires: Int64
        if sandbox {
            expires = bought + (product == .yearly ? DemoCalendar.hour : 5 * DemoCalendar.minute)
        } else if trial {
            expires = bought + 7 * DemoCalendar.day
        } else {
            expires = DemoCalendar.adding(months: product.periodMonths, to: bought)
        }
        let transactionID = world.nextTransactionID(for: account, random: &random)
        if transactions.isEmpty {
            originalTransactionID = transactionID
            originalPurchase = bought
        }
        var transaction = DemoTransaction(
            account: account, transactionID: transactionID, originalTransactionID: originalTransactionID,
            product: product, purchase: bought, originalPurchase: originalPurchase, expires: expires)
        transaction.webOrderLineItemID = world.nextWebOrderLineItemID(for: account)
        transaction.isTrial = trial
        transaction.trialMarkedInInApp = !trial || random.chance(4_000)
        transaction.isIntro = intro
        transaction.familyShared = familyShared
        configure(&transaction)
        let index = world.addTransaction(transaction)
        transactions.append(index)
        lastExpires = expires
        return index
    }

    /// Records the renewal state for `pending_renewal_info`.
    func finish(
        in world: inout DemoWorld, autoRenewOff: Int64? = nil, end: Int64? = nil,
        expirationIntent: String? = nil, retryUntil: Int64? = nil
    ) {
        guard !transactions.isEmpty else { return }
        world.addRenewal(
            DemoRenewal(
                originalTransactionID: originalTransactionID, autoRenewOff: autoRenewOff, end: end,
                expirationIntent: expirationIntent, retryUntil: retryUntil),
            account: account)
    }
}
