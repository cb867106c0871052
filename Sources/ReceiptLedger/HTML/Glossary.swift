/// `glossary.html` and the plain-language names of every code the report writes: the words a
/// finance reader meets (gross, proceeds, net, statuses, periods), and each rejection reason,
/// anomaly kind, environment finding, reconciliation finding, subscription state and
/// cancellation reason with what it means and what money may be at stake. The findings page
/// names each code it counts by `entry(...)` and links to its anchor here.
enum Glossary {
    struct Entry: Sendable {
        /// The fragment of its row on `glossary.html` (`reason-status_21005`).
        let anchor: String
        /// As written in the CSV files (`status_21005`, `gross_amount`), or the concept's name.
        let term: String
        /// A few plain words (`Apple's server was unavailable: retry`).
        let name: String
        let meaning: String
        /// What money may hide behind it; empty when none.
        let atStake: String
    }

    struct Section: Sendable {
        let id: String
        let title: String
        let intro: String
        let entries: [Entry]
    }

    /// The link to an entry, from any page of the report.
    static func href(_ entry: Entry) -> String { ReportPage.glossary.fileName + "#" + entry.anchor }

    private static func entry(_ prefix: String, _ term: String, _ name: String, _ meaning: String, _ atStake: String = "") -> Entry {
        Entry(anchor: prefix + "-" + term, term: term, name: name, meaning: meaning, atStake: atStake)
    }

    // MARK: The words of the report

    static let money = Section(id: "money", title: "Money", intro: "Every amount is exact, in the transaction's own currency; different currencies are never added together.", entries: [
        entry("term", "gross", "What customers paid",
              "The catalog price in effect at the purchase (the intro price during an introductory offer) × quantity, before Apple's commission and before refunds. Booked in the period of the purchase. Column gross_amount."),
        entry("term", "proceeds", "The developer's estimated share",
              "Gross × the catalog row's proceeds_rate (0.70 when the catalog gives none), rounded half-even. An estimate: see \"Why proceeds are estimates\". Column proceeds_amount."),
        entry("term", "refunds", "Money given back",
              "The gross of refunded transactions, as a positive amount, booked in the period of the cancellation (or of the sale with --refunds sale-period). Refund proceeds are the proceeds given back with it."),
        entry("term", "net", "Gross less refunds",
              "net = gross − refunds in the same period; net proceeds = proceeds − refund proceeds. A period that refunds more than it sells has a negative net."),
        entry("term", "units_sold", "Units sold",
              "The sum of quantity over transactions with status sold, upgraded or refunded (trial, family-shared and unpriced ones add none); units_refunded sums quantity over refunded ones, in their refund period."),
        entry("term", "estimates", "Why proceeds are estimates",
              "Receipts carry no price and no commission. Prices come from your catalog, and proceeds from one rate per catalog row, while Apple's actual share varies: 15 % under the Small Business Program or after a subscriber's first year, taxes withheld in some storefronts, prices that differ per storefront, and currency conversion at payout. Apple's financial reports in App Store Connect are the source of record; use these figures to trace and reconcile, not to book revenue.",
              "Proceeds may differ from Apple's payout by the commission and tax differences above."),
        entry("term", "counted", "Counted in the ledgers (transactions.csv)",
              "transactions.csv's counted is true for status sold, upgraded or refunded: those add to units sold, gross and proceeds in period_sold; refunded ones also book their refund in period_refunded. Summing gross_amount by environment, period_sold and currency where counted gives ledger_period.csv's gross."),
    ])

    static let periods = Section(id: "periods", title: "Periods", intro: "How sales and refunds are placed in time.", entries: [
        entry("term", "period", "Reporting period",
              "A day, ISO week (2024-W27, Monday to Sunday), month, quarter or year, cut at local midnight in the run's --tz. With --calendar apple-fiscal, weeks, months, quarters and years follow Apple's fiscal calendar (weeks Sunday to Saturday; a fiscal year ends on the last Saturday of September, so FY2025 runs from 2024-09-29 to 2025-09-27; months of 4 or 5 weeks): the ledger pages show each period's first and last day."),
        entry("term", "refund-period", "Refunds in the period of the refund (default)",
              "A refund lowers the period in which it happened: a March refund of a January sale lowers March, as Apple's financial reports do. Closed periods never change."),
        entry("term", "sale-period", "Refunds in the period of the sale (--refunds sale-period)",
              "A refund lowers the period of its sale, showing what each period's sales finally brought in; a closed period changes when a late refund arrives. refunds.csv still names the cancellation's period; transactions.csv's period_refunded names the period the ledgers book it in."),
        entry("term", "as-of", "As of",
              "The instant subscription states and refund leakage are judged at: --as-of, else the latest verified_at of the input. The current period on the overview is the one holding it, and may still be running."),
    ])

