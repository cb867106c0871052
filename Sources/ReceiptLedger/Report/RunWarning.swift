/// Something the run found that its figures alone would hide: sales left unpriced, no catalog,
/// most of the input rejected. Each is one line on stderr (`warning: …`) and the same words at
/// the top of the overview, so the terminal and the report never tell different stories.
struct RunWarning: Sendable, Equatable {
    enum Kind: String, Sendable {
        /// More than half of the records read were rejected.
        case mostlyRejected = "mostly_rejected"
        /// No `--catalog`: transactions were booked and none is priced.
        case noCatalog = "no_catalog"
        /// Production transactions of one product had no catalog row in effect.
        case unpricedProduct = "unpriced_product"
        /// The unpriced products left out of the lines above (too many to list one by one).
        case moreUnpricedProducts = "more_unpriced_products"
    }

    var kind: Kind
    /// One line of plain text, starting in lower case (it follows `warning: `).
    var message: String

    /// The line printed on stderr.
    var line: String { "warning: " + message }

    /// The message as a sentence of its own, for the overview.
    var sentence: String {
        guard let first = message.first else { return message }
        return first.uppercased() + message.dropFirst()
    }
}
