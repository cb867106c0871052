import Testing
@testable import ReceiptLedger

extension TimeTests {
    @Suite struct TimestampFieldTests {
        /// 2019-11-28T05:38:19.000Z, Apple's example.
        static let example = UnixMillis(1_574_919_499_000)

        static func reading(_ instant: UnixMillis?, present: Bool = true, mismatch: Bool = false,
                            ambiguous: Bool = false, invalid: Bool = false) -> TimestampFieldReading {
            TimestampFieldReading(instant: instant, isPresent: present, mismatch: mismatch, ambiguousPST: ambiguous, invalidPST: invalid)
        }

        @Test func allThreeAppleFormsAgree() {
            let forms = TimestampForms(ms: .text("1574919499000"), text: .text("2019-11-28 05:38:19 Etc/GMT"),
                                       pst: .text("2019-11-27 21:38:19 America/Los_Angeles"))
            #expect(forms.resolve() == Self.reading(Self.example))
        }

        @Test func millisecondFormWinsAndADisagreementIsAMismatch() {
            let forms = TimestampForms(ms: .integer(1_574_919_499_000), text: .text("2019-11-28 05:40:00 Etc/GMT"))
            #expect(forms.resolve() == Self.reading(Self.example, mismatch: true))
        }

        @Test func textFormWinsOverFormattedAndPacific() {
            let forms = TimestampForms(text: .text("2019-11-28 05:38:19 Etc/GMT"), formatted: .text("2020-01-01 00:00:00 Etc/GMT"),
                                       pst: .text("2021-01-01 00:00:00 America/Los_Angeles"))
            #expect(forms.resolve() == Self.reading(Self.example, mismatch: true))
        }

        @Test(arguments: [TimestampInput.text("abc"), .text(""), .text("1574919499000.0"), .text("-1574919499000"), .other])
        func millisecondFormThatIsNoDigitStringIsIgnored(ms: TimestampInput) {
            #expect(TimestampForms(ms: ms, text: .text("2019-11-28 05:38:19 Etc/GMT")).resolve() == Self.reading(Self.example))
            #expect(TimestampForms(ms: ms).resolve() == Self.reading(nil, present: false))
        }

        @Test func millisecondDigitStringMayCarryWhitespace() {
            #expect(TimestampForms(ms: .text(" 1574919499000\n")).resolve() == Self.reading(Self.example))
        }

        @Test func millisecondFormOutsideTheReadableRangeIsSentButUnreadable() {
            #expect(TimestampForms(ms: .integer(253_370_764_800_000)).resolve() == Self.reading(nil))
            #expect(TimestampForms(ms: .text("99999999999999999999")).resolve() == Self.reading(nil))
            #expect(TimestampForms(ms: .integer(-3_000_000_000_000), text: .text("2019-11-28 05:38:19 Etc/GMT")).resolve()
                == Self.reading(Self.example))
        }

        @Test func mismatchStartsAtExactlyOneSecond() {
            let ms = TimestampInput.integer(1_574_919_499_000)
            #expect(TimestampForms(ms: ms, text: .text("2019-11-28 05:38:19.999 Etc/GMT")).resolve().mismatch == false)
            #expect(TimestampForms(ms: ms, text: .text("2019-11-28 05:38:20.000 Etc/GMT")).resolve().mismatch == true)
            #expect(TimestampForms(ms: ms, text: .text("2019-11-28 05:38:18.001 Etc/GMT")).resolve().mismatch == false)
            #expect(TimestampForms(ms: ms, text: .text("2019-11-28 05:38:18.000 Etc/GMT")).resolve().mismatch == true)
        }

        @Test func mismatchIsCheckedBetweenEveryPairOfForms() {
            // _ms and X agree, the formatted form is 5 s off.
            let forms = TimestampForms(ms: .integer(1_574_919_499_000), text: .text("2019-11-28 05:38:19 Etc/GMT"),
                                       formatted: .text("2019-11-28 05:38:24 Etc/GMT"))
            #expect(forms.resolve() == Self.reading(Self.example, mismatch: true))
        }

        @Test func ambiguousPacificFormUsedAloneTakesTheEarlierInstant() {
            let forms = TimestampForms(pst: .text("2024-11-03 01:30:00 America/Los_Angeles"))
            #expect(forms.resolve() == Self.reading(UnixMillis(1_730_622_600_000), ambiguous: true))
        }

        @Test func ambiguousPacificFormAgreesThroughItsLaterInstant() {
            // 2024-11-03T09:30:00Z is the later of the two 01:30s.
            let forms = TimestampForms(ms: .text("1730626200000"), pst: .text("2024-11-03 01:30:00 America/Los_Angeles"))
            #expect(forms.resolve() == Self.reading(UnixMillis(1_730_626_200_000)))
        }

        @Test func ambiguousPacificFormAgreeingWithNeitherInstantIsAMismatch() {
            let forms = TimestampForms(ms: .integer(1_730_633_400_000), pst: .text("2024-11-03 01:30:00 America/Los_Angeles"))
            #expect(forms.resolve() == Self.reading(UnixMillis(1_730_633_400_000), mismatch: true))
        }

        @Test func skippedPacificFormRaisesInvalidEvenWhenMillisecondsDecide() {
            let forms = TimestampForms(ms: .integer(1_710_066_600_000), pst: .text("2024-03-10 02:30:00 America/Los_Angeles"))
            #expect(forms.resolve() == Self.reading(UnixMillis(1_710_066_600_000), invalid: true))
        }

        @Test func skippedPacificFormAloneIsUnreadable() {
            let reading = TimestampForms(pst: .text("2024-03-10 02:30:00 America/Los_Angeles")).resolve()
            #expect(reading == Self.reading(nil, invalid: true))
            #expect(reading.isUnreadable)
        }

        @Test func oldAnswersPutMillisecondDigitsInTheTextForm() {
            let forms = TimestampForms(text: .text("1574919499000"), formatted: .text("2019-11-28 05:38:19 Etc/GMT"),
                                       formattedPST: .text("2019-11-27 21:38:19 America/Los_Angeles"))
            #expect(forms.resolve() == Self.reading(Self.example))
            #expect(TimestampForms(text: .integer(1_574_919_499_000), formatted: .text("2019-11-28 05:38:19 Etc/GMT")).resolve()
                == Self.reading(Self.example))
        }

        @Test func unreadableTextFallsThroughToTheNextForm() {
            let forms = TimestampForms(text: .text("yesterday"), pst: .text("2019-11-27 21:38:19 America/Los_Angeles"))
            #expect(forms.resolve() == Self.reading(Self.example))
        }

        @Test func sentButUnreadableFieldHasNoInstant() {
            #expect(TimestampForms(text: .text("2019-11-28")).resolve().isUnreadable)
            #expect(TimestampForms(text: .other).resolve() == Self.reading(nil))
            #expect(TimestampForms(pst: .text("")).resolve() == Self.reading(nil))
        }

        @Test func absentFieldIsNotPresent() {
            let reading = TimestampForms().resolve()
            #expect(reading == Self.reading(nil, present: false))
            #expect(!reading.isUnreadable)
        }
    }
}
