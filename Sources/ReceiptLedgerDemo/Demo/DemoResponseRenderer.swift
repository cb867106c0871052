/// Writes the verifyReceipt answer of each planned record, in id order.
///
/// Holds a cache of transaction fragments per account and drops it after the account's last
/// record, so memory follows the active customers, not the whole history.
struct DemoResponseRenderer {
    let world: DemoWorld
    var writer = DemoJSONWriter(capacity: 256 * 1_024)
    private var fragments: [Int32: DemoCachedFragments] = [:]
    private var remaining: [Int32]
    private let receiptText: [UInt8]
    private var signed: DemoSignedRenderer

    init(world: DemoWorld) {
        self.world = world
        var remaining = [Int32](repeating: 0, count: world.accounts.count)
        for plan in world.plans {
            remaining[Int(world.users[Int(plan.user)].account)] += 1
        }
        self.remaining = remaining
        self.receiptText = DemoResponseRenderer.base64Pool(seed: world.seed)
        self.signed = DemoSignedRenderer(seed: world.seed)
    }

    /// The `response` bytes of a record; nil for SQL NULL.
    mutating func render(_ plan: DemoRecordPlan) -> [UInt8]? {
        let accountIndex = world.users[Int(plan.user)].account
        defer { release(accountIndex) }
        guard plan.body != .null else { return nil }
        writer.removeAll()
        if plan.flags.contains(.byteOrderMark) {
            writer.bytes.append(contentsOf: [0xEF, 0xBB, 0xBF])
        }
        let account = world.accounts[Int(accountIndex)]
        switch plan.body {
        case .null, .empty:
            break
        case .emptyArray:
            writer.append("[]")
        case .status(let status):
            writer.append("{\"status\":")
            writer.integer(Int64(status))
            if status == 21002 { writer.append(",\"exception\":\"java.lang.IllegalArgumentException\"") }
            writer.append("}")
        case .statusNotANumber:
            writer.append("{\"status\":\"abc\",\"environment\":\"Production\"}")
        case .missingStatus:
            writer.append("{\"environment\":\"Production\",\"latest_receipt\":\"")
            writer.bytes.append(contentsOf: receiptText[0..<400])
            writer.append("\"}")
        case .signed:
            signed.write(DemoSignedAnswer(plan, world: world), into: &writer)
        case .answer, .expiredAnswer, .truncated:
            if account.format == .iOS6 {
                writeOldStyleAnswer(plan, account: account)
            } else {
                writeAnswer(plan, account: account, accountIndex: accountIndex)
            }
            if plan.body == .truncated {
                writer.bytes.removeLast(writer.bytes.count * 2 / 5)
            }
        }
        var bytes = writer.bytes
        if plan.flags.contains(.escapedSlashes) {
            bytes = DemoResponseRenderer.escapingSlashes(bytes)
        }
        return bytes
    }

