import ReceiptLedger

/// The demo's Financial Reports: one file per region (currency) and Apple fiscal month, its rows
/// the month's daily groups summed, ended by Apple's trailer, with two differences planted.
extension DemoAppleReports {
    static let financialHeader = ["Start Date", "End Date", "UPC", "ISRC/ISBN", "Vendor Identifier", "Quantity", "Partner Share",
                                  "Extended Partner Share", "Partner Share Currency", "Sales or Return", "Apple Identifier",
                                  "Artist/Show/Developer/Author", "Title", "Label/Studio/Network/Developer/Publisher", "Grid",
                                  "Product Type Identifier", "ISAN/Other Identifier", "Country Of Sale", "Pre-order Flag", "Promo Code",
                                  "Customer Price", "Customer Currency"]

    /// One financial file: a fiscal month of one region.
    struct FinancialFile: Hashable, Comparable {
        var span: AppleSpan
        var region: String

        static func < (l: FinancialFile, r: FinancialFile) -> Bool { (l.span.firstDay, l.region) < (r.span.firstDay, r.region) }
    }

    /// Per region and fiscal month, the month's rows summed from the daily groups (`daily` holds
    /// no sales plant), then two plants: a Partner Share one cent higher on a product's only row
    /// of a month whose money otherwise ties (amount_differs), and a unit of a product the month
    /// has no sale or refund of, at its usual price (apple_only).
    static func financial(_ daily: [Group: Tally], products: [String], prorated: Set<ProductDay>)
        -> (files: [(name: String, bytes: [UInt8])], plants: [Plant]) {
        var months: [FinancialFile: [Group: Tally]] = [:]
        for (group, tally) in daily {
            let file = FinancialFile(span: AppleSpan.fiscalMonth(containing: group.day), region: region(group.currency))
            var monthly = group
            monthly.day = file.span.firstDay
            months[file, default: [:]][monthly, default: Tally()] += tally
        }
        let files = months.keys.sorted()
        let spans = Set(files.map(\.span)).sorted()
        func productsSold(in span: AppleSpan) -> [String] {
            files.filter { $0.span == span }.flatMap { months[$0]?.keys.map(\.productID) ?? [] }
        }
        func proratedRefund(of product: String, in span: AppleSpan) -> Bool {
            (span.firstDay...span.lastDay).contains { prorated.contains(ProductDay(productID: product, day: $0)) }
        }
        var plants: [Plant] = []
        amountDiffers: for file in files {
            guard let groups = months[file] else { continue }
            for g in groups.keys.sorted() {
                guard let tally = groups[g], tally.units > 0, !g.isRefund, g.price > 0,
                      tally.ourGross == tally.units * g.price, tally.ourProceeds == tally.units * g.proceeds,
                      productsSold(in: file.span).filter({ $0 == g.productID }).count == 1,
                      !proratedRefund(of: g.productID, in: file.span) else { continue }
                var planted = g
                planted.proceeds += 1
                months[file]?[g] = nil
                months[file]?[planted] = tally
                plants.append(Plant(report: .financial, period: file.span.label, productID: g.productID, finding: .amountDiffers,
                                    appleUnits: tally.units, ourUnits: tally.units,
                                    money: PlantMoney(currency: g.currency, minorDigits: g.minorDigits,
                                                      appleCustomerAmount: tally.units * g.price, ourGross: tally.ourGross,
                                                      appleProceeds: tally.units * planted.proceeds, ourProceeds: tally.ourProceeds)))
                break amountDiffers
            }
        }
        // A month without some product, in the product's own currency and price (its first sale
        // in another month) and that currency's region file; else the fiscal month after the last.
        let sales = months.values.flatMap(\.keys).filter { $0.price > 0 && !$0.isRefund }.sorted()
        let after = files.last.map { AppleSpan.fiscalMonth(containing: $0.span.lastDay + 1) }
        appleOnly: for span in spans + (after.map { [$0] } ?? []) {
            let sold = Set(productsSold(in: span))
            for product in products where !sold.contains(product) && !proratedRefund(of: product, in: span) {
                guard var group = sales.first(where: { $0.productID == product }) else { continue }
                group.day = span.firstDay
                let file = FinancialFile(span: span, region: region(group.currency))
                months[file, default: [:]][group, default: Tally()] += Tally(units: 1)
                plants.append(Plant(report: .financial, period: span.label, productID: product, finding: .appleOnly,
                                    appleUnits: 1, ourUnits: 0,
                                    money: PlantMoney(currency: group.currency, minorDigits: group.minorDigits,
                                                      appleCustomerAmount: group.price, ourGross: 0,
                                                      appleProceeds: group.proceeds, ourProceeds: 0)))
                break appleOnly
            }
        }
        let written = months.keys.sorted().compactMap { file -> (name: String, bytes: [UInt8])? in
            guard let groups = months[file] else { return nil }
            return ("financial_\(file.span.label)_\(file.region).txt", financialText(file.span, groups))
        }
        return (written, plants)
    }

    /// A financial file's bytes: header, rows, then Apple's trailer: `Total_Rows`, `Total_Amount`
    /// (Σ Extended Partner Share; only when the file has one currency), `Total_Units` (the
    /// positive units: returns are not subtracted).
    private static func financialText(_ span: AppleSpan, _ groups: [Group: Tally]) -> [UInt8] {
        var rows: [String] = []
        var shares: [String: (total: Int64, digits: Int)] = [:]
        var positiveUnits: Int64 = 0
        for g in groups.keys.sorted() {
            guard let units = groups[g]?.units, units != 0 else { continue }
            let cells: [String: String] = [
                "Start Date": usDate(span.firstDay), "End Date": usDate(span.lastDay), "Vendor Identifier": g.productID,
                "Quantity": String(units), "Partner Share": amount(g.proceeds, g.minorDigits),
                "Extended Partner Share": amount(g.proceeds * units, g.minorDigits), "Partner Share Currency": g.currency,
                "Sales or Return": units < 0 ? "R" : "S", "Title": g.productID, "Product Type Identifier": "IA1",
                "Country Of Sale": region(g.currency), "Customer Price": amount(units < 0 ? -g.price : g.price, g.minorDigits),
                "Customer Currency": g.currency,
            ]
            rows.append(financialHeader.map { cells[$0] ?? "" }.joined(separator: "\t"))
            shares[g.currency, default: (0, g.minorDigits)].total += g.proceeds * units
            positiveUnits += max(units, 0)
        }
        var trailer = ["Total_Rows\t\(rows.count)"]
        if shares.count == 1, let (_, share) = shares.first { trailer.append("Total_Amount\t" + amount(share.total, share.digits)) }
        trailer.append("Total_Units\t\(positiveUnits)")
        let text = ([financialHeader.joined(separator: "\t")] + rows + trailer).joined(separator: "\n") + "\n"
        return Array(text.utf8)
    }
}
