/// The finished journal: every booked transaction once, and every finding, ready for the
/// ledgers and output files. Built by `JournalBuilder` + `finish`.
struct Journal: Sendable {
    /// Sorted by (environment, transaction_id).
    var transactions: TransactionList
    var anomalies: [Anomaly]
    var environmentChecks: [EnvironmentCheck]
    var rejected: [RejectedRecord]
    /// The latest renewal info per subscription.
    var renewals: RenewalTable
    var counts: RecordCounts
    /// Every transaction id held by an accepted record, booked or not (for orders).
    /// One row per notification (SPEC §9), in processing order.
    var notifications: [NotificationRow] = []
    /// Environments whose consumables' refunds are visible (SPEC §9 "Consumables").
    var consumableRefundEnvironments: Set<Environment> = []
    var heldTransactionIDs: HeldTransactionIDs
    /// For each transaction number of `heldTransactionIDs.index`: its position in
    /// `transactions`, or -1 when it was not booked.
    var bookedPositions: [Int32] = []

    /// The booked transaction (environment, id), if any, found through the journal's index.
    func transaction(_ environment: Environment, _ id: ExactString) -> Transaction? {
        heldTransactionIDs.index.find(environment, id).flatMap(transaction(number:))
    }

    /// The booked transaction with this number in `heldTransactionIDs.index`, if any.
    func transaction(number: Int) -> Transaction? {
        bookedPosition(number: number).map { transactions[$0] }
    }

    private func bookedPosition(number: Int) -> Int? {
        guard number >= 0, number < bookedPositions.count, bookedPositions[number] >= 0 else { return nil }
        return Int(bookedPositions[number])
    }
}

/// SPEC §3: `records_read = records_accepted + records_redirected + records_rejected`.
package struct RecordCounts: Sendable, Equatable {
    package var read = 0
    package var accepted = 0
    package var redirected = 0
    package var rejected = 0
    var statusCounts: [Int64: Int] = [:]
    var isBalanced: Bool { read == accepted + redirected + rejected }
}

extension JournalBuilder {
    /// Prices every transaction and raises the findings that need the whole input:
    /// `shared_transaction`, `transaction_in_both_environments`, `unpriced_product` and the
    /// `bad_timestamp` of a purchase no copy could date.
    ///
    /// The merge's states are handed over to the booking, and each is freed once booked: the
    /// journal, packed (`PackedTransactions`), takes their memory instead of adding to it. The
    /// builder holds no state after.
    mutating func finish(catalog: Catalog, recordsRead: Int) -> Journal {
        var states = endMerge()
        let stateCount = states.count
        // Each transaction is booked on its own: the chunks of states are cut in two in the
        // order they were made, the halves booked on two cores and put in key order after.
        let middleChunk = (states.chunkCount + 1) / 2
        let middle = min(middleChunk * states.chunkSize, stateCount)
        let halves = [0..<middleChunk, middleChunk..<states.chunkCount].map { chunks in
            StatesToBook(chunks.compactMap { states.takeChunk($0) })
        }
        _ = consume states
        let booked = Parallel.map(halves.count) { [self] part in bookPacking(halves[part], firstPosition: part == 0 ? 0 : middle,
                                                                             catalog: catalog) }
        // The key order, sorted once the states are freed, from the index's keys.
        let order = keyOrder()
        var anomalies = self.anomalies
        var parts: [PackedTransactions.Part] = []
        var offsets: [[Int]] = []
        for part in booked {
            parts.append(part.part)
            offsets.append(part.offsets)
            anomalies += part.anomalies
        }
        _ = consume booked  // the parts' only holder is now `parts`, which `inKeyOrder` takes
        var keyOrdered: [(part: Int, offset: Int)] = []
        keyOrdered.reserveCapacity(stateCount)
        var bookedPositions = [Int32](repeating: -1, count: stateCount)
        for position in order {
            let part = position < middle ? 0 : 1
            let offset = offsets[part][position - (part == 0 ? 0 : middle)]
            guard offset >= 0 else { continue }
            bookedPositions[position] = Int32(keyOrdered.count)
            keyOrdered.append((part, offset))
        }
        let packed = PackedTransactions.inKeyOrder(consume parts, keyOrder: keyOrdered, users: users, keys: stateIndex)
        return journal(transactions: TransactionList(stored: packed), anomalies: anomalies, recordsRead: recordsRead,
                       heldTransactionIDs: HeldTransactionIDs(index: stateIndex), bookedPositions: bookedPositions)
    }

    /// Chunks of states taken from the builder to be booked on one thread, in the order they
    /// were made, each freed once booked. A class, so that the booking thread frees them where
    /// they are; `@unchecked Sendable`: only that thread touches it once it is made.
    private final class StatesToBook: @unchecked Sendable {
        var chunks: [ChunkedValues<TransactionState>.Chunk?]

        init(_ chunks: [ChunkedValues<TransactionState>.Chunk]) {
            self.chunks = chunks
        }

