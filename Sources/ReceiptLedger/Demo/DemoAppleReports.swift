import Foundation

/// Apple's report files for the demo's data (SPEC §10): a gzipped Summary Sales Report per
/// Pacific day with a sale or a refund, and a Financial Report per region (currency) per Apple
/// fiscal month, made from our production transactions so that they tie, with three differences
/// planted in the sales reports for the reconciliation to find.
struct DemoAppleReports {
    /// One planted difference: the sales report's day, the product and the finding it must give.
    struct Plant: Equatable {
        var day: String
        var productID: String
        var finding: AppleFinding
    }

    static let salesHeader = ["Provider", "Provider Country", "SKU", "Developer", "Title", "Version", "Product Type Identifier", "Units",
                              "Developer Proceeds", "Begin Date", "End Date", "Customer Currency", "Country Code", "Currency of Proceeds",
                              "Apple Identifier", "Customer Price", "Promo Code", "Parent Identifier", "Subscription", "Period",
                              "Category", "CMB", "Device", "Supported Platforms", "Proceeds Reason", "Preserved Pricing", "Client",
                              "Order Type"]
    static let financialHeader = ["Start Date", "End Date", "UPC", "ISRC/ISBN", "Vendor Identifier", "Quantity", "Partner Share",
                                  "Extended Partner Share", "Partner Share Currency", "Sales or Return", "Apple Identifier",
                                  "Artist/Show/Developer/Author", "Title", "Label/Studio/Network/Developer/Publisher", "Grid",
                                  "Product Type Identifier", "ISAN/Other Identifier", "Country Of Sale", "Pre-order Flag", "Promo Code",
                                  "Customer Price", "Customer Currency"]

    /// (day or fiscal month, product, currency, per-unit price, per-unit proceeds, sale or refund) → units.
    private struct Group: Hashable, Comparable {
        var day: Int64
        var productID: String
        var currency: String
        var price: Int64
        var proceeds: Int64
        var minorDigits: Int
        var isRefund: Bool

        static func < (l: Group, r: Group) -> Bool {
            (l.day, l.productID, l.currency, l.isRefund ? 1 : 0, l.price) < (r.day, r.productID, r.currency, r.isRefund ? 1 : 0, r.price)
        }
    }

    private(set) var salesFiles: [(name: String, bytes: [UInt8])] = []
    private(set) var financialFiles: [(name: String, bytes: [UInt8])] = []
    private(set) var plants: [Plant] = []

    init(_ transactions: [AppleComparedTransaction]) {
        let pacific = PeriodCalendar(unit: .day, zone: .pacific)
        var daily: [Group: Int64] = [:]
        for t in transactions where t.isCounted {
            let currency = t.currency
            let quantity = max(t.quantity, 1)
            func group(_ day: Int64, refund: Bool) -> Group {
                Group(day: day, productID: t.productID, currency: currency?.code ?? "USD",
                      price: (t.gross?.minorUnits ?? 0) / quantity, proceeds: (t.proceeds?.minorUnits ?? 0) / quantity,
                      minorDigits: currency?.minorDigits ?? 2, isRefund: refund)
            }
            daily[group(pacific.localDay(of: t.purchase), refund: false), default: 0] += t.quantity
            if let refund = t.refund, t.status != .upgraded, !t.isProratedRefund {
                daily[group(pacific.localDay(of: refund), refund: true), default: 0] -= t.quantity
            }
        }
        var byDay: [Int64: [(Group, Int64)]] = [:]
        for (group, units) in daily { byDay[group.day, default: []].append((group, units)) }
        var days = byDay.keys.sorted()
        for day in days { byDay[day]?.sort { $0.0 < $1.0 } }
        plants = Self.plant(&byDay, days: &days, products: Set(transactions.map(\.productID)).sorted())
        for day in days {
            let rows = (byDay[day] ?? []).map { group, units in Self.salesRow(group, units: units) }
            let text = ([Self.salesHeader.joined(separator: "\t")] + rows).joined(separator: "\n") + "\n"
            let date = CivilDate(daysSinceEpoch: day)
            let name = "S_D_85000000_" + CivilDate.yearText(date.year) + CivilDate.twoDigits(date.month) + CivilDate.twoDigits(date.day) + ".txt"
            salesFiles.append((name + ".gz", GzipWriter.member(Array(text.utf8))))
        }
        financialFiles = Self.financial(daily)
    }

