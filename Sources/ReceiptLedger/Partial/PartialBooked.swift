/// One bucket's booked transactions, held keys and anomalies as `merge-bucket` writes them
/// (docs/PARTIAL-STATE.md), for `finish` to join in key order.
extension PartialWriter {
    mutating func booked(_ bucket: JournalBuilder.BookedBucket) {
        count(bucket.heldKeys.count)
        for key in bucket.heldKeys {
            text(key.environment.rawValue)
            text(key.transactionID.value)
        }
        count(bucket.transactions.count)
        for transaction in bucket.transactions { self.transaction(transaction) }
        count(bucket.anomalies.count)
        for anomaly in bucket.anomalies { self.anomaly(anomaly) }
    }

    mutating func anomaly(_ anomaly: Anomaly) {
        text(anomaly.kind.rawValue)
        signed(anomaly.recordID)
        optional(anomaly.environment) { $0.text($1.rawValue) }
        text(anomaly.transactionID)
        text(anomaly.user)
        text(anomaly.detail)
    }

    mutating func money(_ money: Money?) {
        optional(money) { writer, money in
            writer.signed(money.minorUnits)
            writer.text(money.currency.code)
        }
    }

    mutating func transaction(_ t: Transaction) {
        text(t.environment.rawValue)
        text(t.transactionID)
        text(t.originalTransactionID.string)
        text(t.userName)
        text(t.productID)
        optional(t.productType) { $0.text($1.rawValue) }
        signed(t.quantity)
        instant(t.purchase)
        optionalInstant(t.originalPurchase)
        optionalInstant(t.expires)
        optionalInstant(t.cancellation)
        text(t.cancellationReason)
        optionalInstant(t.cancellationFirstSeen)
        bool(t.isTrialPeriod)
        bool(t.isInIntroOfferPeriod)
        bool(t.isUpgraded)
        bool(t.refundVisible)
        text(t.ownershipType)
        optional(t.currency) { $0.text($1.code) }
        money(t.unitPrice)
        money(t.gross)
        money(t.proceeds)
        text(t.status.rawValue)
        signed(t.firstRecordID)
        count(t.recordCount)
        let signed = t.signed
        text(signed.revocationType)
        text(signed.revocationPercentage)
        text(t.priceSource.rawValue)
        money(signed.customerPrice)
        text(signed.customerCurrency)
        text(signed.storefront)
        text(signed.appAccountToken)
        money(signed.refundGross)
        money(signed.refundProceeds)
        self.signed(signed.refundedUnits)
        bool(signed.isFamilyRevoke)
        bool(signed.isPartialRefund)
    }
}

extension PartialReader {
    /// A booked bucket; owners are named by `users` (the index's), which must know them.
    mutating func booked(users: UserTable) throws -> JournalBuilder.BookedBucket {
        var bucket = JournalBuilder.BookedBucket(transactions: [], heldKeys: [], anomalies: [])
        for _ in 0..<(try count()) { bucket.heldKeys.append(TransactionKey(try environment(), try text())) }
        // A bucket's transactions share a few product ids: each is held once, not once per transaction.
        var productIDs = StringPool()
        for _ in 0..<(try count()) { bucket.transactions.append(try transaction(users: users, productIDs: &productIDs)) }
        for _ in 0..<(try count()) { bucket.anomalies.append(try anomaly()) }
        return bucket
    }

    mutating func anomaly() throws -> Anomaly {
        Anomaly(kind: try code("anomaly kind") { AnomalyKind(rawValue: $0) }, recordID: try signed(),
                environment: try optional { try $0.environment() }, transactionID: try text(), user: try text(), detail: try text())
    }

    mutating func money() throws -> Money? {
        try optional { reader in Money(minorUnits: try reader.signed(), currency: Currency(code: try reader.text())) }
    }

    /// A booked transaction; `productIDs` holds the product ids met so far, each once.
    mutating func transaction(users: UserTable, productIDs: inout StringPool) throws -> Transaction {
        let key = TransactionKey(try environment(), try text())
        let original = IDText(try text())
        let userName = try text()
        guard let user = users.lookup(userName) else { throw damaged("a transaction of user \(userName), whom the index does not know") }
        let productID = productIDs.intern(try text())
        let productType = try optional { try $0.code("product type") { ProductType(rawValue: $0) } }
        let quantity = try signed()
        let purchase = try instant()
        let originalPurchase = try optionalInstant(), expires = try optionalInstant(), cancellation = try optionalInstant()
        let cancellationReason = try text()
        let cancellationFirstSeen = try optionalInstant()
        let trial = try bool(), intro = try bool(), upgraded = try bool(), refundVisible = try bool()
        let ownership = try text()
        let currency = try optional { Currency(code: try $0.text()) }
        let unitPrice = try money(), gross = try money(), proceeds = try money()
        let status = try code("transaction status") { TransactionStatus(rawValue: $0) }
        let firstRecordID = try signed()
        let recordCount = try count()
        var signed = Transaction.SignedDetail()
        signed.revocationType = try text()
        signed.revocationPercentage = try text()
        signed.priceSource = try code("price source") { Pricing.PriceSource(rawValue: $0) }
        signed.customerPrice = try money()
        signed.customerCurrency = try text()
        signed.storefront = try text()
        signed.appAccountToken = try text()
        signed.refundGross = try money()
        signed.refundProceeds = try money()
        signed.refundedUnits = try self.signed()
        signed.isFamilyRevoke = try bool()
        signed.isPartialRefund = try bool()
        return Transaction(key: key, originalTransactionID: original, user: user, userName: users.name(user), productID: productID,
                           productType: productType, quantity: quantity, purchase: purchase, originalPurchase: originalPurchase,
                           expires: expires, cancellation: cancellation, cancellationReason: cancellationReason,
                           cancellationFirstSeen: cancellationFirstSeen, isTrialPeriod: trial, isInIntroOfferPeriod: intro,
                           isUpgraded: upgraded, ownershipType: ownership, currency: currency, unitPrice: unitPrice, gross: gross,
                           proceeds: proceeds, status: status, firstRecordID: firstRecordID, recordCount: recordCount, signed: signed,
                           refundVisible: refundVisible)
    }
}
