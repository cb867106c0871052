/// Our production transactions against Apple's reports (SPEC §10 "What is compared"): the rows
/// of `apple_reconciliation.csv` (units) and `apple_amounts.csv` (money), each with its finding.
///
/// Days are Pacific and financial months Apple-fiscal whatever the run's `--tz` and `--calendar`:
/// that is how Apple cuts them. Each span some Apple row covers (ignored row types included) is
/// compared on its own: ours are summed over the same days, so a weekly file and the dailies of
/// its days are each compared, and equal spans from several files are one key. A pure function
/// of its inputs.
struct AppleReconciliation: Sendable {
    /// How many transactions a row names (SPEC §10: the first 20).
    static let listedTransactions = 20

    private(set) var units: [AppleUnitsRow] = []
    private(set) var amounts: [AppleAmountsRow] = []
    /// For each kind of report given: our net units on Pacific days that no report of that kind
    /// covers (not compared; the manifest says them).
    private(set) var uncoveredUnits: [AppleReportKind: Int64] = [:]

    /// A sale or a refund of one of our transactions, on its Pacific day.
    private struct Event {
        var day: Int64
        var transaction: Int
        var isRefund: Bool
    }

    /// One side's sums for a (span, product) key.
    private struct Sums {
        var units: Int64 = 0
        var customer: [Currency: Int64] = [:]
        var proceeds: [Currency: Int64] = [:]
        var transactions: Set<Int> = []
        /// Currencies our transactions of the key are in (seen even when their amounts are 0).
        var currencies: Set<Currency> = []

        /// Apple's side: a row's units, customer amount and proceeds.
        mutating func add(_ row: AppleReportRow) {
            units = AppleReportValues.sum(units, row.units)
            if let amount = row.customerAmount { customer[amount.currency] = AppleReportValues.sum(customer[amount.currency] ?? 0, amount.minorUnits) }
            if let amount = row.proceeds { proceeds[amount.currency] = AppleReportValues.sum(proceeds[amount.currency] ?? 0, amount.minorUnits) }
        }

        /// Our side: a sale adds its gross and proceeds, a refund takes back what it reverses.
        mutating func add(_ event: Event, _ all: [AppleComparedTransaction]) {
            let transaction = all[event.transaction]
            units = AppleReportValues.sum(units, AppleReconciliation.units(of: event, all))
            transactions.insert(event.transaction)
            guard let currency = transaction.currency else { return }
            currencies.insert(currency)
            let sign: Int64 = event.isRefund ? -1 : 1
            if let gross = event.isRefund ? transaction.refundedGross ?? transaction.gross : transaction.gross {
                customer[gross.currency] = AppleReportValues.sum(customer[gross.currency] ?? 0, sign * gross.minorUnits)
            }
            if let amount = event.isRefund ? transaction.refundedProceeds ?? transaction.proceeds : transaction.proceeds {
                proceeds[amount.currency] = AppleReportValues.sum(proceeds[amount.currency] ?? 0, sign * amount.minorUnits)
            }
        }
    }

    init(transactions: [AppleComparedTransaction], reports: AppleReportSet) {
        let events = Self.events(transactions)
        for kind in AppleReportKind.allCases where reports.files.contains(where: { $0.kind == kind }) {
            var apple: [AppleSpan: [String: Sums]] = [:]
            for row in reports.rows where row.kind == kind {
                // Changed in place: a copy taken out and put back copies its tables at every row.
                apple[row.span, default: [:]][row.productID, default: Sums()].add(row)
            }
            let spans = reports.coveredSpans(kind)
            for span in spans {
                let ours = Self.ours(in: span, events: events, transactions: transactions)
                let products = Set(apple[span, default: [:]].keys).union(ours.keys)
                for product in products {
                    compare(kind: kind, span: span, product: product, apple: apple[span]?[product] ?? Sums(),
                            ours: ours[product] ?? Sums(), transactions: transactions)
                }
            }
            let covered = Self.merged(spans)
            uncoveredUnits[kind] = events.filter { !Self.isCovered($0.day, by: covered) }
                .reduce(0) { AppleReportValues.sum($0, Self.units(of: $1, transactions)) }
        }
        units.sort { Self.precedes([$0.report.rawValue, $0.span.label, $0.productID], [$1.report.rawValue, $1.span.label, $1.productID]) }
        amounts.sort {
            Self.precedes([$0.report.rawValue, $0.span.label, $0.productID, $0.currency.code],
                          [$1.report.rawValue, $1.span.label, $1.productID, $1.currency.code])
        }
    }

