import AccessibilityModel
import Auditor
import BlockModels
import Testing

/// What the bundled rules find in the real block models: the two blocks built to their
/// cards pass, ScrollingTabStrip fails exactly where it departs from Apple's guidance, and
/// each deliberate TopTabs fault is caught by the rules written for it.
@Suite("Findings on the real blocks")
struct FindingsTests {
    static func audit(_ block: any BlockModel, _ pairs: [String]) throws -> BlockOutcome {
        let outcome = try AuditEngine(spec: try Checkout.bundledSpec()).audit([try request(block, pairs)])
        return try #require(outcome.blocks.first)
    }

    static func failing(_ outcome: BlockOutcome, atLeast severity: Severity = .info) -> Set<String> {
        Set(outcome.rules.filter { !$0.passed && $0.rule.severity >= severity }.map(\.rule.id))
    }

    static func summary(_ outcome: BlockOutcome) -> String {
        outcome.rules.filter { !$0.passed }.map { "\($0.rule.id): \($0.samples.first.map { "\($0.subject): \($0.message)" } ?? "")" }
            .joined(separator: "\n")
    }

    /// The general rules a card block fails because its card leaves a question open, each
    /// accepted with its reason in `specs/baseline.xml`: TopTabs' counts say nothing of what
    /// they count, and `.fill` cannot fit titles grown past AX1; and the contrast the cards
    /// give them, with SPTheme's colours assumed (README, "Colour contrast").
    static let designQuestions: [String: Set<String>] = [
        "ScopeHeader": ["text-contrast", "non-text-contrast"], "TopTabs": ["value-bare-number", "text-truncated", "text-contrast"],
    ]

    @Test("ScopeHeader and TopTabs keep their contracts: no error rule fails but the design questions, and every contract rule checks something",
          arguments: [
              ("ScopeHeader", ["size=L", "width=393", "direction=ltr", "count=auto", "stuck=no", "on=unread+audio"]),
              ("ScopeHeader", ["size=AX5", "width=320", "direction=rtl", "count=6", "stuck=yes", "on=downloaded"]),
              ("TopTabs", ["tabs=reading", "sizing=automatic", "size=L", "width=393", "direction=ltr", "motion=full"]),
              ("TopTabs", ["tabs=long", "sizing=scroll", "size=AX5", "width=320", "direction=rtl", "motion=reduced"]),
          ])
    func contractsHold(blockName: String, pairs: [String]) throws {
        let block = try #require(BuiltInBlocks.named(blockName))
        let outcome = try Self.audit(block, pairs)
        #expect(outcome.states > 0)
        #expect(Self.failing(outcome, atLeast: .error).subtracting(Self.designQuestions[blockName] ?? []).isEmpty,
                "\(Self.summary(outcome))")
        let contract = outcome.rules.filter { $0.rule.blocks == [blockName] }
        #expect(!contract.isEmpty)
        #expect(contract.filter { $0.statesWithSubjects == 0 }.map(\.rule.id) == [], "contract rules that checked nothing")
    }

    @Test("ScrollingTabStrip fails target-size (tabs short in height), selection-haptic, title-is-heading and text-contrast, and no other error rule")
    func scrollingTabStrip() throws {
        let outcome = try Self.audit(ScrollingTabStrip(), ["size=L", "width=393"])
        #expect(outcome.states == 10 * 2 * 2 * 2 * 2)
        #expect(Self.failing(outcome, atLeast: .error) == ["target-size", "selection-haptic", "title-is-heading", "text-contrast"],
                "\(Self.summary(outcome))")
        let rules = Dictionary(uniqueKeysWithValues: outcome.rules.map { ($0.rule.id, $0) })

        let targets = try #require(rules["target-size"])
        #expect(targets.failingStates == outcome.states)
        #expect(!targets.samples.isEmpty && targets.samples.allSatisfy {
            $0.subject.hasPrefix("tab.") && $0.message.hasPrefix("answers to ") && $0.message.contains("pt short in height")
        }, "\(targets.samples)")

        let haptics = try #require(rules["selection-haptic"])
        #expect(haptics.failingStates == outcome.states)
        #expect(haptics.samples.allSatisfy { $0.message.hasSuffix("changes the selection with 0 selection haptics, not one") },
                "\(haptics.samples)")

        let title = try #require(rules["title-is-heading"])
        #expect(title.failingStates == outcome.states)
        #expect(title.samples.allSatisfy { $0.subject == "page.title" && $0.message.contains("not as a heading") }, "\(title.samples)")

        // The demo title, white on the pink→orange card, and the unselected .secondary titles.
        let contrast = try #require(rules["text-contrast"])
        #expect(contrast.samples.contains { $0.subject == "page.title" && $0.message.contains("needs 3:1 as large text") })
        #expect(contrast.samples.allSatisfy { $0.subject == "page.title" || $0.message.contains("(secondary, 17 pt semibold) is ") },
                "\(contrast.samples)")
    }

    /// The rules each fault must fail, and no others.
    static let faultRules: [TopTabs.Fault: Set<String>] = [
        .indicatorNotInterpolated: ["top-tabs.indicator"],
        .neighbourPageExposed: ["top-tabs.exposure"],
        .hapticOnDrag: ["top-tabs.haptics", "selection-haptic"],
        .slideUnderReduceMotion: ["reduce-motion", "top-tabs.paging"],
    ]

    /// Three tabs, at rest and dragged each way, with and without Reduce Motion, dark (where
    /// textSecondary passes text contrast), with and without Increase Contrast: 84 states.
    static let faultStates = ["tabs=few", "sizing=automatic", "size=L", "width=393", "direction=ltr", "appearance=dark"]

    @Test("TopTabs as built fails no rule in the states the faults are audited in")
    func topTabsWithoutFaults() throws {
        let outcome = try Self.audit(TopTabs(), Self.faultStates)
        #expect(outcome.states == 3 * 7 * 2 * 2)
        #expect(Self.failing(outcome).isEmpty, "\(Self.summary(outcome))")
    }

    @Test("each deliberate TopTabs fault fails exactly the rules written for it", arguments: TopTabs.Fault.allCases)
    func fault(_ fault: TopTabs.Fault) throws {
        let expected = try #require(Self.faultRules[fault], "no expectation for \(fault)")
        let outcome = try Self.audit(TopTabs(faults: [fault]), Self.faultStates)
        #expect(Self.failing(outcome) == expected, "\(Self.summary(outcome))")
    }
}
