/// The six kinds of JSON value (RFC 8259 §3).
enum JSONKind: UInt8, Equatable, Sendable {
    case object
    case array
    case string
    case number
    case bool
    case null
}
