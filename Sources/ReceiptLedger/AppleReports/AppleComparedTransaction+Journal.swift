extension AppleComparedTransaction {
    /// The journal's production transactions as SPEC §10 compares them (sandbox never reaches
    /// Apple's reports). A refund is a cancellation that is not an upgrade (`Transaction.isRefund`).
    ///
    /// Receipts carry no prorated refunds; signed transactions' `REFUND_PRORATED` (§9) sets
    /// `isProratedRefund` and the refunded part once the journal keeps them.
    static func production(_ transactions: [Transaction]) -> [AppleComparedTransaction] {
        transactions.compactMap { transaction in
            guard transaction.environment == .production else { return nil }
            return AppleComparedTransaction(
                transactionID: transaction.transactionID, productID: transaction.productID, purchase: transaction.purchase,
                quantity: transaction.quantity, status: transaction.status,
                refund: transaction.isRefund ? transaction.cancellation : nil,
                currency: transaction.currency, gross: transaction.gross, proceeds: transaction.proceeds)
        }
    }
}