    static let environments = Section(id: "environments", title: "Environments", intro: "", entries: [
        entry("term", "sandbox", "Sandbox: test purchases",
              "Purchases made with sandbox (test) accounts, in TestFlight or development builds: no money changed hands. They are kept apart, shown in purple, and are in no production figure.",
              "None, unless a production purchase was mislabelled: see environment_mismatch and environment_inferred."),
        entry("term", "production", "Production: real money", "Purchases in the App Store with real accounts: the only money in the production figures."),
        entry("term", "consumable-refunds", "Consumables' invisible refunds",
              "Apple drops finished consumables from later receipts and never marks their refunds there, so a refunded consumable looks sold for ever (refund_visible = false). Consumable figures are sales only.",
              "Consumable refunds are missing from the refunds: consumable net is overstated by them. Apple's reports or refund notifications show them."),
    ])

    static let statuses = Section(id: "statuses", title: "Transaction statuses", intro: "transactions.csv's status: the first that applies.", entries: [
        entry("status", "trial", "Free trial", "A free-trial period (is_trial_period): no revenue, in no money column."),
        entry("status", "family_shared", "Shared by Family Sharing", "A purchase a family member shares (ownership FAMILY_SHARED): the buyer paid in their own transaction; no revenue here."),
        entry("status", "unpriced", "No catalog price", "No catalog row for the product was in effect at the purchase: booked with no money, listed on the overview and as an unpriced_product anomaly.",
              "The whole sale: add the product (or the right effective_from) to the catalog and run again."),
        entry("status", "upgraded", "Upgraded", "A subscription cancelled because the customer upgraded to another: the sale stands, no refund is booked."),
        entry("status", "refunded", "Refunded", "Apple gave the money back (a cancellation that is not an upgrade): the sale counts in its period, the refund in the refund's period."),
        entry("status", "sold", "Sold", "A paid sale with nothing else to say about it."),
    ])

    static let cancellationReasons = Section(id: "cancellation", title: "Cancellation reasons", intro: "cancellation_reason, as Apple sends it with a refund.", entries: [
        entry("cancellation", "1", "Issue in the app", "The customer cancelled because of an actual or perceived issue within the app."),
        entry("cancellation", "0", "Another reason", "The customer cancelled for another reason, for example a purchase made by mistake."),
        Entry(anchor: "cancellation-empty", term: "(empty)", name: "Not given", meaning: "No cancellation, or Apple sent no reason.", atStake: ""),
    ])

    static let subscriptionStates = Section(id: "states", title: "Subscription states", intro: "subscriptions.csv's state at the as-of instant.", entries: [
        entry("state", "active", "Active", "Entitled after the as-of instant and set to renew."),
        entry("state", "cancelled", "Will not renew", "Entitled after the as-of instant, but auto-renew is off: it ends at latest_expires_date.", "The next renewal's revenue, unless the customer turns renewal back on."),
        entry("state", "billing_retry", "Payment failing", "Expired while Apple retries a failed payment.", "The renewal's revenue: Apple may still collect it."),
        entry("state", "expired", "Expired", "No entitlement after the as-of instant."),
        entry("state", "refunded", "Refunded", "Its latest paid period was refunded."),
    ])

    // MARK: Codes

