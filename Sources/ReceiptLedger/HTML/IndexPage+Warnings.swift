extension IndexPage {
    /// The block the overview opens with, before any money: the run's warnings in the words
    /// printed on stderr, and the unpriced production transactions per product with what they
    /// would be at the catalog's nearest rows. Empty (the block is left out) when all is priced.
    static func warningsContext(_ diagnosis: RunDiagnosis) -> [String: TemplateValue] {
        let shown = diagnosis.unpriced.prefix(HTMLReport.rowCap)
        let booked = Display.counted(diagnosis.bookedTransactions, "transaction was", "transactions were")
        return [
            "has_warnings": .bool(!diagnosis.warnings.isEmpty || !diagnosis.unpriced.isEmpty),
            "warnings": .list(diagnosis.warnings.map { .object(["kind": .string($0.kind.rawValue), "text": .string($0.sentence)]) }),
            "has_unpriced": .bool(!diagnosis.unpriced.isEmpty),
            "unpriced": .list(shown.map { product in
                .object([
                    "product": .string(product.productID),
                    "transactions": .string(Display.count(product.transactions)),
                    "units": .string(Display.count(product.units)),
                    "would_be": .string(product.wouldBeText.map { "\($0) \(product.priceText)" } ?? "—"),
                    "basis": .string(diagnosis.catalogGiven ? product.basisText : "no catalog was given"),
                ])
            }),
            "unpriced_total": .string(Display.counted(diagnosis.unpricedTransactions, "transaction", "transactions")),
            "unpriced_capped": .bool(diagnosis.unpriced.count > shown.count),
            "unpriced_shown": .string(Display.count(shown.count)),
            "unpriced_products": .string(Display.counted(diagnosis.unpriced.count, "product", "products")),
            // With nothing booked, "no production money" is the whole story.
            "no_catalog": .bool(!diagnosis.catalogGiven && diagnosis.bookedTransactions > 0),
            "no_catalog_note": .string("No catalog was given: \(booked) booked but \(diagnosis.pricedText)."),
        ]
    }
}