    /// Three differences on three days: a sale Apple has that no record shows (apple_only), a
    /// row we booked that Apple lacks (ours_only), and a price one cent higher (amount_differs).
    private static func plant(_ byDay: inout [Int64: [(Group, Int64)]], days: inout [Int64], products: [String]) -> [Plant] {
        var plants: [Plant] = []
        let label = { (day: Int64) in PeriodCalendar(unit: .day).label(forLocalDay: day) }
        // A product sold on a day only once, in one row: dropping it or repricing it moves that key alone.
        func single(_ day: Int64) -> Int? {
            guard let rows = byDay[day] else { return nil }
            return rows.indices.first { i in
                rows[i].1 > 0 && !rows[i].0.isRefund && rows[i].0.price > 0 && rows.filter { $0.0.productID == rows[i].0.productID }.count == 1
            }
        }
        var used: Set<Int64> = []
        // The day keeps another row: a file without rows would cover no day at all.
        if let day = days.first(where: { single($0) != nil && (byDay[$0]?.count ?? 0) > 1 }), let i = single(day), var rows = byDay[day] {
            plants.append(Plant(day: label(day), productID: rows[i].0.productID, finding: .oursOnly))
            rows.remove(at: i)
            byDay[day] = rows
            used.insert(day)
        }
        if let day = days.first(where: { !used.contains($0) && single($0) != nil }), let i = single(day), var rows = byDay[day] {
            plants.append(Plant(day: label(day), productID: rows[i].0.productID, finding: .amountDiffers))
            rows[i].0.price += 1
            byDay[day] = rows
            used.insert(day)
        }
        for day in days where !used.contains(day) {
            guard var rows = byDay[day], let template = rows.first(where: { $0.0.price > 0 }),
                  let missing = products.first(where: { p in !rows.contains { $0.0.productID == p } }) else { continue }
            var group = template.0
            group.productID = missing
            group.isRefund = false
            rows.append((group, 1))
            byDay[day] = rows
            plants.append(Plant(day: label(day), productID: missing, finding: .appleOnly))
            break
        }
        return plants
    }

    private static func amount(_ minor: Int64, _ digits: Int) -> String { MoneyFormat.plain(minor, minorDigits: digits) }

    private static func usDate(_ day: Int64) -> String {
        let d = CivilDate(daysSinceEpoch: day)
        return CivilDate.twoDigits(d.month) + "/" + CivilDate.twoDigits(d.day) + "/" + CivilDate.yearText(d.year)
    }

    private static func salesRow(_ g: Group, units: Int64) -> String {
        let cells: [String: String] = [
            "Provider": "APPLE", "Provider Country": "US", "SKU": g.productID, "Developer": "Example Developer", "Title": g.productID,
            "Product Type Identifier": "IA1", "Units": String(units), "Developer Proceeds": amount(g.proceeds, g.minorDigits),
            "Begin Date": usDate(g.day), "End Date": usDate(g.day), "Customer Currency": g.currency, "Country Code": region(g.currency),
            "Currency of Proceeds": g.currency, "Customer Price": amount(units < 0 ? -g.price : g.price, g.minorDigits),
        ]
        return salesHeader.map { cells[$0] ?? " " }.joined(separator: "\t")
    }

    /// The region a currency's sales are reported in (a two-letter code; the file's name).
    private static func region(_ currency: String) -> String {
        switch currency {
        case "USD": return "US"
        case "EUR": return "EU"
        case "GBP": return "GB"
        case "JPY": return "JP"
        default: return String(currency.prefix(2))
        }
    }

    /// Per region and fiscal month, the month's rows summed from the daily groups (no plants: they tie).
    private static func financial(_ daily: [Group: Int64]) -> [(name: String, bytes: [UInt8])] {
        var months: [String: [Group: Int64]] = [:]
        var spans: [String: AppleSpan] = [:]
        for (group, units) in daily {
            let span = AppleSpan.fiscalMonth(containing: group.day)
            var monthly = group
            monthly.day = span.firstDay
            let key = region(group.currency) + "\u{0}" + span.label
            spans[key] = span
            months[key, default: [:]][monthly, default: 0] += units
        }
        return months.keys.sorted().compactMap { (key: String) -> (name: String, bytes: [UInt8])? in
            guard let span = spans[key], let groups = months[key] else { return nil }
            let rows = groups.keys.sorted().compactMap { g -> String? in
                guard let units = groups[g], units != 0 else { return nil }
                let cells: [String: String] = [
                    "Start Date": usDate(span.firstDay), "End Date": usDate(span.lastDay), "Vendor Identifier": g.productID,
                    "Quantity": String(units), "Partner Share": amount(g.proceeds, g.minorDigits),
                    "Extended Partner Share": amount(g.proceeds * units, g.minorDigits), "Partner Share Currency": g.currency,
                    "Sales or Return": units < 0 ? "R" : "S", "Title": g.productID, "Product Type Identifier": "IA1",
                    "Country Of Sale": region(g.currency), "Customer Price": amount(g.price, g.minorDigits), "Customer Currency": g.currency,
                ]
                return financialHeader.map { cells[$0] ?? "" }.joined(separator: "\t")
            }
            let name = key.split(separator: "\u{0}").first.map(String.init) ?? "WW"
            let text = ([financialHeader.joined(separator: "\t")] + rows).joined(separator: "\n") + "\n"
            return ("financial_\(span.label)_\(name).txt", Array(text.utf8))
        }
    }
}
