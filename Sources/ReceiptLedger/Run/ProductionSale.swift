import Foundation

/// One production transaction of a stored data set as SPEC §10 compares it with Apple's reports
/// (`AppleComparedTransaction`), in plain numbers: the `package` entry point for the demo
/// generator, which writes Apple's reports from the data it made. The rules (which transactions
/// count, what a refund reverses, the Pacific day) stay internal and are applied here.
package struct ProductionSale: Sendable {
    package var productID: String
    package var quantity: Int64
    /// SPEC §10: a unit Apple reports (`AppleComparedTransaction.isCounted`).
    package var isCounted: Bool
    /// The currency's code and minor digits; nil when unknown.
    package var currency: (code: String, minorDigits: Int)?
    /// Amounts in minor units of `currency`.
    package var gross: Int64?
    package var proceeds: Int64?
    /// The Pacific day (days since 1970-01-01) of the purchase.
    package var purchaseDay: Int64
    /// The Pacific day of the refund Apple reports: a refund not of an upgraded transaction; nil otherwise.
    package var refundDay: Int64?
    /// A prorated refund below 100 % (§9): its money goes back in part, no units.
    package var isProratedRefund: Bool
    /// What the refund reverses when not the whole gross and proceeds.
    package var refundedGross: Int64?
    package var refundedProceeds: Int64?

    /// The production transactions of the SQLite data set at `database`, priced with the
    /// catalog at `catalog`, in the journal's order.
    package static func read(database: String, catalog: String) throws -> [ProductionSale] {
        let source = try SQLiteRecordSource(path: database, query: nil)
        defer { source.endReading() }
        let journal = try JournalPipeline(reader: ResponseReader(), catalog: try CatalogReader.read(path: catalog)).run(source: source).journal
        let pacific = PeriodCalendar(unit: .day, zone: .pacific)
        return AppleComparedTransaction.production(journal.transactions).map { t in
            ProductionSale(
                productID: t.productID, quantity: t.quantity, isCounted: t.isCounted,
                currency: t.currency.map { ($0.code, $0.minorDigits) }, gross: t.gross?.minorUnits, proceeds: t.proceeds?.minorUnits,
                purchaseDay: pacific.localDay(of: t.purchase),
                refundDay: t.status == .upgraded ? nil : t.refund.map { pacific.localDay(of: $0) },
                isProratedRefund: t.isProratedRefund,
                refundedGross: t.refundedGross?.minorUnits, refundedProceeds: t.refundedProceeds?.minorUnits)
        }
    }
}
