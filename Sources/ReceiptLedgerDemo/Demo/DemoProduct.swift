/// The demo app's products: one of each App Store kind, a yen product, and one product the
/// catalog forgot (its purchases come out `unpriced`).
enum DemoProduct: UInt8, CaseIterable, Sendable {
    case monthly
    case yearly
    case lifetime
    case coins
    case coinsJP
    case seasonPass
    case stickerPack

    static let bundleID = "com.example.demoapp"
    /// Both subscriptions share one group, so a switch to the yearly one is an upgrade.
    static let subscriptionGroup = "20641907"

    var productID: String {
        switch self {
        case .monthly: return "com.example.demoapp.pro_monthly"
        case .yearly: return "com.example.demoapp.pro_yearly"
        case .lifetime: return "com.example.demoapp.lifetime"
        case .coins: return "com.example.demoapp.coins_100"
        case .coinsJP: return "com.example.demoapp.coins_jp"
        case .seasonPass: return "com.example.demoapp.season_pass"
        case .stickerPack: return "com.example.demoapp.sticker_pack"
        }
    }

    var isAutoRenewable: Bool { self == .monthly || self == .yearly }
    var isConsumable: Bool { self == .coins || self == .coinsJP }

    /// Length of one paid period in months (0: not a subscription).
    var periodMonths: Int {
        switch self {
        case .monthly: return 1
        case .yearly: return 12
        default: return 0
        }
    }

    /// A stable numeric App Store id for `item_id` in old-style answers.
    var itemID: String { "15300001\(10 + Int(rawValue))" }
}

/// The catalog CSV of SPEC §1.2 for the demo products.
enum DemoCatalog {
    /// The monthly price rises from 4.99 to 5.99 at this instant (a row with `effective_from`).
    static let monthlyPriceChange = DemoCalendar.millis(2024, 9, 1)

    static let text = """
        product_id,product_type,currency,price,effective_from,proceeds_rate,intro_price
        com.example.demoapp.pro_monthly,auto_renewable,USD,4.99,,,1.99
        com.example.demoapp.pro_monthly,auto_renewable,USD,5.99,2024-09-01,,1.99
        com.example.demoapp.pro_yearly,auto_renewable,USD,39.99,,0.85,
        com.example.demoapp.lifetime,non_consumable,USD,79.99,,,
        com.example.demoapp.coins_100,consumable,USD,0.99,,,
        com.example.demoapp.coins_jp,consumable,JPY,120,,,
        com.example.demoapp.season_pass,non_renewing,USD,14.99,,0.70,

        """
}
