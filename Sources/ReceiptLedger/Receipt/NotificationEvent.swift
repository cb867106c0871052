/// One App Store Server Notification as a record holds it: a row of `notifications.csv`
/// (SPEC §9 "Notifications are events too"), before the merge drops Apple's retries.
struct NotificationEvent: Sendable, Equatable {
    /// `notification_v1` or `notification_v2`.
    var kind: RecordKind
    /// V1 `notification_type`, V2 `notificationType`.
    var notificationType: String
    /// V2 `subtype`; empty for V1.
    var subtype: String
    /// V2 `notificationUUID`; empty for V1 and for a V2 notification without one (one row per record).
    var uuid: String
    /// V2 `signedDate`; nil for V1.
    var signedDate: UnixMillis?
    /// The environment the notification names (resolved as its transactions' are); nil when none.
    var environment: Environment?
    /// V2: the signed transaction's ids; V1: the latest (by purchase) transaction of
    /// `unified_receipt.latest_receipt_info`. Empty when none.
    var transactionID: String {
        get { transactionIDText.string }
        set { transactionIDText = IDText(newValue) }
    }
    var originalTransactionID: String {
        get { originalTransactionIDText.string }
        set { originalTransactionIDText = IDText(newValue) }
    }
    /// The ids as kept: inline up to 16 bytes (Apple's are 15 or 16 digits), where a `String`
    /// of 16 takes a heap block; a run keeps a row per notification (issue 26).
    private(set) var transactionIDText: IDText
    private(set) var originalTransactionIDText: IDText

    init(kind: RecordKind, notificationType: String, subtype: String = "", uuid: String = "", signedDate: UnixMillis? = nil,
         environment: Environment? = nil, transactionID: String = "", originalTransactionID: String = "") {
        self.kind = kind
        self.notificationType = notificationType
        self.subtype = subtype
        self.uuid = uuid
        self.signedDate = signedDate
        self.environment = environment
        transactionIDText = IDText(transactionID)
        originalTransactionIDText = IDText(originalTransactionID)
    }
}