    /// verifyReceipt status codes of rejected records (`status_<code>`).
    static let statusCodes: [Entry] = [
        entry("reason", "status_21000", "Apple could not read the request", "Apple's answer: the request's JSON could not be read. The receipt was never checked.",
              "Any purchase in the receipt: send it again correctly formed."),
        entry("reason", "status_21002", "Malformed receipt data", "Apple's answer: the receipt data was malformed or missing.",
              "Any purchase in the receipt: the stored receipt may be truncated."),
        entry("reason", "status_21003", "Receipt not authenticated", "Apple's answer: the receipt could not be authenticated (it may be forged).",
              "Usually none; a real receipt rejected this way hides its purchases."),
        entry("reason", "status_21004", "Shared secret mismatch", "Apple's answer: the shared secret sent does not match the account's.",
              "Every subscription in the receipt: fix the shared secret and verify again."),
        entry("reason", "status_21005", "Apple's server was unavailable: retry", "Apple's answer: the receipt server was temporarily unavailable. Apple asks to try again.",
              "Revenue may hide behind it: verify the receipt again; its purchases are in no figure."),
        entry("reason", "status_21009", "Apple's internal data access error: retry", "Apple's answer: an internal data access error. Try again.",
              "Revenue may hide behind it: verify the receipt again."),
        entry("reason", "status_21010", "Account not found or deleted", "Apple's answer: the user account cannot be found or was deleted.",
              "Any purchase in the receipt; usually none recoverable."),
        Entry(anchor: "reason-status_211xx", term: "status_21100 … status_21199", name: "Apple's internal error: retry",
              meaning: "Apple's answer: an internal error. Apple asks to try again.",
              atStake: "Revenue may hide behind it: verify the receipt again; its purchases are in no figure."),
        Entry(anchor: "reason-status_other", term: "status_<other>", name: "Unknown status",
              meaning: "A status code Apple does not document: the answer was not booked.",
              atStake: "Any purchase in the receipt: look at the stored answer."),
    ]

    static let rejections = Section(id: "rejections", title: "Rejection reasons", intro: "rejected.csv's reason: the record was not booked. Its purchases are in no figure.", entries: statusCodes + [
        entry("reason", "invalid_json", "Not JSON", "The stored response is not valid JSON (often truncated when it was stored).", "Any purchase in it: store the full answer and run again."),
        entry("reason", "empty_response", "No response stored", "The response is NULL or blank.", "Any purchase the answer would have shown."),
        entry("reason", "not_an_object", "Not an answer", "The response (or an NDJSON line) is JSON but not an object: not a verifyReceipt answer.", "Any purchase in it; a whole file of these is the wrong input kind."),
        entry("reason", "missing_status", "No status", "The answer has no status field.", "Any purchase in it."),
        entry("reason", "bad_status", "Unreadable status", "The status is not an integer.", "Any purchase in it."),
        entry("reason", "missing_receipt", "No receipt in a valid answer", "Status 0 or 21006 without a receipt object.", "Any purchase the receipt would have held."),
        entry("reason", "malformed_receipt", "Malformed receipt", "in_app or latest_receipt_info is not an array of objects.", "Any purchase in it."),
        entry("reason", "bad_id", "Unreadable record id", "The record's id is not an integer.", "Any purchase in it."),
        entry("reason", "duplicate_id", "Repeated record id", "A later record with an id already read: only the first is booked.", "None when the copies are the same answer; else the later one's purchases."),
        entry("reason", "bad_user_id", "No user id", "user_id is missing, empty or not text: the purchase cannot be owned by anyone.", "Any purchase in it."),
        entry("reason", "bad_verified_at", "Unreadable verification time", "verified_at cannot be read: the record cannot be placed in time.", "Any purchase in it."),
        entry("reason", "foreign_bundle", "Another app's receipt", "The receipt's bundle_id is not one of --bundle-id: another app's purchase, kept out.",
              "None when it is another app's; if most records are rejected so, --bundle-id is wrong."),
        entry("reason", "unknown_format", "Not a kind of record Apple sends", "The response is a JSON object that is neither a verifyReceipt answer, a server notification (V1 or V2), an App Store Server API answer nor a signed transaction.",
              "Any purchase in it; a whole file of these is the wrong input kind."),
        entry("reason", "invalid_jws", "Unreadable signed data", "The response is a JWS (signed data) that is not three Base64URL parts, or whose payload is not a JSON object.",
              "Any purchase in it: the stored text may be truncated."),
    ])

