/// The instant of a stored timestamp column (`verified_at`, an order's `delivered_at` and
/// `revoked_at`, `--as-of`): integer ms, a digit string, or any text form of SPEC §2 (§8
/// "Records"). A repeated Pacific hour takes the earlier instant; a skipped one is unreadable.
enum StoredInstant {
    /// `verified_at`: integer ms, a digit string, or any text form of SPEC §2.
    static func instant(_ value: FieldValue) -> UnixMillis? {
        switch value {
        case .integer(let ms):
            let instant = UnixMillis(ms)
            return UnixMillis.readableRange.contains(instant) ? instant : nil
        case .text(let text):
            return instant(TimestampText.parse(text))
        default:
            return nil
        }
    }

    /// `instant(.text(…))` of the text whose UTF-8 is `bytes`.
    static func instant(utf8 bytes: UnsafeBufferPointer<UInt8>) -> UnixMillis? {
        instant(TimestampText.parse(bytes))
    }

    /// The instant a reading stands for, by the rule above.
    static func instant(_ reading: TimestampReading) -> UnixMillis? {
        switch reading {
        case .instant(let instant): return instant
        case .ambiguous(let earlier, _): return earlier
        case .skipped, .unreadable: return nil
        }
    }
}
