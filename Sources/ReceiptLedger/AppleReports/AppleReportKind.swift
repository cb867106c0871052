/// The two kinds of App Store Connect report that SPEC §10 reconciles against.
package enum AppleReportKind: String, Hashable, Comparable, Sendable, CaseIterable {
    /// Sales and Trends, SALES / SUMMARY (daily, weekly, monthly or yearly): units and prices by day.
    case sales
    /// Payments and Financial Reports: what Apple paid for one fiscal month, per region.
    case financial

    /// The report's name as App Store Connect calls it, for messages.
    var title: String {
        switch self {
        case .sales: return "Summary Sales Report"
        case .financial: return "Financial Report"
        }
    }

    /// The option that gives reports of this kind, for messages that send the user to it.
    var option: String {
        switch self {
        case .sales: return "--apple-sales"
        case .financial: return "--apple-financial"
        }
    }

    /// The columns a file of this kind must have (SPEC §10); all others are optional.
    var requiredColumns: [AppleReportColumn] {
        switch self {
        case .sales: return [.sku, .productType, .units, .beginDate, .endDate]
        case .financial: return [.startDate, .endDate, .vendorIdentifier, .quantity, .productType]
        }
    }

    package static func < (lhs: AppleReportKind, rhs: AppleReportKind) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A column SPEC §10 reads, with every spelling Apple has used for it (matched trimmed and
/// case-insensitively, so `Country Of Sale` and `Country of Sale` are one).
enum AppleReportColumn: CaseIterable, Sendable {
    // Summary Sales Report
    case sku, units, developerProceeds, proceedsCurrency, countryCode, beginDate, subscription, period, proceedsReason, orderType
    // Financial Report
    case startDate, vendorIdentifier, quantity, partnerShare, extendedPartnerShare, partnerShareCurrency, saleOrReturn, countryOfSale
    // Both
    case endDate, productType, customerPrice, customerCurrency

    var names: [String] {
        switch self {
        case .sku: return ["SKU"]
        case .units: return ["Units"]
        case .developerProceeds: return ["Developer Proceeds"]
        case .proceedsCurrency: return ["Currency of Proceeds"]
        case .countryCode: return ["Country Code"]
        case .beginDate: return ["Begin Date"]
        case .subscription: return ["Subscription"]
        case .period: return ["Period"]
        case .proceedsReason: return ["Proceeds Reason"]
        case .orderType: return ["Order Type"]
        case .startDate: return ["Start Date"]
        case .vendorIdentifier: return ["Vendor Identifier"]
        case .quantity: return ["Quantity"]
        case .partnerShare: return ["Partner Share"]
        case .extendedPartnerShare: return ["Extended Partner Share"]
        case .partnerShareCurrency: return ["Partner Share Currency"]
        case .saleOrReturn: return ["Sale or Return", "Sales or Return"]
        case .countryOfSale: return ["Country Of Sale"]
        case .endDate: return ["End Date"]
        case .productType: return ["Product Type Identifier"]
        case .customerPrice: return ["Customer Price"]
        case .customerCurrency: return ["Customer Currency"]
        }
    }
}