        var count: Int { chunks.reduce(0) { $0 + ($1?.remaining ?? 0) } }
    }

    /// What one thread of `finish` booked: its transactions packed, where each state's
    /// transaction begins in the packed bytes (-1: not booked), the findings.
    private struct PackedBooking: Sendable {
        var part: PackedTransactions.Part
        var offsets: [Int]
        var anomalies: [Anomaly]
    }

    /// Books `toBook`, whose first state is at `firstPosition` of `states`, freeing each chunk
    /// of states once booked and each transaction once packed. What the states took goes back
    /// to the system a chunk at a time.
    private func bookPacking(_ toBook: StatesToBook, firstPosition: Int, catalog: Catalog) -> PackedBooking {
        var builder = PackedTransactions.Builder()
        var offsets = [Int](repeating: -1, count: toBook.count)
        var anomalies: [Anomaly] = []
        var index = 0
        for chunkIndex in toBook.chunks.indices {
            do {
                guard let chunk = toBook.chunks[chunkIndex].take() else { continue }
                while let state = chunk.take() {
                    if let transaction = book(state, at: firstPosition + index, catalog: catalog, anomalies: &anomalies) {
                        offsets[index] = builder.append(transaction, number: firstPosition + index)
                    }
                    index += 1
                }
            }
            // The chunk was freed as its scope ended; what its states held goes back to the system.
            FreedMemory.returnToSystem()
        }
        toBook.chunks = []
        return PackedBooking(part: builder.part(), offsets: offsets, anomalies: anomalies)
    }

    /// The journal of this builder's records with the transactions and anomalies given (a
    /// sharded run's `finish` joins them from the buckets). Anomalies and rejections are in the
    /// order they were raised, which differs between one run and a sharded one: every output
    /// sorts them in full.
    func journal(transactions: TransactionList, anomalies: [Anomaly], recordsRead: Int, heldTransactionIDs: HeldTransactionIDs,
                 bookedPositions: [Int32]) -> Journal {
        let counts = RecordCounts(read: recordsRead, accepted: recordsAccepted, redirected: recordsRedirected,
                                  rejected: recordsRejected, statusCounts: statusCounts)
        return Journal(transactions: transactions, anomalies: anomalies, environmentChecks: environmentChecks,
                       rejected: rejected, renewals: renewals, counts: counts,
                       notifications: notifications, consumableRefundEnvironments: consumableRefundEnvironments,
                       heldTransactionIDs: heldTransactionIDs, bookedPositions: bookedPositions)
    }

    /// What one bucket of a sharded run books (`Partial/`): every transaction merged, booked
    /// in key order, with every anomaly the merge and the booking raised.
    struct BookedBucket {
        /// Booked transactions, in key order.
        var transactions: [Transaction]
        /// Every transaction merged, booked or not, in key order (for `HeldTransactionIDs`).
        var heldKeys: [TransactionKey]
        var anomalies: [Anomaly]
    }

    /// Books every transaction merged, on the calling thread: a bucket's part of `finish`.
    /// `consumableRefundEnvironments` must be set to the whole input's first.
    func bookBucket(catalog: Catalog) -> BookedBucket {
        let order = keyOrder()
        let booking = book(order[...], catalog: catalog)
        return BookedBucket(transactions: booking.transactions, heldKeys: order.map { stateIndex.key($0) },
                            anomalies: anomalies + booking.anomalies)
    }

    /// Positions in `states` (numbers in the index) in key order (environment, transaction_id):
    /// the journal is built in that order, as sorting the finished rows would move a dozen
    /// strings per swap.
    private func keyOrder() -> [Int] {
        var keys = SortKeys(reservingBytes: stateIndex.count * 20, keys: stateIndex.count)
        for index in 0..<stateIndex.count {
            stateIndex.key(index).appendSortKey(to: &keys)
            keys.endKey()
        }
        return keys.order()
    }

    /// Booked transactions and the findings raised on the way, in the order they were met.
    private struct Booking: Sendable {
        var transactions: [Transaction] = []
        /// The position in `states` of each booked transaction.
        var positions: [Int] = []
        var anomalies: [Anomaly] = []
    }

    /// Books the states at `positions`, in that order.
    private func book(_ positions: ArraySlice<Int>, catalog: Catalog) -> Booking {
        var booking = Booking()
        booking.transactions.reserveCapacity(positions.count)
        booking.positions.reserveCapacity(positions.count)
        for position in positions {
            guard let transaction = book(states[position], at: position, catalog: catalog, anomalies: &booking.anomalies) else { continue }
            booking.positions.append(position)
            booking.transactions.append(transaction)
        }
        return booking
    }

