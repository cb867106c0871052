/// Derives the app's deliveries from the records: an order shortly after the first answer
/// that showed a transaction, to that record's user. Most refunds are revoked within hours
/// of the first answer that showed the cancellation; some late, some never (the leak).
enum DemoOrderBook {
    static func orders(for world: DemoWorld) -> [DemoOrder] {
        var firstSeen = [Int64](repeating: .max, count: world.transactions.count)
        var firstUser = [Int32](repeating: -1, count: world.transactions.count)
        var cancellationSeen = [Bool](repeating: false, count: world.transactions.count)
        let byTime = world.plans.indices.sorted {
            (world.plans[$0].verifiedAt, $0) < (world.plans[$1].verifiedAt, $1)
        }
        for position in byTime {
            let plan = world.plans[position]
            let user = world.users[Int(plan.user)]
            guard DemoVisibility.isReadable(plan, user: user) else { continue }
            let account = world.accounts[Int(user.account)]
            let signed = plan.isSigned ? DemoSignedAnswer(plan, world: world) : nil
            for index in account.transactions {
                let transaction = world.transactions[Int(index)]
                let shown: Bool
                if let signed {
                    shown = signed.shows(index)
                } else if account.format == .iOS6 {
                    shown = transaction.isSubscription && transaction.purchase <= plan.verifiedAt
                } else {
                    shown = DemoVisibility.inAppShows(transaction, plan: plan)
                        || DemoVisibility.latestReceiptInfoShows(transaction, plan: plan)
                }
                guard shown else { continue }
                if firstUser[Int(index)] < 0 {
                    firstSeen[Int(index)] = plan.verifiedAt
                    firstUser[Int(index)] = plan.user
                }
                if let cancellation = transaction.cancellation, cancellation <= plan.verifiedAt {
                    cancellationSeen[Int(index)] = true
                }
            }
        }

        var orders: [(key: Int64, order: DemoOrder)] = []
        for index in world.transactions.indices where firstUser[index] >= 0 {
            let transaction = world.transactions[index]
            var random = DemoRandom(seed: world.seed, stream: 0x0D_0000_0000 + transaction.stream)
            let delivered = firstSeen[index] + random.int(DemoCalendar.second...5 * DemoCalendar.second)
            var order = DemoOrder(
                userID: world.users[Int(firstUser[index])].userID, productID: transaction.product.productID,
                transactionID: transaction.transactionID,
                deliveredAt: random.chance(300) ? .gmtText(delivered) : .millis(delivered))
            let refund = transaction.isUpgraded ? nil : transaction.cancellation
            switch transaction.delivery {
            case .none:
                continue
            case .keep:
                break
            case .revoke(let after):
                if let refund { order.revokedAt = .millis(refund + after) }
            case .twice(let gap):
                var again = order
                again.deliveredAt = .millis(delivered + gap)
                orders.append((delivered + gap, again))
            case .automatic:
                if random.chance(100) { continue }
                if let refund, cancellationSeen[index] {
                    let revoked: Int64? =
                        random.weighted([
                            (refund + random.int(5 * DemoCalendar.minute...20 * DemoCalendar.hour), 55),
                            (refund + random.int(2 * DemoCalendar.day...10 * DemoCalendar.day), 10),
                            (nil, 35),
                        ]) ?? nil
                    if let revoked, revoked < DemoWorld.end { order.revokedAt = .millis(revoked) }
                }
            }
            orders.append((delivered, order))
        }
        for extra in world.extraOrders {
            orders.append((extra.deliveredAt.sortKey, extra))
        }
        // Order ids count up in delivery order, as an auto-increment key does.
        let sorted = orders.enumerated().sorted {
            ($0.element.key, $0.offset) < ($1.element.key, $1.offset)
        }
        return sorted.enumerated().map { position, entry in
            var order = entry.element.order
            order.orderID = Int64(position + 1)
            return order
        }
    }
}