    static let anomalies = Section(id: "anomalies", title: "Anomaly kinds", intro: "anomalies.csv's kind: booked, but something to look at.", entries: [
        entry("anomaly", "bad_timestamp", "Unreadable date", "A date field could not be read (the field is named in detail). An unreadable cancellation date is ignored; a transaction with no readable purchase date is not booked.",
              "A refund may be missed (cancellation), or a whole sale (purchase)."),
        entry("anomaly", "timestamp_mismatch", "Two forms of a date disagree", "The _ms, plain and _pst forms of one date differ by a second or more; the preferred form was used.",
              "The sale may sit in another period than its true one."),
        entry("anomaly", "ambiguous_pst", "Repeated hour in Pacific time", "A _pst date in the hour repeated when daylight saving ends: the earlier instant was used.", "At most the period of one sale, at a period boundary."),
        entry("anomaly", "invalid_pst", "Skipped hour in Pacific time", "A _pst date in the hour skipped when daylight saving starts: no such instant.", "At most the period of one sale."),
        entry("anomaly", "shared_transaction", "One purchase, several users", "The same transaction appears in another user's records (a shared Apple ID, or a restored purchase on another account). It is owned by the user of its earliest record.",
              "Content may be unlocked for users who never paid."),
        entry("anomaly", "conflicting_transaction", "Copies disagree", "Copies of one transaction disagree on a fixed field (product, quantity, purchase date); the earliest record's copy was used.", "The sale's price or period may be wrong."),
        entry("anomaly", "transaction_in_both_environments", "In production and sandbox", "The same transaction id appears in both environments; each is booked in its own.", "None in the production figures; check the records."),
        entry("anomaly", "unpriced_product", "No catalog price", "No catalog row for the product was in effect at the purchase: the transaction is booked unpriced.", "The whole sale: it is in no figure until the catalog prices it."),
        entry("anomaly", "malformed_transaction", "Unreadable transaction", "An entry of in_app or latest_receipt_info is not an object or has no transaction_id: skipped.", "The purchase it would have been."),
        entry("anomaly", "bad_quantity", "Unreadable quantity", "quantity is not a positive integer: 1 was used.", "The difference to the real quantity × price."),
        entry("anomaly", "cancellation_before_purchase", "Refund dated before the purchase", "A copy gives a cancellation date earlier than the purchase date; the refund stands as Apple sent it.",
              "The refunded amount may sit in an earlier period than the sale."),
        entry("anomaly", "refund_reversed", "Refund reversed", "A later signed copy from Apple shows the transaction without a revocation: Apple reversed the refund, and the sale stands again.",
              "The sale's amount, back in revenue; no refund row."),
        entry("anomaly", "catalog_price_differs", "Apple's price differs from the catalog", "The price Apple signed for the transaction differs from the catalog's in the same currency; Apple's price was booked.",
              "The difference per sale: the catalog may be stale (a price change), or the store price includes tax."),
    ])

    static let environmentFindings = Section(id: "environment-findings", title: "Environment findings", intro: "environment_check.csv's finding: how a record's environment was decided.", entries: [
        entry("env", "status_21007", "Sandbox receipt sent to production", "Apple answered 21007: a sandbox receipt was sent to the production server (the usual App Review and TestFlight case). Booked as Sandbox.", "None: test purchases, kept out of the money."),
        entry("env", "status_21008", "Production receipt sent to sandbox", "Apple answered 21008: a production receipt was sent to the sandbox server. Booked as Production.", "Real sales that a sandbox-only check would have missed."),
        entry("env", "environment_mismatch", "Claimed environment was wrong", "The environment the server recorded (claimed_environment) differs from Apple's answer; Apple's answer decides.", "Money the app's own books placed in the wrong environment."),
        entry("env", "environment_inferred", "Environment not stated", "Neither environment nor receipt_type was in the answer, and no environment was claimed: booked as Production.", "Test purchases counted as revenue, if the record was really sandbox."),
        entry("env", "environment_from_claim", "Environment taken from the server's claim", "The answer does not say its environment; the server recorded which one it called (claimed_environment), and that was used.",
              "None when the server's claim is right; a sandbox answer stored without the key stays out of revenue."),
    ])

    static let reconciliationFindings = Section(id: "reconciliation", title: "Reconciliation findings", intro: "reconciliation.csv's finding: orders against transactions (only with orders).", entries: [
        entry("finding", "refund_not_revoked", "Refunded, content still unlocked", Reconciliation.Finding.refundNotRevoked.explanation, "The refunded amount: refund leakage."),
        entry("finding", "delivered_on_sandbox", "Delivered on a test purchase", Reconciliation.Finding.deliveredOnSandbox.explanation, "The delivered content's value: paid for with test money."),
        entry("finding", "delivered_without_transaction", "Delivered without a purchase", Reconciliation.Finding.deliveredWithoutTransaction.explanation, "The delivered content's value: nothing paid for it."),
        entry("finding", "duplicate_delivery", "Delivered twice", Reconciliation.Finding.duplicateDelivery.explanation, "The second delivery's value."),
        entry("finding", "order_user_mismatch", "Delivered to another user", Reconciliation.Finding.orderUserMismatch.explanation, "The content's value, for a user who did not pay."),
        entry("finding", "transaction_without_order", "Paid, never delivered", Reconciliation.Finding.transactionWithoutOrder.explanation, "The sale: a customer may ask for a refund."),
        entry("finding", "bad_delivered_at", "Unreadable delivery time", Reconciliation.Finding.badDeliveredAt.explanation),
        entry("finding", "bad_revoked_at", "Unreadable revocation time", Reconciliation.Finding.badRevokedAt.explanation, "A refund on the order is listed as leakage: check it first."),
    ])

