import Foundation
@testable import ReceiptLedger
@testable import ReceiptLedgerDemo

/// Makes fuzz inputs from real answers: the public verifyReceipt fixtures (seeds, see
/// `Tests/Fixtures/fuzz/README.md`) and the demo generator's records, with their bodies damaged
/// by `AnswerMutator` and their columns (id, user, verified_at, claimed environment) damaged too.
/// Deterministic: case `n` of a seed is always the same input.
struct FuzzCaseMaker {
    /// An undamaged record to start from.
    struct Seed {
        var row: FuzzCase.Row
        var transactionIDs: [String]
    }

    let seeds: [Seed]
    let seed: UInt64

    init(seed: UInt64) throws {
        self.seed = seed
        var seeds: [Seed] = []
        var answers: [[UInt8]] = []
        for folder in ["Tests/Fixtures/fuzz/seeds", "Tests/Fixtures/json"] {
            let url = HostileSupport.repository.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() where name.hasSuffix(".json") {
                answers.append([UInt8](try Data(contentsOf: url.appendingPathComponent(name))))
            }
        }
        for (index, answer) in answers.enumerated() {
            let row = FuzzCase.Row(id: .integer(Int64(index + 1)), user: .text("u\(index % 3 + 1)"),
                                   verifiedAt: .integer(1_600_000_000_000 + Int64(index) * 86_400_000),
                                   claimed: index % 4 == 0 ? .text("Production") : .null, response: Data(answer))
            seeds.append(Seed(row: row, transactionIDs: Self.transactionIDs(in: answer)))
        }
        // The demo's records: every pitfall it knows, in its own stored form.
        for record in DemoGenerator(seed: 11, records: 400).records() {
            let verifiedAt: FuzzCase.Field
            switch record.verifiedAt {
            case .millis(let value): verifiedAt = .integer(value)
            case .text(let text): verifiedAt = .text(text)
            }
            let row = FuzzCase.Row(id: .integer(record.id), user: record.userID.map { .text($0) } ?? .null, verifiedAt: verifiedAt,
                                   claimed: record.claimedEnvironment.map { .text($0) } ?? .null,
                                   response: record.response.map { Data($0) })
            seeds.append(Seed(row: row, transactionIDs: record.response.map(Self.transactionIDs) ?? []))
        }
        self.seeds = seeds
    }

    static func transactionIDs(in answer: [UInt8]) -> [String] {
        guard let document = try? JSONDocument(bytes: answer) else { return [] }
        return AnswerMutator.slots(of: document).compactMap { slot in
            slot.key == "transaction_id" ? String(decoding: answer[(slot.start + 1)..<max(slot.start + 1, slot.end - 1)], as: UTF8.self) : nil
        }
    }

    static let hostileUsers = [
        "=HYPERLINK(\"http://x\")", "+1", "-2", "@x", "\tu", "\ru", "<script>alert(1)</script>", "<zzfuzz>", "a\u{0}b", "\u{0}",
        "u1 ", " u1", "e\u{301}", "\u{E9}", "\u{202E}1u", "\"><img src=x onerror=alert(1)>", "u,1", "u\"1", "u\n1", "",
        String(repeating: "w", count: 5_000),
    ]

    func makeCase(_ number: Int) -> FuzzCase {
        var random = DemoRandom(seed: seed, stream: UInt64(number) &* 2 &+ 1)
        var mutator = AnswerMutator(seed: seed, stream: UInt64(number) &* 2 &+ 2)
        let count = random.chance(500) ? random.int(9...40) : random.int(1...8)
        let donors = (0..<3).compactMap { _ in seeds[random.int(0...(seeds.count - 1))].row.response.map { [UInt8]($0) } }
        var rows: [FuzzCase.Row] = []
        var transactionIDs: [String] = []
        // Most cases draw from a few neighbouring records, so repeated transactions merge.
        let base = random.int(0...(seeds.count - 1))
        for position in 0..<count {
            let pick = random.chance(7_000) ? (base + random.int(0...6)) % seeds.count : random.int(0...(seeds.count - 1))
            let seedRecord = seeds[pick]
            var row = seedRecord.row
            transactionIDs += seedRecord.transactionIDs
            row.id = .integer(Int64(position + 1))
            if let response = row.response, random.chance(7_500) {
                row.response = Data(mutator.mutate([UInt8](response), donors: donors))
            } else if random.chance(300) {
                row.response = random.chance(5_000) ? nil : Data(" \n".utf8)
            }
            damageColumns(&row, position: position, random: &random, rows: rows)
            rows.append(row)
        }
        var fuzzCase = FuzzCase(rows: rows)
        fuzzCase.settings = settings(&random)
        if random.chance(3_000) { fuzzCase.orders = orders(transactionIDs, rows: rows, random: &random) }
        return fuzzCase
    }

