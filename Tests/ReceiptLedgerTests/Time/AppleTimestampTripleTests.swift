import Testing
@testable import ReceiptLedger
@testable import ReceiptLedgerDemo

extension TimeTests {
    /// The shortcut for Apple's three usual forms must give exactly what the full rules give,
    /// whenever it gives anything.
    @Suite struct AppleTimestampTripleTests {
        static func shortcut(_ ms: String, _ text: String, _ pst: String) -> TimestampFieldReading? {
            let (ms, text, pst) = (Array(ms.utf8), Array(text.utf8), Array(pst.utf8))
            return ms.withUnsafeBufferPointer { ms in
                text.withUnsafeBufferPointer { text in
                    pst.withUnsafeBufferPointer { AppleTimestampTriple.reading(ms: ms, text: text, pst: $0) }
                }
            }
        }

        static func fullRules(_ ms: String, _ text: String, _ pst: String) -> TimestampFieldReading {
            TimestampForms(ms: .text(ms), text: .text(text), pst: .text(pst)).resolve()
        }

        /// `YYYY-MM-DD HH:MM:SS` of a wall time in ms (written here digit by digit, not by the
        /// code under test).
        static func wallText(_ millis: Int64) -> String {
            let (day, millisOfDay) = UnixMillis.split(millis)
            let date = CivilDate(daysSinceEpoch: day)
            let seconds = millisOfDay / 1_000
            func pad(_ value: Int64, _ width: Int) -> String {
                String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
            }
            return "\(pad(date.year, 4))-\(pad(date.month, 2))-\(pad(date.day, 2)) "
                + "\(pad(seconds / 3600, 2)):\(pad(seconds / 60 % 60, 2)):\(pad(seconds % 60, 2))"
        }

        /// Apple's three forms of `millis` (ms since the epoch, 1970 or later).
        static func appleForms(_ millis: Int64) -> (ms: String, text: String, pst: String) {
            let second = millis - millis % 1_000
            let pacific = second + ZoneRules.pacific.offsetMillis(at: UnixMillis(second))
            return (String(millis), wallText(second) + " Etc/GMT", wallText(pacific) + " America/Los_Angeles")
        }

        static func reading(_ millis: Int64) -> TimestampFieldReading {
            TimestampFieldReading(instant: UnixMillis(millis), isPresent: true, mismatch: false, ambiguousPST: false, invalidPST: false)
        }

        @Test func applesExampleTakesTheShortcut() {
            let forms = ("1574919499123", "2019-11-28 05:38:19 Etc/GMT", "2019-11-27 21:38:19 America/Los_Angeles")
            #expect(Self.shortcut(forms.0, forms.1, forms.2) == Self.reading(1_574_919_499_123))
            #expect(Self.fullRules(forms.0, forms.1, forms.2) == Self.reading(1_574_919_499_123))
        }

        /// Around the 2024 changes: the last second before the spring gap and the first after it,
        /// and both passes through the repeated autumn hour (the `_ms` form decides which, so
        /// the ambiguity is no finding).
        @Test(arguments: [
            ("1710064799000", "2024-03-10 09:59:59 Etc/GMT", "2024-03-10 01:59:59 America/Los_Angeles"),
            ("1710064800000", "2024-03-10 10:00:00 Etc/GMT", "2024-03-10 03:00:00 America/Los_Angeles"),
            ("1730622600000", "2024-11-03 08:30:00 Etc/GMT", "2024-11-03 01:30:00 America/Los_Angeles"),
            ("1730626200999", "2024-11-03 09:30:00 Etc/GMT", "2024-11-03 01:30:00 America/Los_Angeles"),
            ("1704067199999", "2023-12-31 23:59:59 Etc/GMT", "2023-12-31 15:59:59 America/Los_Angeles"),
            ("28800000", "1970-01-01 08:00:00 Etc/GMT", "1970-01-01 00:00:00 America/Los_Angeles"),
        ])
        func daylightSavingChangesTakeTheShortcut(forms: (String, String, String)) throws {
            let millis = try #require(Int64(forms.0))
            #expect(Self.shortcut(forms.0, forms.1, forms.2) == Self.reading(millis))
            #expect(Self.fullRules(forms.0, forms.1, forms.2) == Self.reading(millis))
        }

