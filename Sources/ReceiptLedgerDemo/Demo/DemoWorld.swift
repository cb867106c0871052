/// Everything the demo data is made of, before any byte is written: accounts, users,
/// transactions and the stored records that will show them.
struct DemoWorld {
    /// The first day of data.
    static let start = DemoCalendar.millis(2024, 1, 1)
    /// The latest `verified_at` of the demo (its `--as-of`): no record is later.
    static let end = DemoCalendar.millis(2025, 6, 30, 20)

    let seed: UInt64
    let shape: DemoShape
    var accounts: [DemoAppleAccount] = []
    var users: [DemoAppUser] = []
    var transactions: [DemoTransaction] = []
    var plans: [DemoRecordPlan] = []
    /// Orders that no transaction implies (a delivery for a transaction that exists nowhere,
    /// a second account's delivery of a shared transaction).
    var extraOrders: [DemoOrder] = []

    private var nextProductionTransaction: Int64 = 2_000_000_100_000_000
    private var nextSandboxTransaction: Int64 = 1_000_000_800_000_000
    private var nextWebOrder: Int64 = 2_000_000_050_000_000
    /// Signed customers count their own ids, so the receipt-era customers keep theirs.
    private var nextSignedTransaction: Int64 = 2_000_000_900_000_000
    private var nextSignedWebOrder: Int64 = 2_000_000_950_000_000
    private var classicTransactionCount: UInt64 = 0
    private var classicAccountCount: UInt64 = 0
    private var signedAccountCount: UInt64 = 0
    private var signedTransactionCount: UInt64 = 0

    init(seed: UInt64, shape: DemoShape = .demo) {
        self.seed = seed
        self.shape = shape
    }

    mutating func addAccount(
        _ environment: DemoEnvironment, install: Int64, configure: (inout DemoAppleAccount) -> Void = { _ in }
    ) -> Int32 {
        var account = DemoAppleAccount(number: 0, environment: environment, install: install)
        configure(&account)
        // Receipt-era accounts count on their own: adding signed customers keeps their receipts' bytes.
        if account.signed != nil {
            account.number = 1_000_000 + signedAccountCount
            signedAccountCount += 1
        } else {
            account.number = classicAccountCount
            classicAccountCount += 1
        }
        accounts.append(account)
        return Int32(accounts.count - 1)
    }

    mutating func addUser(_ userID: String?, account: Int32) -> Int32 {
        users.append(DemoAppUser(userID: userID, account: account))
        return Int32(users.count - 1)
    }

    /// A new account with one app user of that id.
    mutating func addCustomer(
        _ userID: String?, _ environment: DemoEnvironment = .production, install: Int64,
        configure: (inout DemoAppleAccount) -> Void = { _ in }
    ) -> Int32 {
        addUser(userID, account: addAccount(environment, install: install, configure: configure))
    }

    /// The next transaction id of the account's environment, with a small random gap as
    /// Apple's ids have (other apps' purchases in between).
    mutating func nextTransactionID(for account: Int32, random: inout DemoRandom) -> String {
        let gap = random.int(Int64(1)...Int64(9))
        if accounts[Int(account)].signed != nil {
            nextSignedTransaction += gap
            return String(nextSignedTransaction)
        }
        if accounts[Int(account)].environment == .sandbox {
            nextSandboxTransaction += gap
            return String(nextSandboxTransaction)
        }
        nextProductionTransaction += gap
        return String(nextProductionTransaction)
    }

    mutating func nextWebOrderLineItemID(for account: Int32) -> String {
        if accounts[Int(account)].signed != nil {
            nextSignedWebOrder += 3
            return String(nextSignedWebOrder)
        }
        nextWebOrder += 3
        return String(nextWebOrder)
    }

    @discardableResult
    mutating func addTransaction(_ transaction: DemoTransaction) -> Int32 {
        var transaction = transaction
        if accounts[Int(transaction.account)].signed != nil {
            transaction.stream = 0x40_0000_0000 + signedTransactionCount
            signedTransactionCount += 1
        } else {
            transaction.stream = classicTransactionCount
            classicTransactionCount += 1
        }
        transactions.append(transaction)
        let index = Int32(transactions.count - 1)
        accounts[Int(transaction.account)].transactions.append(index)
        return index
    }

    mutating func addRenewal(_ renewal: DemoRenewal, account: Int32) {
        accounts[Int(account)].renewals.append(renewal)
    }

    /// Stores one record of `user` (client-sent by default: the receipt is as fresh as the answer).
    /// A signed customer's answers from the server's switch on are signed records.
    mutating func addRecord(
        _ user: Int32, at verifiedAt: Int64, receiptAt: Int64? = nil, body: DemoBody = .answer,
        claimed: DemoClaim = .automatic, timeForm: DemoTimeForm = .automatic,
        flags: DemoRecordFlags = [], storeDelay: Int64? = nil
    ) {
        var body = body
        if body == .answer, isSigned(user, at: verifiedAt) { body = .signed(.automatic) }
        plans.append(
            DemoRecordPlan(
                user: user, verifiedAt: verifiedAt, receiptAt: min(receiptAt ?? verifiedAt, verifiedAt), body: body,
                claimed: claimed, timeForm: timeForm, flags: flags, storeDelay: storeDelay,
                sequence: Int32(plans.count)))
    }

    func account(of user: Int32) -> DemoAppleAccount {
        accounts[Int(users[Int(user)].account)]
    }

    /// Whether the server reads `user`'s purchases from signed records at `instant`.
    func isSigned(_ user: Int32, at instant: Int64) -> Bool {
        account(of: user).signed.map { $0.since <= instant } ?? false
    }
}
