/// The date field as Apple writes it, read in one step: `X_ms` as digits, `X` as
/// `2019-11-28 05:38:19 Etc/GMT` and `X_pst` as `2019-11-27 21:38:19 America/Los_Angeles`, the
/// three naming the same second.
///
/// Every answer holds three such fields at receipt level and three per transaction, so this is
/// the case to make cheap: instead of reading each form and comparing the readings, the two texts
/// are compared with the ones the `_ms` instant gives. When they are equal, `TimestampForms.resolve`
/// would give exactly `reading`'s result (see there); when they are not, or the forms have any
/// other shape, the caller takes the full rules, which decide every case this one leaves.
enum AppleTimestampTriple {
    /// The instants this shortcut takes: 1970 to 2099. Inside `UnixMillis.readableRange`, and
    /// well before the zone table's 400-year repetition starts (`ZoneRules`, year 2500 at least).
    static let instants: Range<Int64> = 0..<(CivilDate(year: 2100, month: 1, day: 1).daysSinceEpoch * UnixMillis.millisPerDay)

    /// The field's reading when `ms`, `text` and `pst` (a JSON string's bytes each, without
    /// escapes) are Apple's three forms of one instant in `instants`; nil otherwise.
    ///
    /// Why it is what `TimestampForms.resolve(ms:text:formatted:pst:formattedPST:)` gives for
    /// these forms and no `_formatted` ones: `_ms` comes first, so its instant is the field's;
    /// `X` reads the same second, less than 1 s from it; the Pacific wall time of that second
    /// resolves to that second, or in the repeated autumn hour to two instants of which it is
    /// one, so it agrees too (and an ambiguous `_pst` is a finding only when the instant comes
    /// from it); a wall time the clock showed is never in the spring gap. So: present, that
    /// instant, no finding. Texts are compared digit for digit with the instant's, so a text
    /// that only reads as the same instant (`2019-11-27 29:38:19`, another zone name) is left
    /// to the full rules.
    static func reading(ms: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>,
                        pst: UnsafeBufferPointer<UInt8>) -> TimestampFieldReading? {
        // Up to 18 digits cannot overflow; a sign or a space takes the full rules.
        guard text.count == 27, pst.count == 39, (1...18).contains(ms.count),
              let millis = TimestampText.digits(ms, 0, ms.count), instants.contains(millis),
              TimestampText.matches(text, 19, 27, " Etc/GMT"), TimestampText.matches(pst, 19, 39, " America/Los_Angeles")
        else { return nil }
        let second = millis - millis % UnixMillis.millisPerSecond
        let utc = WallTime(second)
        guard utc.isShown(by: text),
              WallTime(second + ZoneRules.pacific.offsetMillis(at: UnixMillis(second)), near: utc).isShown(by: pst)
        else { return nil }
        return TimestampFieldReading(instant: UnixMillis(millis), isPresent: true, mismatch: false,
                                     ambiguousPST: false, invalidPST: false)
    }

    /// A wall time of whole seconds, as its calendar date and seconds into the day.
    private struct WallTime {
        var day: Int64
        var date: CivilDate
        var secondOfDay: Int64

        /// `millis` on some clock, in ms since 1970-01-01 00:00 on that clock.
        init(_ millis: Int64) {
            let (day, millisOfDay) = UnixMillis.split(millis)
            self.day = day
            date = CivilDate(daysSinceEpoch: day)
            secondOfDay = millisOfDay / UnixMillis.millisPerSecond
        }

        /// The same, with the date taken from `other` when it is that day or the day before
        /// (the Pacific date is the UTC date or the one before it), which saves the division-heavy
        /// calendar conversion.
        init(_ millis: Int64, near other: WallTime) {
            let (day, millisOfDay) = UnixMillis.split(millis)
            if day == other.day {
                date = other.date
            } else if day == other.day - 1, other.date.day > 1 {
                date = CivilDate(year: other.date.year, month: other.date.month, day: other.date.day - 1)
            } else {
                date = CivilDate(daysSinceEpoch: day)
            }
            self.day = day
            secondOfDay = millisOfDay / UnixMillis.millisPerSecond
        }

        /// Whether `bytes` starts with this time as `YYYY-MM-DD HH:MM:SS`. The digits are read
        /// rather than the time written out (no divisions); with each field's digits fixed in
        /// number and minutes and seconds below 60, equal values mean equal texts.
        func isShown(by bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: " "),
                  bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
                  let year = TimestampText.digits(bytes, 0, 4), let month = TimestampText.digits(bytes, 5, 2),
                  let day = TimestampText.digits(bytes, 8, 2), let hour = TimestampText.digits(bytes, 11, 2),
                  let minute = TimestampText.digits(bytes, 14, 2), let second = TimestampText.digits(bytes, 17, 2)
            else { return false }
            return year == date.year && month == date.month && day == date.day && minute < 60 && second < 60
                && (hour * 60 + minute) * 60 + second == secondOfDay
        }
    }
}
