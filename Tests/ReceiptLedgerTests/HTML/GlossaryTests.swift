import Foundation
import Testing
@testable import ReceiptLedger

/// The report explains itself (issue 25): `glossary.html` names every word and code, with the
/// money at stake; every page links to it; the findings page names each code it counts and
/// links to its entry.
@Suite struct GlossaryTests {
    /// Every rejection reason but `status_<code>` (its entries are by code).
    static let reasons = RejectionReason.allCases.filter { $0.specName == $0.code }.map(\.code)
    /// Every anomaly kind.
    static let kinds = AnomalyKind.allCases.map(\.rawValue)
    static let environmentFindings = EnvironmentFinding.allCases.map(\.rawValue)
    static let findings = Reconciliation.Finding.allCases

    @Test func everyCodeTheReportWritesHasAPlainNameAndMeaning() throws {
        var entries = Self.reasons.map(Glossary.rejection) + Self.kinds.map(Glossary.anomaly)
        entries += Self.environmentFindings.map(Glossary.environmentFinding) + Self.findings.map(Glossary.reconciliation)
        for entry in entries {
            let e = try #require(entry)
            #expect(!e.name.isEmpty && !e.meaning.isEmpty, "\(e.term)")
        }
        #expect(Self.reasons.map { Glossary.rejection($0)?.anchor } == Self.reasons.map { "reason-" + $0 })
        #expect(Self.kinds.map { Glossary.anomaly($0)?.anchor } == Self.kinds.map { "anomaly-" + $0 })
        #expect(Glossary.rejection("no_such_reason") == nil)
        let apple = AppleFinding.allCases
        #expect(apple.map { Glossary.apple($0)?.anchor } == apple.map { "apple-" + $0.rawValue })
        #expect(apple.allSatisfy { !(Glossary.apple($0)?.name.isEmpty ?? true) })
        let anchors = Glossary.sections.flatMap(\.entries).map(\.anchor)
        #expect(Set(anchors).count == anchors.count)
    }

    @Test func retryableStatusesSayRevenueMayHideBehindThem() {
        let retry = "Revenue may hide behind it: verify the receipt again; its purchases are in no figure."
        #expect(Glossary.rejection("status_21005")?.name == "Apple's server was unavailable: retry")
        #expect(Glossary.rejection("status_21005")?.atStake == retry)
        for code in [21100, 21150, 21199] {
            #expect(Glossary.rejection("status_\(code)")?.anchor == "reason-status_211xx")
            #expect(Glossary.rejection("status_\(code)")?.atStake == retry)
        }
        #expect(Glossary.rejection("status_21003")?.name == "Receipt not authenticated")
        #expect(Glossary.rejection("status_21099")?.anchor == "reason-status_other")
        #expect(Glossary.rejection("status_21200")?.anchor == "reason-status_other")
    }

    @Test func cancellationReasonsAreApplesMeanings() {
        #expect(Glossary.cancellation("1")?.meaning == "The customer cancelled because of an actual or perceived issue within the app.")
        #expect(Glossary.cancellation("0")?.meaning == "The customer cancelled for another reason, for example a purchase made by mistake.")
        #expect(Glossary.cancellation("")?.name == "Not given")
        #expect(Glossary.cancellation("2") == nil)
    }

    @Test func glossaryPageHoldsEveryEntryAndEveryPageLinksToIt() throws {
        let pages = try ReportFixture.pages(try ReportFixture.reportData())
        #expect(ReportPage.glossary.fileName == "glossary.html")
        #expect(ReportRun.ownedNames.contains("glossary.html"))
        let glossary = try #require(pages["glossary.html"])
        for entry in Glossary.sections.flatMap(\.entries) {
            #expect(glossary.contains("<tr id=\"\(entry.anchor)\">"), "\(entry.anchor)")
        }
        #expect(glossary.contains("<tr id=\"term-estimates\"><th scope=\"row\" class=\"term\"><span class=\"code\">estimates</span><br><span class=\"plain\">Why proceeds are estimates</span></th>"))
        for (name, html) in pages {
            #expect(html.contains("<a href=\"glossary.html\"") , "\(name)")
        }
    }

    @Test func findingsPageNamesEachCodeAndLinksToItsEntry() throws {
        let pages = try ReportFixture.pages(try ReportFixture.reportData())
        let findings = try #require(pages["findings.html"])
        #expect(findings.contains("<tr><td class=\"code\">invalid_json</td><td class=\"num\">1</td><td><a href=\"glossary.html#reason-invalid_json\">Not JSON</a></td>"
                                  + "<td>Any purchase in it: store the full answer and run again.</td></tr>"))
        #expect(findings.contains("<td class=\"code\"><a href=\"glossary.html#reason-invalid_json\">invalid_json</a></td>"))
        #expect(findings.contains("<tr><td class=\"code\">environment_mismatch</td><td class=\"num\">1</td>"
                                  + "<td><a href=\"glossary.html#env-environment_mismatch\">Claimed environment was wrong</a></td>"))
    }

    @Test func refundsPageCountsRefundsByCancellationReason() throws {
        let pages = try ReportFixture.pages(try ReportFixture.reportData())
        let refunds = try #require(pages["refunds.html"])
        #expect(refunds.contains("<tr><td class=\"code\">(empty)</td><td class=\"num\">2</td><td><a href=\"glossary.html#cancellation-empty\">Not given</a></td>"
                                 + "<td class=\"num list\"><span>19.98 USD</span></td></tr>"))
        #expect(refunds.contains("<tr><td class=\"code\">1</td><td class=\"num\">1</td><td><a href=\"glossary.html#cancellation-1\">Issue in the app</a></td>"
                                 + "<td class=\"num list\"><span>9.99 USD</span></td></tr>"))
    }
}
