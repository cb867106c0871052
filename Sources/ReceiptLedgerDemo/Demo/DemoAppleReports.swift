import Foundation
import ReceiptLedger

/// Apple's report files for the demo's data (SPEC §10): a gzipped Summary Sales Report per
/// Pacific day with a sale or a refund, and a Financial Report per region (currency) per Apple
/// fiscal month ending in Apple's trailer, made from our production transactions so that they
/// tie, with differences planted in both kinds for the reconciliation to find.
struct DemoAppleReports {
    /// One planted difference: the key it moves (report, period, product), the finding it must
    /// give, and the units and money on both sides as the reconciliation must write them.
    struct Plant: Equatable {
        var report: AppleReportKind
        /// A sales report's day (`2024-03-05`) or a financial report's fiscal month (`2025-01`).
        var period: String
        var productID: String
        var finding: AppleFinding
        var appleUnits: Int64
        var ourUnits: Int64
        var money: PlantMoney
    }

    /// A plant's key in its one currency, in minor units; `appleProceeds` nil when Apple has no
    /// row there (the file writes it empty).
    struct PlantMoney: Equatable {
        var currency: String
        var minorDigits: Int
        var appleCustomerAmount: Int64
        var ourGross: Int64
        var appleProceeds: Int64?
        var ourProceeds: Int64
    }

    static let salesHeader = ["Provider", "Provider Country", "SKU", "Developer", "Title", "Version", "Product Type Identifier", "Units",
                              "Developer Proceeds", "Begin Date", "End Date", "Customer Currency", "Country Code", "Currency of Proceeds",
                              "Apple Identifier", "Customer Price", "Promo Code", "Parent Identifier", "Subscription", "Period",
                              "Category", "CMB", "Device", "Supported Platforms", "Proceeds Reason", "Preserved Pricing", "Client",
                              "Order Type"]

    /// (day or fiscal month, product, currency, per-unit price, per-unit proceeds, sale or refund) → units.
    struct Group: Hashable, Comparable {
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

    /// A group's units and what our transactions in it booked (gross and proceeds, minor units;
    /// a refund's negative), so a plant can say both sides exactly.
    struct Tally {
        var units: Int64 = 0
        var ourGross: Int64 = 0
        var ourProceeds: Int64 = 0

        static func += (l: inout Tally, r: Tally) {
            l.units += r.units
            l.ourGross += r.ourGross
            l.ourProceeds += r.ourProceeds
        }
    }

    private(set) var salesFiles: [(name: String, bytes: [UInt8])] = []
    private(set) var financialFiles: [(name: String, bytes: [UInt8])] = []
    private(set) var plants: [Plant] = []

    init(_ transactions: [ProductionSale]) {
        var daily: [Group: Tally] = [:]
        // (product, Pacific day) of a prorated refund: its money moves that key, its units do not.
        var prorated: Set<ProductDay> = []
        for t in transactions where t.isCounted {
            let quantity = max(t.quantity, 1)
            func group(_ day: Int64, refund: Bool) -> Group {
                Group(day: day, productID: t.productID, currency: t.currency?.code ?? "USD",
                      price: (t.gross ?? 0) / quantity, proceeds: (t.proceeds ?? 0) / quantity,
                      minorDigits: t.currency?.minorDigits ?? 2, isRefund: refund)
            }
            daily[group(t.purchaseDay, refund: false), default: Tally()] +=
                Tally(units: t.quantity, ourGross: t.gross ?? 0, ourProceeds: t.proceeds ?? 0)
            guard let refundDay = t.refundDay else { continue }
            if t.isProratedRefund {
                prorated.insert(ProductDay(productID: t.productID, day: refundDay))
            } else {
                daily[group(refundDay, refund: true), default: Tally()] +=
                    Tally(units: -t.quantity, ourGross: -((t.refundedGross ?? t.gross) ?? 0),
                          ourProceeds: -((t.refundedProceeds ?? t.proceeds) ?? 0))
            }
        }
        var byDay: [Int64: [(Group, Tally)]] = [:]
        for (group, tally) in daily { byDay[group.day, default: []].append((group, tally)) }
        var days = byDay.keys.sorted()
        for day in days { byDay[day]?.sort { $0.0 < $1.0 } }
        let products = Set(transactions.map(\.productID)).sorted()
        plants = Self.plant(&byDay, days: &days, products: products, prorated: prorated)
        for day in days {
            let rows = (byDay[day] ?? []).map { group, tally in Self.salesRow(group, units: tally.units) }
            let text = ([Self.salesHeader.joined(separator: "\t")] + rows).joined(separator: "\n") + "\n"
            let date = CivilDate(daysSinceEpoch: day)
            let name = "S_D_85000000_" + CivilDate.yearText(date.year) + CivilDate.twoDigits(date.month) + CivilDate.twoDigits(date.day) + ".txt"
            salesFiles.append((name + ".gz", GzipWriter.member(Array(text.utf8))))
        }
        let financial = Self.financial(daily, products: products, prorated: prorated)
        financialFiles = financial.files
        plants += financial.plants
    }

