extension AppleComparedTransaction {
    /// The journal's production transactions as SPEC §10 compares them (sandbox never reaches
    /// Apple's reports). A refund is a cancellation that is not an upgrade (`Transaction.isRefund`).
    /// A signed `REFUND_PRORATED` below 100 % (§9) reverses its part of the money and no units.
    static func production(_ transactions: TransactionList) -> [AppleComparedTransaction] {
        transactions.compactMap { transaction in
            guard transaction.environment == .production else { return nil }
            return AppleComparedTransaction(
                transactionID: transaction.transactionID, productID: transaction.productID, purchase: transaction.purchase,
                quantity: transaction.quantity, status: transaction.status,
                refund: transaction.isRefund ? transaction.cancellation : nil, isProratedRefund: transaction.signed.isPartialRefund,
                currency: transaction.currency, gross: transaction.gross, proceeds: transaction.proceeds,
                refundedGross: transaction.signed.refundGross, refundedProceeds: transaction.signed.refundProceeds)
        }
    }
}
