/// One Apple ID's receipt: the transactions it holds and how its answers are written.
struct DemoAppleAccount {
    var number: UInt64
    var environment: DemoEnvironment
    var format: DemoAnswerFormat = .modern
    /// Numbers and booleans as JSON numbers/booleans (a re-encoding proxy), not strings.
    var typedValues = false
    /// Answers without `environment` (`receipt_type` still says Production).
    var omitsEnvironment = false
    var bundleID = DemoProduct.bundleID
    /// Set when the app's server reads this customer's purchases from the App Store Server
    /// API and V2 notifications (from `since` on), with the customer's storefront.
    var signed: DemoSignedProfile?
    /// `receipt.original_purchase_date`: when the app was first installed.
    var install: Int64
    var transactions: [Int32] = []
    var renewals: [DemoRenewal] = []
}

enum DemoEnvironment: Equatable {
    case production
    case sandbox
}

/// Modern answers (`receipt.in_app` array) or iOS 6 ones (`receipt` is itself a transaction,
/// `latest_receipt_info` one object, `expires_date` in ms with `expires_date_formatted`).
enum DemoAnswerFormat: Equatable {
    case modern
    case iOS6
}

/// One of the app's own accounts; two of them may share an Apple ID (one device, two logins).
struct DemoAppUser {
    /// nil is stored as NULL; "" as an empty text.
    var userID: String?
    var account: Int32
}
