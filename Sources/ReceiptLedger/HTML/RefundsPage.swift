/// `refunds.html`: what refunds cost, how fast they came, who repeats them, and what content is
/// still unlocked for money given back (refund leakage).
enum RefundsPage {
    static let dayBuckets: [(label: String, upTo: Int64)] = [
        ("under 1 day", 100), ("1–3 days", 300), ("3–7 days", 700), ("7–14 days", 1400), ("14–30 days", 3000),
        ("30–60 days", 6000), ("60–90 days", 9000), ("90 days or more", Int64.max),
    ]

    /// `sums` are summed here when not given.
    static func context(_ data: ReportData, sums: JournalSums? = nil) -> [String: TemplateValue] {
        let sums = sums ?? JournalSums(data.journal.transactions)
        let dates = DateDisplay(zone: data.periods.zone)
        let refunds = data.refunds.filter { $0.transaction.environment == .production }
        let leaks = (data.reconciliation?.rows ?? []).filter { $0.finding == .refundNotRevoked }
        // Orders whose revocation could not be read count as not revoked (SPEC §8): said so here,
        // since such a leak may be a typo in the order rather than content kept.
        let unreadableRevocations = (data.reconciliation?.rows ?? []).filter { $0.finding == .badRevokedAt }.count
        // SPEC §9: refund requests Apple sent that no refund or decline has answered yet.
        let requests = OpenRefundRequest.open(in: data.journal)
        // Newest period first, as on the ledger pages.
        let newestFirst = { (l: (key: Ledger.Key, amounts: LedgerAmounts), r: (key: Ledger.Key, amounts: LedgerAmounts)) -> Bool in
            if l.key.period != r.key.period { return r.key.period.utf8.lexicographicallyPrecedes(l.key.period.utf8) }
            if l.key.currency != r.key.currency { return l.key.currency < r.key.currency }
            if l.amounts.refund != r.amounts.refund { return l.amounts.refund > r.amounts.refund }
            return l.key.item.utf8.lexicographicallyPrecedes(r.key.item.utf8)
        }
        let byPeriod = data.ledgers.byPeriod.sortedRows
            .filter { $0.key.environment == .production && $0.amounts.hasRefund }.sorted(by: newestFirst)
        let byProduct = data.ledgers.byProduct.sortedRows
            .filter { $0.key.environment == .production && $0.amounts.hasRefund }.sorted(by: newestFirst)

        // Refund rate per product: refunded units over sold units, over the whole input.
        let perProduct = sums.productionUnits
        let consumables = sums.consumableProducts
        // SPEC §9: V2 notifications or refund history in the input report consumable refunds.
        let consumablesVisible = data.journal.consumableRefundEnvironments.contains(.production)
        let rates = perProduct.keys.sorted().map { product -> (product: String, sold: Int64, refunded: Int64, knowable: Bool) in
            let value = perProduct[product] ?? (0, 0)
            return (product, value.sold, value.refunded, consumablesVisible || !consumables.contains(product))
        }
        var buckets = [Int](repeating: 0, count: dayBuckets.count)
        for refund in refunds {
            let days = refund.daysToRefundHundredths
            let index = dayBuckets.firstIndex { days < $0.upTo } ?? (dayBuckets.count - 1)
            buckets[index] += 1
        }
        var byUser: [String: Int] = [:]
        for refund in refunds { byUser[refund.transaction.userName, default: 0] += 1 }
        let repeaters = byUser.filter { $0.value > 1 }.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        let largestLeaks = leaks.sorted { l, r in
            let lg = l.transaction?.gross?.minorUnits ?? 0, rg = r.transaction?.gross?.minorUnits ?? 0
            if lg != rg { return lg > rg }
            return (l.leakHundredthsOfDays ?? 0) > (r.leakHundredthsOfDays ?? 0)
        }.prefix(HTMLReport.rowCap)

        return [
            "reasons": .list(reasons(refunds)),
            "has_reasons": .bool(!refunds.isEmpty),
            "refund_count": .string(Display.count(refunds.count)),
            "refund_totals": .list(totalsByCurrency(refunds)),
            "refund_charts": .list(Charts.refundCharts(data)),
            "by_period": .list(byPeriod.map { IndexPage.amountsRow(currency: $0.key.currency, $0.amounts, label: $0.key.period) }),
            "has_by_period": .bool(!byPeriod.isEmpty),
            "by_product": .list(byProduct.prefix(HTMLReport.rowCap).map { row in
                .object(["period": .string(row.key.period), "product": .string(row.key.item), "currency": .string(row.key.currency.code),
                         "units": .string(Display.count(row.amounts.unitsRefunded)),
                         "refund": .string(Display.amount(row.amounts.refund, row.key.currency))])
            }),
            "has_by_product": .bool(!byProduct.isEmpty),
            "by_product_capped": .bool(byProduct.count > HTMLReport.rowCap),
            "by_product_total": .string(Display.count(byProduct.count)),
            "rates": .list(rates.map { rate in
                .object(["product": .string(rate.product), "sold": .string(Display.count(rate.sold)),
                         "refunded": .string(Display.count(rate.refunded)),
                         "rate": .string(rate.knowable ? Display.percent(rate.refunded, of: rate.sold) : "—"),
                         "consumable": .bool(!rate.knowable)])
            }),
            "has_rates": .bool(!rates.isEmpty),
            "rate_chart": .string(Charts.refundRates(rates)),
            "days_chart": .string(Charts.histogram(title: "Days from purchase to refund", labels: dayBuckets.map(\.label), counts: buckets)),
            "repeaters": .list(repeaters.prefix(HTMLReport.rowCap).map { .object(["user": .string($0.key), "count": .string(String($0.value))]) }),
            "has_repeaters": .bool(!repeaters.isEmpty),
            "repeaters_capped": .bool(repeaters.count > HTMLReport.rowCap),
            "repeaters_total": .string(Display.count(repeaters.count)),
            "repeaters_shown": .string(Display.count(min(repeaters.count, HTMLReport.rowCap))),
            "requests": .list(requests.prefix(HTMLReport.rowCap).map { request in
                let t = request.transaction
                return .object([
                    "asked": .string(dates.instant(request.notification.event.signedDate)), "transaction": .string(request.notification.transactionID),
                    "user": .string(request.notification.user), "product": .string(t?.productID ?? ""),
                    "environment": .string(request.notification.event.environment?.rawValue ?? ""),
                    "amount": .string(t.flatMap { t in t.currency.map { "\(Display.amount(t.gross?.minorUnits ?? 0, $0)) \($0.code)" } } ?? "unknown"),
                ])
            }),
            "has_requests": .bool(!requests.isEmpty),
            "consumables_visible": .bool(consumablesVisible),
            "has_orders": .bool(data.reconciliation != nil),
            "leak_count": .string(Display.count(leaks.count)),
            "leak_totals": .list(leakTotals(leaks)),
            "leaks": .list(largestLeaks.map { row in
                .object(["order": .string(row.order?.orderID ?? ""), "transaction": .string(row.transactionID),
                         "user": .string(row.order?.userID ?? ""), "product": .string(row.transaction?.productID ?? ""),
                         "amount": .string(row.transaction.map { t in t.currency.map { Display.money(t.gross?.minorUnits ?? 0, $0) } ?? "0" } ?? ""),
                         "refunded": .string(dates.instant(row.transaction?.cancellation)),
                         "days": .string(row.leakHundredthsOfDays.map { MoneyFormat.plain($0, minorDigits: 2) } ?? ""),
                         "unreadable_revocation": .bool(row.order?.unreadable?.revokedAt != nil)])
            }),
            "has_leaks": .bool(!leaks.isEmpty),
            "unreadable_revocations": .string(unreadableRevocations == 1 ? "1 order has" : "\(Display.count(unreadableRevocations)) orders have"),
            "has_unreadable_revocations": .bool(unreadableRevocations > 0),
            "leaks_capped": .bool(leaks.count > HTMLReport.rowCap),
            "leaks_shown": .string(Display.count(largestLeaks.count)),
            "has_consumables": .bool(!consumables.isEmpty),
        ]
    }