    private func damageColumns(_ row: inout FuzzCase.Row, position: Int, random: inout DemoRandom, rows: [FuzzCase.Row]) {
        if random.chance(600) {
            row.id = pick([.text("12"), .real(1.5), .null, .other("[1]"), .integer(.max), .integer(.min), .integer(0), .integer(-7)], &random)
        } else if random.chance(500), let earlier = rows.last {
            row.id = earlier.id  // duplicate id
        }
        if random.chance(1_200) {
            row.user = random.chance(8_000) ? .text(pick(Self.hostileUsers, &random)) : pick([.null, .integer(5), .real(2.5), .other("x")], &random)
        } else if random.chance(2_000) {
            row.user = .text("u\(random.int(1...4))")
        }
        if random.chance(800) {
            row.verifiedAt = pick([
                .text("2024-01-01 00:00:00 Etc/GMT"), .text("2024-11-03 01:30:00 America/Los_Angeles"),
                .text("2024-03-10 02:30:00 America/Los_Angeles"), .text("9999-12-31T00:00:00Z"), .text("garbage"), .text(""),
                .text("1704067200000"), .null, .real(1.7e12), .integer(-1), .integer(.max), .integer(253_402_300_800_000),
                .other("{}"), .text("2024-01-01T00:00:00.5+05:30"),
            ], &random)
        }
        if random.chance(1_500) {
            row.claimed = pick([.text("Sandbox"), .text(" sandbox "), .text("PRODUCTION"), .text("=1+1"), .text(""), .integer(1),
                                .text("<script>alert(1)</script>"), .null], &random)
        }
    }

    private func settings(_ random: inout DemoRandom) -> FuzzCase.Settings {
        var settings = FuzzCase.Settings()
        settings.period = pick(PeriodUnit.allCases, &random).rawValue
        settings.calendar = random.chance(3_000) ? CalendarKind.appleFiscal.rawValue : CalendarKind.gregorian.rawValue
        settings.timeZone = pick(["UTC", "UTC", "America/Los_Angeles", "Asia/Kolkata", "Pacific/Chatham", "Pacific/Kiritimati",
                                     "Australia/Lord_Howe", "America/St_Johns", "Antarctica/Troll", "Etc/GMT+12"], &random)
        settings.refunds = random.chance(3_000) ? RefundBooking.salePeriod.rawValue : RefundBooking.refundPeriod.rawValue
        if random.chance(2_000) {
            settings.asOf = pick([-2_208_988_800_000, 0, 1_704_067_200_000, 253_402_300_799_999], &random)
        }
        if random.chance(1_000) {
            settings.bundleIDs = [pick(["com.example.app", "com.foo.foo", "=x", ""], &random)]
        }
        settings.graceHours = pick([0, 24, 87_600], &random)
        if random.chance(1_000) { settings.catalog = "dear" }
        return settings
    }

    private func orders(_ transactionIDs: [String], rows: [FuzzCase.Row], random: inout DemoRandom) -> [FuzzCase.OrderRow] {
        (0..<random.int(1...8)).map { index in
            let id: FuzzCase.Field = transactionIDs.isEmpty || random.chance(1_500)
                ? pick([.text(""), .text("=1"), .integer(42), .null, .text(" 7 ")], &random)
                : .text(pick(transactionIDs, &random))
            let times: [FuzzCase.Field] = [.integer(1_600_000_000_000), .text("2024-01-01T00:00:00Z"), .null, .text("garbage"),
                                           .integer(-1), .text(""), .integer(253_402_300_800_000)]
            return FuzzCase.OrderRow(
                orderID: random.chance(9_000) ? .integer(Int64(index + 1)) : pick([.text("-3"), .text("=cmd"), .null, .text("a,b")], &random),
                user: rows.isEmpty ? .null : pick(rows, &random).user,
                productID: .text(pick(["com.example.demoapp.coins_100", "myapp.1", "<zzfuzz>"], &random)),
                transactionID: id, deliveredAt: pick(times, &random), revokedAt: pick(times, &random))
        }
    }

    private func pick<T>(_ items: [T], _ random: inout DemoRandom) -> T {
        items[random.int(0...(items.count - 1))]
    }
}