    /// The modern answer: receipt with `in_app`, `latest_receipt_info`, renewal info.
    private mutating func writeAnswer(_ plan: DemoRecordPlan, account: DemoAppleAccount, accountIndex: Int32) {
        let sandbox = account.environment == .sandbox
        writer.append("{\"receipt\":{")
        writer.field("receipt_type", sandbox ? "ProductionSandbox" : "Production")
        writer.key("adam_id")
        writer.integer(sandbox ? 0 : 1_530_000_001)
        writer.key("app_item_id")
        writer.integer(sandbox ? 0 : 1_530_000_001)
        writer.field("bundle_id", account.bundleID)
        writer.field("application_version", String(100 + (plan.receiptAt - DemoWorld.start) / (14 * DemoCalendar.day)))
        writer.key("download_id")
        writer.integer(sandbox ? 0 : 80_000_000_000_000 + Int64(account.number) * 7_919)
        writer.key("version_external_identifier")
        writer.integer(sandbox ? 0 : 850_000_000 + (plan.receiptAt - DemoWorld.start) / (14 * DemoCalendar.day))
        writer.dateTriple("receipt_creation_date", plan.receiptAt, typed: account.typedValues)
        writer.dateTriple("request_date", plan.verifiedAt - 1_200, typed: account.typedValues)
        writer.dateTriple("original_purchase_date", account.install, typed: account.typedValues)
        writer.field("original_application_version", "1.0")
        writer.append(",\"in_app\":[")
        var inAppCount = 0
        var latestCount = 0
        for index in account.transactions {
            let transaction = world.transactions[Int(index)]
            if DemoVisibility.inAppShows(transaction, plan: plan) {
                appendFragment(index, transaction, copy: .inApp, plan: plan, typed: account.typedValues)
                inAppCount += 1
            }
            if DemoVisibility.latestReceiptInfoShows(transaction, plan: plan) { latestCount += 1 }
        }
        writer.append("]}")
        if !account.omitsEnvironment {
            writer.field("environment", sandbox ? "Sandbox" : "Production")
        }
        if latestCount > 0 {
            // The histories shape's server asks with `exclude-old-transactions`: only each
            // subscription's latest period.
            let latestOnly = world.shape == .histories ? latestPeriods(account, plan: plan) : nil
            writer.append(",\"latest_receipt_info\":[")
            for index in account.transactions {
                let transaction = world.transactions[Int(index)]
                if DemoVisibility.latestReceiptInfoShows(transaction, plan: plan), latestOnly?.contains(index) ?? true {
                    appendFragment(index, transaction, copy: .latestReceiptInfo, plan: plan, typed: account.typedValues)
                }
            }
            writer.append("]")
        }
        // The histories shape's receipts hold what the answer shows (finished consumables leave them).
        writeLatestReceipt(account: account, transactionCount: world.shape == .histories ? inAppCount : account.transactions.count)
        if latestCount > 0 {
            writePendingRenewalInfo(plan, account: account)
        }
        writeStatus(plan)
        writer.append("}")
    }

    /// The latest period `latest_receipt_info` shows of each of the account's subscriptions.
    private func latestPeriods(_ account: DemoAppleAccount, plan: DemoRecordPlan) -> Set<Int32> {
        var latest: [String: Int32] = [:]
        for index in account.transactions {
            let transaction = world.transactions[Int(index)]
            if DemoVisibility.latestReceiptInfoShows(transaction, plan: plan) { latest[transaction.originalTransactionID] = index }
        }
        return Set(latest.values)
    }

    mutating func writeStatus(_ plan: DemoRecordPlan) {
        writer.key("status")
        let status: Int64 = plan.body == .expiredAnswer ? 21006 : 0
        if plan.flags.contains(.statusAsText) { writer.quotedInteger(status) } else { writer.integer(status) }
    }

    /// A base64-looking `latest_receipt` that grows with the receipt, as Apple's does.
    mutating func writeLatestReceipt(account: DemoAppleAccount, transactionCount: Int) {
        let length = min(receiptText.count - 64, 360 + 64 * transactionCount) & ~3
        let offset = Int(account.number % 61)
        writer.key("latest_receipt")
        writer.append("\"MIIT")
        writer.bytes.append(contentsOf: receiptText[offset..<(offset + length)])
        writer.append("\"")
    }

    private mutating func appendFragment(
        _ index: Int32, _ transaction: DemoTransaction, copy: DemoTransactionFragment.Copy, plan: DemoRecordPlan, typed: Bool
    ) {
        let cancelled = transaction.cancellation.map { $0 <= plan.verifiedAt } ?? false
        let key = DemoCachedFragments.slot(copy: copy, cancelled: cancelled)
        if let cached = fragments[index]?.slots[key] ?? nil {
            writer.separate()
            writer.bytes.append(contentsOf: cached)
            return
        }
        var fragment = DemoJSONWriter(capacity: 1_024)
        DemoTransactionFragment.write(transaction, copy: copy, cancelled: cancelled, typed: typed, into: &fragment)
        fragments[index, default: DemoCachedFragments()].slots[key] = fragment.bytes
        writer.separate()
        writer.bytes.append(contentsOf: fragment.bytes)
    }

    private mutating func release(_ account: Int32) {
        remaining[Int(account)] -= 1
        guard remaining[Int(account)] == 0 else { return }
        for index in world.accounts[Int(account)].transactions {
            fragments[index] = nil
        }
    }
}

/// The rendered copies of one transaction: (in_app | latest_receipt_info) × (before | after cancellation).
struct DemoCachedFragments {
    var slots: [[UInt8]?] = [nil, nil, nil, nil]

    static func slot(copy: DemoTransactionFragment.Copy, cancelled: Bool) -> Int {
        (copy == .inApp ? 0 : 2) + (cancelled ? 1 : 0)
    }
}