    /// Production refunds by `cancellation_reason` (Apple's `1`: an issue in the app, `0`:
    /// another reason): the count, the amounts per currency, the plain meaning and its link.
    static func reasons(_ refunds: [Refund]) -> [TemplateValue] {
        var byReason: [String: [Refund]] = [:]
        for refund in refunds { byReason[refund.transaction.cancellationReason, default: []].append(refund) }
        return byReason.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { reason in
            let group = byReason[reason] ?? []
            var fields = Glossary.fields(Glossary.cancellation(reason))
            fields["reason"] = .string(reason.isEmpty ? "(empty)" : reason)
            fields["count"] = .string(Display.count(group.count))
            fields["amounts"] = .list(totalsByCurrency(group))
            return .object(fields)
        }
    }

    static func totalsByCurrency(_ refunds: [Refund]) -> [TemplateValue] {
        var sums: [Currency: (count: Int, amount: Int64)] = [:]
        for r in refunds {
            guard let currency = r.transaction.currency else { continue }
            sums[currency, default: (0, 0)].count += 1
            sums[currency, default: (0, 0)].amount += (r.transaction.signed.refundGross ?? r.transaction.gross)?.minorUnits ?? 0
        }
        return sums.keys.sorted().map { c in
            .object(["currency": .string(c.code), "count": .string(Display.count(sums[c]?.count ?? 0)),
                     "amount": .string(Display.amount(sums[c]?.amount ?? 0, c))])
        }
    }

    static func leakTotals(_ leaks: [Reconciliation.Row]) -> [TemplateValue] {
        var sums: [Currency: Int64] = [:]
        for row in leaks {
            guard let t = row.transaction, let currency = t.currency else { continue }
            sums[currency, default: 0] += t.gross?.minorUnits ?? 0
        }
        return sums.keys.sorted().map { .object(["currency": .string($0.code), "amount": .string(Display.amount(sums[$0] ?? 0, $0))]) }
    }
}