    /// Books the state at `position` of `states`; nil when it cannot be booked. Appends the
    /// findings to `anomalies`.
    private func book(_ state: TransactionState, at position: Int, catalog: Catalog, anomalies: inout [Anomaly]) -> Transaction? {
        let key = stateIndex.key(position)
        let owner = users.name(state.first.user)
        for other in state.otherUserOrder {
            anomalies.append(Anomaly(kind: .sharedTransaction, recordID: state.otherUsers[other] ?? 0,
                                             environment: key.environment, transactionID: key.transactionID.value,
                                             user: users.name(other), detail: "owned by user \(owner)"))
        }
        // SPEC §4: the same transaction_id in both environments, one row per side.
        let other: Environment = key.environment == .production ? .sandbox : .production
        if stateIndex.find(other, key.transactionID) != nil {
            anomalies.append(Anomaly(kind: .bothEnvironments, recordID: state.first.recordID,
                                             environment: key.environment, transactionID: key.transactionID.value,
                                             user: owner, detail: "transaction_id also appears in \(other.rawValue)"))
        }
        guard let purchase = state.purchase else {
            anomalies.append(Anomaly(kind: .badTimestamp, recordID: state.first.recordID,
                                             environment: key.environment, transactionID: key.transactionID.value,
                                             user: owner, detail: "purchase_date: cannot be read in any record; not booked"))
            return nil
        }
        let productID = state.productID(in: products) ?? ""
        let ownership = state.ownershipType ?? "PURCHASED"
        let signedPrice = state.signedPriceMilliunits.flatMap { milliunits in
            state.signedCurrency.map { Pricing.SignedPrice(milliunits: milliunits, currency: Currency(code: $0)) }
        }
        let familyRevoke = state.revocationType == "FAMILY_REVOKE"
        let priced = Pricing.price(productID: productID, purchase: purchase, quantity: state.quantity,
                                   isTrial: state.isTrialPeriod, isIntro: state.isInIntroOfferPeriod,
                                   ownership: ownership,
                                   cancelled: state.cancellation != nil && !familyRevoke, upgraded: state.isUpgraded,
                                   signedPrice: signedPrice, signedProductType: state.signedProductType, catalog: catalog)
        if priced.isUnpriced {
            anomalies.append(Anomaly(kind: .unpricedProduct, recordID: state.first.recordID,
                                             environment: key.environment, transactionID: key.transactionID.value,
                                             user: owner, detail: "no catalog price for product \(productID) at \(purchase.iso8601)"))
        }
        if let catalogGross = priced.differingCatalogGross, let gross = priced.gross {
            anomalies.append(Anomaly(kind: .catalogPriceDiffers, recordID: state.first.recordID,
                                             environment: key.environment, transactionID: key.transactionID.value,
                                             user: owner,
                                             detail: "signed price \(gross.formatted) \(gross.currency.code), catalog \(catalogGross.formatted)"))
        }
        if let reversal = state.refundReversal {
            anomalies.append(Anomaly(kind: .refundReversed, recordID: reversal.recordID,
                                             environment: key.environment, transactionID: key.transactionID.value,
                                             user: users.name(reversal.user),
                                             detail: "a signed copy of \(reversal.time.iso8601) without revocationDate reverses the refund"))
        }
        var signed = Transaction.SignedDetail()
        signed.revocationType = state.revocationType ?? ""
        signed.revocationPercentage = state.revocationPercentageText ?? ""
        signed.priceSource = priced.priceSource
        signed.customerPrice = signedPrice?.money
        signed.customerCurrency = signedPrice?.currency.code ?? ""
        signed.storefront = state.storefront ?? ""
        signed.appAccountToken = state.appAccountToken ?? ""
        signed.isFamilyRevoke = familyRevoke
        if priced.status == .refunded {
            let refunded = Pricing.refunded(gross: priced.gross, proceeds: priced.proceeds, quantity: state.quantity,
                                            revocationType: state.revocationType, percentage: state.revocationPercentage)
            // Kept only for a part: a whole refund reverses the gross and proceeds as they are.
            if refunded.isPartial { (signed.refundGross, signed.refundProceeds, signed.refundedUnits, signed.isPartialRefund) = refunded }
        }
        let visible = priced.productType != .consumable || consumableRefundEnvironments.contains(key.environment)
        return Transaction(
            key: key, originalTransactionID: state.originalTransactionID ?? "", user: state.first.user, userName: owner,
            productID: productID, productType: priced.productType, quantity: state.quantity, purchase: purchase,
            originalPurchase: state.originalPurchase, expires: state.expires, cancellation: state.cancellation,
            cancellationReason: state.cancellationReason ?? "", cancellationFirstSeen: state.cancellationFirstSeen,
            isTrialPeriod: state.isTrialPeriod, isInIntroOfferPeriod: state.isInIntroOfferPeriod, isUpgraded: state.isUpgraded,
            ownershipType: ownership, currency: priced.currency, unitPrice: priced.unitPrice, gross: priced.gross,
            proceeds: priced.proceeds, status: priced.status, firstRecordID: state.first.recordID, recordCount: state.mark.recordCount,
            signed: signed, refundVisible: visible)
    }
}
