/// The four kinds of App Store product (SPEC §1.2).
enum ProductType: String, Sendable {
    case consumable
    case nonConsumable = "non_consumable"
    case autoRenewable = "auto_renewable"
    case nonRenewing = "non_renewing"
}
