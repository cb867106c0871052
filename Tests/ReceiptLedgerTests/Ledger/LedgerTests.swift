import Testing
@testable import ReceiptLedger

/// SPEC §5, §6 and the ledger columns of §7, on hand-built journals.
@Suite struct LedgerTests {
    typealias A = AnswerBuilder
    static let jan15: Int64 = 1_705_312_800_000  // 2024-01-15T10:00:00Z
    static let mar02: Int64 = 1_709_373_600_000  // 2024-03-02T10:00:00Z
    static let day: Int64 = 86_400_000

    func ledgers(_ entries: [String], period: PeriodUnit = .month, zone: ZoneRules = .utc, calendar: CalendarKind = .gregorian,
                 refunds: RefundBooking = .refundPeriod) throws -> (LedgerBook, Journal) {
        let journal = try A.journal([A.row(1, user: "u1", at: Self.mar02 + Self.day, A.answer(inApp: entries))]).journal
        let periods = PeriodCalendar(unit: period, calendar: calendar, zone: zone)
        return (LedgerBook(transactions: journal.transactions, periods: periods, refunds: refunds), journal)
    }

    func csv(_ ledger: Ledger) -> String { String(decoding: LedgerFiles.csv(ledger).bytes().bytes, as: UTF8.self) }

    @Test func refundIsBookedInItsOwnPeriodByDefault() throws {
        let (book, _) = try ledgers([
            A.transaction("sold", purchaseMs: Self.jan15),
            A.transaction("refunded", purchaseMs: Self.jan15, fields: ["cancellation_date_ms": "\"\(Self.mar02)\""]),
        ])
        #expect(csv(book.byPeriod) == """
        environment,period,currency,units_sold,gross_amount,proceeds_amount,units_refunded,refund_amount,refund_proceeds_amount,net_amount,net_proceeds_amount
        Production,2024-01,USD,2,19.98,13.98,0,0.00,0.00,19.98,13.98
        Production,2024-03,USD,0,0.00,0.00,1,9.99,6.99,-9.99,-6.99

        """)
    }

    @Test func salePeriodRestatesTheSale() throws {
        let (book, _) = try ledgers([
            A.transaction("refunded", purchaseMs: Self.jan15, fields: ["cancellation_date_ms": "\"\(Self.mar02)\""]),
        ], refunds: .salePeriod)
        #expect(csv(book.byPeriod).split(separator: "\n").dropFirst() == ["Production,2024-01,USD,1,9.99,6.99,1,9.99,6.99,0.00,0.00"])
    }

    @Test func refundAcrossAYearEndLowersTheNewYear() throws {
        let dec31: Int64 = 1_735_689_000_000  // 2024-12-31T23:50:00Z
        let jan01: Int64 = 1_735_689_600_000  // 2025-01-01T00:00:00Z
        let (book, _) = try ledgers([A.transaction("r", product: "yearly", purchaseMs: dec31, fields: ["cancellation_date_ms": "\(jan01)"])],
                                    period: .quarter)
        #expect(csv(book.byPeriod).split(separator: "\n").dropFirst() == [
            "Production,2024-Q4,USD,1,99.99,84.99,0,0.00,0.00,99.99,84.99",
            "Production,2025-Q1,USD,0,0.00,0.00,1,99.99,84.99,-99.99,-84.99",
        ])
    }

    @Test func currenciesAreNeverAddedAndQuantitiesMultiply() throws {
        let (book, _) = try ledgers([
            A.transaction("c", product: "coins", purchaseMs: Self.jan15, fields: ["quantity": "\"3\""]),
            A.transaction("j", product: "coins_jp", purchaseMs: Self.jan15, fields: ["quantity": "2"]),
            A.transaction("t", purchaseMs: Self.jan15, fields: ["is_trial_period": "\"true\""]),
            A.transaction("x", product: "unknown", purchaseMs: Self.jan15),
        ])
        #expect(csv(book.byProduct).split(separator: "\n").dropFirst() == [
            "Production,2024-01,coins,USD,3,2.97,2.08,0,0.00,0.00,2.97,2.08",
            "Production,2024-01,coins_jp,JPY,2,240,168,0,0,0,240,168",
        ])
    }

    @Test func pacificDaysFollowDaylightSaving() throws {
        // 2024-03-10T07:30Z is 23:30 PST on March 9; 2024-03-10T10:30Z is 03:30 PDT on March 10.
        let (book, _) = try ledgers([
            A.transaction("a", purchaseMs: 1_710_055_800_000),
            A.transaction("b", purchaseMs: 1_710_066_600_000),
        ], period: .day, zone: .pacific)
        #expect(book.byPeriod.sortedRows.map(\.key.period) == ["2024-03-09", "2024-03-10"])
    }

    @Test func isoWeeksAndFiscalMonthsAcrossTheYearEnd() throws {
        let dec30: Int64 = 1_735_560_000_000  // 2024-12-30T12:00:00Z
        let (weeks, _) = try ledgers([A.transaction("a", purchaseMs: dec30)], period: .week)
        #expect(weeks.byPeriod.sortedRows.map(\.key.period) == ["2025-W01"])
        let dec29: Int64 = 1_735_473_600_000  // 2024-12-29T12:00:00Z: fiscal January 2025 starts
        let (fiscal, _) = try ledgers([A.transaction("a", purchaseMs: dec29), A.transaction("b", purchaseMs: dec29 - Self.day)],
                                      period: .month, calendar: .appleFiscal)
        #expect(fiscal.byPeriod.sortedRows.map(\.key.period) == ["2024-12", "2025-01"])
    }

    @Test func ledgersSumToEachOtherAndToTransactions() throws {
        let rows = [
            A.row(1, user: "a", at: Self.jan15, A.answer(inApp: [A.transaction("1", purchaseMs: Self.jan15),
                                                              A.transaction("2", product: "coins", purchaseMs: Self.jan15, fields: ["quantity": "2"])])),
            A.row(2, user: "b", at: Self.mar02, A.answer(inApp: [A.transaction("3", product: "yearly", purchaseMs: Self.mar02,
                                                                               fields: ["cancellation_date_ms": "\"\(Self.mar02 + Self.day)\""])])),
            A.row(3, user: "c", at: Self.mar02, A.answer(environment: "Sandbox", inApp: [A.transaction("4", purchaseMs: Self.mar02)])),
        ]
        let journal = try A.journal(rows).journal
        let book = LedgerBook(transactions: journal.transactions, periods: PeriodCalendar(unit: .month), refunds: .refundPeriod)
        func sum(_ ledger: Ledger) -> [String: LedgerAmounts] {
            var sums: [String: LedgerAmounts] = [:]
            for (key, amounts) in ledger.sortedRows { sums["\(key.environment)|\(key.period)|\(key.currency.code)", default: LedgerAmounts()] += amounts }
            return sums
        }
        #expect(sum(book.byProduct) == sum(book.byPeriod))
        #expect(sum(book.byUser) == sum(book.byPeriod))
        let gross = journal.transactions.filter { $0.status.booksSale && $0.environment == .production }.compactMap(\.gross).map(\.minorUnits).reduce(0, +)
        #expect(book.byPeriod.totals.filter { $0.environment == .production }.map(\.amounts.gross).reduce(0, +) == gross)
        #expect(book.byPeriod.totals.map(\.environment) == [.production, .sandbox])
    }
}
