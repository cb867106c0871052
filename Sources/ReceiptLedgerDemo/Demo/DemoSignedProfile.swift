/// A customer whose purchases the app's server reads from Apple's signed data (SPEC §9): V2
/// notifications and App Store Server API answers from `since` on, in one storefront.
struct DemoSignedProfile: Equatable {
    /// The app's server switched from verifyReceipt to the App Store Server API and V2
    /// notifications on this day; signed customers' earlier records are receipt answers.
    static let serverSwitch = DemoCalendar.millis(2024, 10, 1)

    var storefront: DemoStorefront
    var since: Int64 = DemoSignedProfile.serverSwitch
    /// The `environment` Apple writes into the signed payloads (`Production`, `Sandbox`, `Xcode`).
    var environment = "Production"
}

/// The App Store storefronts of the demo's signed customers (ISO 3166 alpha-3) and their currency.
enum DemoStorefront: CaseIterable, Equatable {
    case usa
    case deu
    case gbr
    case jpn

    var code: String {
        switch self {
        case .usa: return "USA"
        case .deu: return "DEU"
        case .gbr: return "GBR"
        case .jpn: return "JPN"
        }
    }

    /// Apple's numeric storefront id (`storefrontId`).
    var storefrontID: String {
        switch self {
        case .usa: return "143441"
        case .deu: return "143443"
        case .gbr: return "143444"
        case .jpn: return "143462"
        }
    }

    var currency: String {
        switch self {
        case .usa: return "USD"
        case .deu: return "EUR"
        case .gbr: return "GBP"
        case .jpn: return "JPY"
        }
    }
}

/// What Apple charged, as a signed transaction's `price` (milliunits of the storefront's
/// currency, the whole transaction). The USD prices are the catalog's, except that Apple's
/// yearly price rose to 44.99 on `yearlyPriceRise` and the catalog was never updated
/// (`catalog_price_differs`); `coins_jp` costs the catalog's 120 yen.
enum DemoSignedPrice {
    static let yearlyPriceRise = DemoCalendar.millis(2025, 2, 1)

    static func milliunits(_ transaction: DemoTransaction, storefront: DemoStorefront) -> Int64 {
        if transaction.isTrial || transaction.familyShared { return 0 }
        let unit: Int64
        if transaction.isIntro {
            unit = introPrice(storefront)
        } else {
            unit = price(transaction.product, storefront: storefront, at: transaction.purchase)
        }
        return unit * Int64(max(1, transaction.quantity))
    }

    private static func introPrice(_ storefront: DemoStorefront) -> Int64 {
        switch storefront {
        case .usa, .deu, .gbr: return 1_990
        case .jpn: return 300_000
        }
    }

    private static func price(_ product: DemoProduct, storefront: DemoStorefront, at purchase: Int64) -> Int64 {
        switch (product, storefront) {
        case (.monthly, .usa): return purchase < DemoCatalog.monthlyPriceChange ? 4_990 : 5_990
        case (.monthly, .deu): return 5_990
        case (.monthly, .gbr): return 4_990
        case (.monthly, .jpn): return 800_000
        case (.yearly, .usa): return purchase < yearlyPriceRise ? 39_990 : 44_990
        case (.yearly, .deu): return 44_990
        case (.yearly, .gbr): return 39_990
        case (.yearly, .jpn): return 6_000_000
        case (.lifetime, .usa): return 79_990
        case (.lifetime, .deu): return 89_990
        case (.lifetime, .gbr): return 79_990
        case (.lifetime, .jpn): return 12_000_000
        case (.coins, .usa): return 990
        case (.coins, .deu): return 1_190
        case (.coins, .gbr): return 990
        case (.coins, .jpn): return 160_000
        case (.coinsJP, _): return 120_000
        case (.seasonPass, .usa): return 14_990
        case (.seasonPass, .deu): return 16_990
        case (.seasonPass, .gbr): return 14_990
        case (.seasonPass, .jpn): return 2_200_000
        case (.stickerPack, .jpn): return 300_000
        case (.stickerPack, _): return 1_990
        }
    }
}
