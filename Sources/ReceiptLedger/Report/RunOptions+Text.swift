/// The options the command line gives as text, each read by the rule that owns it (SPEC §2's
/// timestamp forms, exact shares, time zones, grace hours): the commands, in another module,
/// set them through here and hold no rule. Each returns false, changing nothing, when the text
/// is not a value of its option.
extension RunOptions {
    /// `--as-of`: any timestamp form of SPEC §2, or a catalog date.
    package mutating func setAsOf(_ text: String) -> Bool {
        guard let instant = StoredInstant.instant(.text(text)) ?? CatalogDate.parse(text) else { return false }
        asOf = instant
        asOfText = text
        return true
    }

    /// `--max-rejected-share`: from 0 to 1 (`StrictVerdict.share`).
    package mutating func setMaxRejectedShare(_ text: String) -> Bool {
        guard let share = StrictVerdict.share(text) else { return false }
        maxRejectedShare = share
        return true
    }

    /// `--memory-limit`: a whole number of bytes, or of KiB, MiB or GiB with `K`, `M` or `G`
    /// (an optional `iB` or `B` after it), at least 1 MiB.
    package mutating func setMemoryLimit(_ text: String) -> Bool {
        var digits = Substring(text)
        var unit = 1
        for suffix in ["iB", "B"] where digits.count > 1 && digits.hasSuffix(suffix) && digits.dropLast(suffix.count).last?.isLetter == true {
            digits = digits.dropLast(suffix.count)
        }
        if let last = digits.last, let shift = ["K": 10, "M": 20, "G": 30][last.uppercased()] {
            unit = 1 << shift
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let value = Int(digits), value >= 0,
              case let (bytes, overflow) = value.multipliedReportingOverflow(by: unit), !overflow, bytes >= 1 << 20 else { return false }
        memoryLimit = bytes
        return true
    }

    /// `--period`: day, week, month, quarter or year.
    package mutating func setPeriod(_ text: String) -> Bool {
        set(\.period, named: text)
    }

    /// `--calendar`: gregorian or apple-fiscal.
    package mutating func setCalendar(_ text: String) -> Bool {
        set(\.calendar, named: text)
    }

    /// `--tz`: a zone `ZoneRules` knows.
    package mutating func setTimeZone(_ text: String) -> Bool {
        guard (try? ZoneRules(identifier: text)) != nil else { return false }
        timeZone = text
        return true
    }

    /// `--refunds`: refund-period or sale-period.
    package mutating func setRefunds(_ text: String) -> Bool {
        set(\.refunds, named: text)
    }

    /// `--revoke-grace-hours`: hours from 0 to 87600, decimals allowed (`GraceHours`).
    package mutating func setRevokeGraceHours(_ text: String) -> Bool {
        guard let hours = GraceHours(parsing: text) else { return false }
        revokeGraceHours = hours
        return true
    }

    /// Sets an option whose values are an enum's raw names.
    private mutating func set<Value: RawRepresentable>(_ option: WritableKeyPath<RunOptions, Value>, named text: String) -> Bool
    where Value.RawValue == String {
        guard let value = Value(rawValue: text) else { return false }
        self[keyPath: option] = value
        return true
    }

    /// `--apple-sales` and `--apple-financial` (SPEC §10): files or folders, in that order.
    package mutating func setAppleReports(sales: [String], financial: [String]) {
        appleReports = sales.map { AppleReportReader.Source(kind: .sales, path: $0) }
            + financial.map { AppleReportReader.Source(kind: .financial, path: $0) }
    }
}