    struct ProductDay: Hashable {
        var productID: String
        var day: Int64
    }

    /// Three differences on three days of the sales reports: a sale Apple has that no record
    /// shows (apple_only), a row we booked that Apple lacks (ours_only), and a price one cent
    /// higher (amount_differs).
    private static func plant(_ byDay: inout [Int64: [(Group, Tally)]], days: inout [Int64], products: [String],
                              prorated: Set<ProductDay>) -> [Plant] {
        var plants: [Plant] = []
        let label = { (day: Int64) in CivilDate(daysSinceEpoch: day).isoText }
        // A product sold on a day only once, in one row, and no prorated refund of it that day:
        // dropping it or repricing it moves that key alone.
        func single(_ day: Int64) -> Int? {
            guard let rows = byDay[day] else { return nil }
            return rows.indices.first { i in
                let g = rows[i].0
                return rows[i].1.units > 0 && !g.isRefund && g.price > 0 && rows.filter { $0.0.productID == g.productID }.count == 1
                    && !prorated.contains(ProductDay(productID: g.productID, day: day))
            }
        }
        var used: Set<Int64> = []
        // The day keeps another row: a file without rows would cover no day at all.
        if let day = days.first(where: { single($0) != nil && (byDay[$0]?.count ?? 0) > 1 }), let i = single(day), var rows = byDay[day] {
            let (g, tally) = rows[i]
            plants.append(Plant(report: .sales, period: label(day), productID: g.productID, finding: .oursOnly,
                                appleUnits: 0, ourUnits: tally.units,
                                money: PlantMoney(currency: g.currency, minorDigits: g.minorDigits, appleCustomerAmount: 0,
                                                  ourGross: tally.ourGross, appleProceeds: nil, ourProceeds: tally.ourProceeds)))
            rows.remove(at: i)
            byDay[day] = rows
            used.insert(day)
        }
        if let day = days.first(where: { !used.contains($0) && single($0) != nil }), let i = single(day), var rows = byDay[day] {
            rows[i].0.price += 1
            let (g, tally) = rows[i]
            plants.append(Plant(report: .sales, period: label(day), productID: g.productID, finding: .amountDiffers,
                                appleUnits: tally.units, ourUnits: tally.units,
                                money: PlantMoney(currency: g.currency, minorDigits: g.minorDigits, appleCustomerAmount: tally.units * g.price,
                                                  ourGross: tally.ourGross, appleProceeds: tally.units * g.proceeds,
                                                  ourProceeds: tally.ourProceeds)))
            byDay[day] = rows
            used.insert(day)
        }
        for day in days where !used.contains(day) {
            guard var rows = byDay[day], let template = rows.first(where: { $0.0.price > 0 }),
                  let missing = products.first(where: { p in
                      !rows.contains { $0.0.productID == p } && !prorated.contains(ProductDay(productID: p, day: day))
                  }) else { continue }
            var group = template.0
            group.productID = missing
            group.isRefund = false
            rows.append((group, Tally(units: 1)))
            byDay[day] = rows
            plants.append(Plant(report: .sales, period: label(day), productID: missing, finding: .appleOnly, appleUnits: 1, ourUnits: 0,
                                money: PlantMoney(currency: group.currency, minorDigits: group.minorDigits, appleCustomerAmount: group.price,
                                                  ourGross: 0, appleProceeds: group.proceeds, ourProceeds: 0)))
            break
        }
        return plants
    }

    static func amount(_ minor: Int64, _ digits: Int) -> String { MoneyFormat.plain(minor, minorDigits: digits) }

    static func usDate(_ day: Int64) -> String {
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
    static func region(_ currency: String) -> String {
        switch currency {
        case "USD": return "US"
        case "EUR": return "EU"
        case "GBP": return "GB"
        case "JPY": return "JP"
        default: return String(currency.prefix(2))
        }
    }
}