    /// Every counted transaction's sale, and its refund (not an upgrade), by Pacific day.
    private static func events(_ transactions: [AppleComparedTransaction]) -> [Event] {
        let pacific = PeriodCalendar(unit: .day, zone: .pacific)
        var events: [Event] = []
        for (index, transaction) in transactions.enumerated() where transaction.isCounted {
            events.append(Event(day: pacific.localDay(of: transaction.purchase), transaction: index, isRefund: false))
            if let refund = transaction.refund, transaction.status != .upgraded {
                events.append(Event(day: pacific.localDay(of: refund), transaction: index, isRefund: true))
            }
        }
        return events.sorted { $0.day < $1.day }
    }

    /// The days of `spans` (in order) as disjoint ranges: a year of daily files is one range.
    private static func merged(_ spans: [AppleSpan]) -> [ClosedRange<Int64>] {
        var ranges: [ClosedRange<Int64>] = []
        for span in spans {
            if let last = ranges.last, span.firstDay <= last.upperBound + 1 {
                ranges[ranges.count - 1] = last.lowerBound...max(last.upperBound, span.lastDay)
            } else {
                ranges.append(span.firstDay...span.lastDay)
            }
        }
        return ranges
    }

    /// True when one of the disjoint, ordered `ranges` holds `day` (a binary search).
    private static func isCovered(_ day: Int64, by ranges: [ClosedRange<Int64>]) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < day { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].contains(day)
    }

    /// A sale adds its quantity; a refund takes it back, except a prorated one (§9).
    private static func units(of event: Event, _ transactions: [AppleComparedTransaction]) -> Int64 {
        let transaction = transactions[event.transaction]
        guard event.isRefund else { return transaction.quantity }
        return transaction.isProratedRefund ? 0 : -transaction.quantity
    }

    /// Our sums per product over the span's days.
    private static func ours(in span: AppleSpan, events: [Event], transactions: [AppleComparedTransaction]) -> [String: Sums] {
        var sums: [String: Sums] = [:]
        var index = firstEvent(onOrAfter: span.firstDay, events)
        while index < events.count, events[index].day <= span.lastDay {
            let event = events[index]
            // Changed in place: a copy taken out and put back copied the key's set of transactions
            // at every event (quadratic in a busy day's sales).
            sums[transactions[event.transaction].productID, default: Sums()].add(event, transactions)
            index += 1
        }
        return sums
    }

    private static func firstEvent(onOrAfter day: Int64, _ events: [Event]) -> Int {
        var low = 0
        var high = events.count
        while low < high {
            let middle = (low + high) / 2
            if events[middle].day < day { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private mutating func compare(kind: AppleReportKind, span: AppleSpan, product: String, apple: Sums, ours: Sums,
                                  transactions: [AppleComparedTransaction]) {
        let finding = AppleFinding.units(apple: apple.units, ours: ours.units)
        let listed = ours.transactions.sorted { (left: Int, right: Int) -> Bool in
            let (first, second) = (transactions[left], transactions[right])
            if first.purchase != second.purchase { return first.purchase < second.purchase }
            return Self.precedes([first.transactionID], [second.transactionID])
        }
        units.append(AppleUnitsRow(report: kind, span: span, productID: product, appleUnits: apple.units, ourUnits: ours.units,
                                   finding: finding, transactions: listed.prefix(Self.listedTransactions).map { transactions[$0].transactionID },
                                   transactionCount: listed.count))
        let currencies = Set(apple.customer.keys).union(apple.proceeds.keys).union(ours.currencies)
        for currency in currencies {
            let appleCustomer = Money(minorUnits: apple.customer[currency] ?? 0, currency: currency)
            let appleProceeds = apple.proceeds[currency].map { Money(minorUnits: $0, currency: currency) }
            let ourGross = Money(minorUnits: ours.customer[currency] ?? 0, currency: currency)
            let ourProceeds = Money(minorUnits: ours.proceeds[currency] ?? 0, currency: currency)
            let agrees = appleCustomer == ourGross && (appleProceeds == nil || appleProceeds == ourProceeds)
            amounts.append(AppleAmountsRow(report: kind, span: span, productID: product, currency: currency,
                                           appleCustomerAmount: appleCustomer, ourGross: ourGross, appleProceeds: appleProceeds,
                                           ourProceeds: ourProceeds, finding: finding != .match ? finding : agrees ? .match : .amountDiffers))
        }
    }

    /// Key columns in order, each text by Unicode code point (SPEC §8 "CSV").
    static func precedes(_ lhs: [String], _ rhs: [String]) -> Bool {
        for (left, right) in zip(lhs, rhs) where left != right {
            return left.unicodeScalars.lexicographicallyPrecedes(right.unicodeScalars)
        }
        return lhs.count < rhs.count
    }
}