        /// Every second around 09:00, 10:00 and 11:00 UTC (where Pacific changes fall) on every
        /// Sunday from 1970 to 2099, and instants spread over those years: the shortcut reads
        /// them all, as the full rules do.
        @Test func appleFormsOfAnyInstantTakeTheShortcut() {
            var instants: [Int64] = []
            let firstSunday: Int64 = 3  // 1970-01-04
            let lastDay = CivilDate(year: 2100, month: 1, day: 1).daysSinceEpoch
            for day in stride(from: firstSunday, to: lastDay, by: 7) {
                for hour: Int64 in [9, 10, 11] {
                    let change = day * 86_400_000 + hour * 3_600_000
                    instants += [change - 1_000, change - 1, change, change + 999]
                }
            }
            var random = DemoRandom(seed: 11)
            for _ in 0..<20_000 { instants.append(Int64(random.next() % UInt64(AppleTimestampTriple.instants.upperBound))) }
            var differing = 0
            for millis in instants {
                let forms = Self.appleForms(millis)
                let shortcut = Self.shortcut(forms.ms, forms.text, forms.pst)
                if shortcut != Self.reading(millis) || Self.fullRules(forms.ms, forms.text, forms.pst) != Self.reading(millis) {
                    differing += 1
                }
            }
            #expect(differing == 0)
        }

        /// One byte of one form changed, anywhere: whenever the shortcut still reads the forms,
        /// it says what the full rules say; the changes that matter leave them to the full rules.
        @Test func changedFormsGiveWhatTheFullRulesGive() {
            var random = DemoRandom(seed: 12)
            let replacements = Array("0123456789 -:/.+TZAEGMTa".utf8)
            var taken = 0, wrong = 0
            for _ in 0..<20_000 {
                let millis = Int64(random.next() % UInt64(AppleTimestampTriple.instants.upperBound))
                let apple = Self.appleForms(millis)
                var forms = [Array(apple.ms.utf8), Array(apple.text.utf8), Array(apple.pst.utf8)]
                let form = Int(random.next() % 3)
                let position = Int(random.next() % UInt64(forms[form].count))
                forms[form][position] = replacements[Int(random.next() % UInt64(replacements.count))]
                let (ms, text, pst) = (String(decoding: forms[0], as: UTF8.self), String(decoding: forms[1], as: UTF8.self),
                                       String(decoding: forms[2], as: UTF8.self))
                guard let shortcut = Self.shortcut(ms, text, pst) else { continue }
                taken += 1
                if shortcut != Self.fullRules(ms, text, pst) { wrong += 1 }
            }
            #expect(wrong == 0)
            // Some changes keep the texts Apple's (a digit replaced by itself, a changed `_ms` digit
            // below the second): those are still read by the shortcut.
            #expect(taken > 0)
        }

        @Test(arguments: [
            // a second off, an hour off on the Pacific clock, a zone Apple does not write here
            ("1574919499000", "2019-11-28 05:38:20 Etc/GMT", "2019-11-27 21:38:19 America/Los_Angeles"),
            ("1574919499000", "2019-11-28 05:38:19 Etc/GMT", "2019-11-27 22:38:19 America/Los_Angeles"),
            ("1574919499000", "2019-11-28 05:38:19 Etc/UTC", "2019-11-27 21:38:19 America/Los_Angeles"),
            // a digit string the full rules trim, or one too long for the shortcut
            (" 1574919499000", "2019-11-28 05:38:19 Etc/GMT", "2019-11-27 21:38:19 America/Los_Angeles"),
            ("0001574919499000000", "2019-11-28 05:38:19 Etc/GMT", "2019-11-27 21:38:19 America/Los_Angeles"),
            // before 1970 and from 2100 on
            ("-1000", "1969-12-31 23:59:59 Etc/GMT", "1969-12-31 15:59:59 America/Los_Angeles"),
            ("4102444800000", "2100-01-01 00:00:00 Etc/GMT", "2099-12-31 16:00:00 America/Los_Angeles"),
        ])
        func otherFormsAreLeftToTheFullRules(forms: (String, String, String)) {
            #expect(Self.shortcut(forms.0, forms.1, forms.2) == nil)
        }
    }
}