    static let appleFindings = Section(id: "apple", title: "Apple's reports", intro: "apple_reconciliation.csv's and apple_amounts.csv's finding: the books against Apple's Sales and Financial Reports, per report, period and product (only with --apple-sales or --apple-financial).", entries: [
        entry("apple", "match", "Ties to Apple", "Apple's net units (and, where both sides know the currency, its money) equal ours over the span.", "None."),
        entry("apple", "units_differ", "Units differ", "Both sides have units for the key, but not the same number: look at the transactions listed and at the neighbouring days.", "The units' worth on the side with more."),
        entry("apple", "apple_only", "Only Apple has them", "Apple counted units that no stored record shows: the server never verified these purchases (lost records, an outage).", "Sales Apple paid for that are in no figure of ours."),
        entry("apple", "ours_only", "Only we have them", "We booked units that Apple does not report: a sandbox purchase stored as production, a replayed or forged record, or a sale Apple has not collected yet.", "Revenue in our books that Apple will not pay."),
        entry("apple", "amount_differs", "Money differs", "Units agree, money does not: a stale catalog price, tax, the 85 % rate after a subscriber's first year, or Apple's per-unit rounding.", "The difference shown; Apple's figure is the one paid."),
    ])

    /// Every section of the page, in order.
    static let sections: [Section] = [
        money, periods, environments, statuses, cancellationReasons, subscriptionStates, rejections, anomalies,
        environmentFindings, reconciliationFindings, appleFindings,
    ]

    // MARK: Looking codes up

    /// The entry of a rejection reason: `status_<code>` by its code (21100–21199 share one,
    /// undocumented codes another), else the reason itself; nil for a reason the glossary does
    /// not know.
    static func rejection(_ reason: String) -> Entry? {
        if reason.hasPrefix("status_"), let code = Int64(reason.dropFirst("status_".count)) {
            if (21100...21199).contains(code) { return statusCodes.first { $0.anchor == "reason-status_211xx" } }
            return statusCodes.first { $0.term == reason } ?? statusCodes.first { $0.anchor == "reason-status_other" }
        }
        return rejections.entries.first { $0.term == reason }
    }

    static func anomaly(_ kind: String) -> Entry? { anomalies.entries.first { $0.term == kind } }
    static func environmentFinding(_ code: String) -> Entry? { environmentFindings.entries.first { $0.term == code } }
    static func apple(_ finding: AppleFinding) -> Entry? { appleFindings.entries.first { $0.term == finding.rawValue } }
    static func reconciliation(_ finding: Reconciliation.Finding) -> Entry? {
        reconciliationFindings.entries.first { $0.term == finding.rawValue }
    }

    /// The entry of a `cancellation_reason` as Apple sent it (`1`, `0`, empty); nil for another value.
    static func cancellation(_ raw: String) -> Entry? {
        raw.isEmpty ? cancellationReasons.entries.first { $0.anchor == "cancellation-empty" }
            : cancellationReasons.entries.first { $0.term == raw }
    }

    /// The page's sections for the template.
    static func context() -> [String: TemplateValue] {
        ["sections": .list(sections.map { section in
            .object([
                "id": .string(section.id), "title": .string(section.title), "intro": .string(section.intro),
                "has_intro": .bool(!section.intro.isEmpty),
                "has_stake": .bool(section.entries.contains { !$0.atStake.isEmpty }),
                "entries": .list(section.entries.map { e in
                    .object(["anchor": .string(e.anchor), "term": .string(e.term), "name": .string(e.name),
                             "meaning": .string(e.meaning), "at_stake": .string(e.atStake)])
                }),
            ])
        })]
    }

    /// The fields the findings page shows beside a code: its plain name and the link to its entry.
    static func fields(_ entry: Entry?) -> [String: TemplateValue] {
        ["plain": .string(entry?.name ?? ""), "href": .string(entry.map(href) ?? ""), "has_entry": .bool(entry != nil),
         "at_stake": .string(entry?.atStake ?? "")]
    }
}
