/// Which parser turns a document's bytes into the tape the rules read through `JSONView`.
///
/// Chosen once per `JSONParser` (one per reading thread), so once per document, never per
/// value: the readers cannot tell, and never ask, which parser made a document. The reference
/// reading (`JournalPipeline.reference`) takes Foundation's, to check the tape parser against a
/// parser it shares no code with.
enum JSONParsing: Sendable, Equatable {
    /// The project's strict tape parser (`JSONTapeBuilder`), in place.
    case tape
    /// Foundation's `JSONSerialization`, its result written out as a document (`FoundationJSON`).
    case foundation
}
