import AccessibilityModel
import Auditor
import BlockModels
import Testing

/// Failure summaries worked out from per-value tallies, checked against small state spaces
/// where the failing states are known.
@Suite("Failure summaries")
struct FailureSummaryTests {
    /// 12 sizes × 4 widths × 2 directions × 5 selections: 480 states, one product.
    static let space = StateSpace([
        .contentSize, .width([320, 375, 393, 440]), .direction,
        Dimension("selection", values: ["a", "b", "c", "d", "e"]),
    ])

    /// Two fixtures whose selections differ: a union of two products, as TopTabs has.
    static let regions = StateSpace(regions: [
        [Dimension("fixture", values: ["two"]), Dimension("selection", values: ["x", "y"]), .contentSize],
        [Dimension("fixture", values: ["three"]), Dimension("selection", values: ["p", "q", "r"]), .contentSize],
    ])

    /// Tallies the states of `space` matching `constraints` as the engine does, failing
    /// those `fails` picks, and summarises them.
    static func summary(_ space: StateSpace = space, where constraints: [String] = [],
                        keeping keep: (Int) -> Bool = { _ in true },
                        failing fails: (BlockState) -> Bool) throws -> FailureSummary? {
        let selection = space.states(matching: try StateFilter(parsing: constraints, in: space))
        let indexer = ValueTally.Indexer(space)
        var audited = ValueTally(), failing = ValueTally()
        var auditedStates = 0, failingStates = 0
        for position in selection.indices where keep(position) {
            let state = selection[position]
            let values = indexer.values(of: state)
            audited.add(values)
            auditedStates += 1
            if fails(state) {
                failing.add(values)
                failingStates += 1
            }
        }
        return FailureSummary(space: space, audited: audited, failing: failing,
                              failingStates: failingStates, auditedStates: auditedStates)
    }

    static func size(_ state: BlockState) -> ContentSizeCategory { ContentSizeCategory(token: state["size"])! }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var constraints: [String] = []
        var fails: @Sendable (BlockState) -> Bool
        var text: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "every state", fails: { _ in true }, text: "fails in every audited state"),
        Case(name: "an upper range of sizes", fails: { size($0) >= .accessibility3 }, text: "fails whenever size ≥ AX3"),
        Case(name: "a lower range of sizes", fails: { size($0) <= .large }, text: "fails whenever size ≤ L"),
        Case(name: "a middle range of sizes", fails: { (ContentSizeCategory.medium ... .extraLarge).contains(size($0)) },
             text: "fails whenever size M … xL"),
        Case(name: "two dimensions at once", fails: { size($0) >= .accessibility3 && $0["width"] == "320" },
             text: "fails whenever size ≥ AX3 and width = 320"),
        Case(name: "every value but one", fails: { $0["width"] != "393" }, text: "fails whenever width ≠ 393"),
        Case(name: "a few unordered values", fails: { ["b", "d"].contains($0["selection"]) },
             text: "fails whenever selection ∈ {b, d}"),
        Case(name: "most unordered values", fails: { !["b", "d"].contains($0["selection"]) },
             text: "fails whenever selection ∉ {b, d}"),
        Case(name: "sizes that are not consecutive", fails: { [.small, .large].contains(size($0)) },
             text: "fails whenever size ∈ {S, L}"),
        Case(name: "confined but not always failing",
             fails: { size($0) >= .accessibility3 && ($0["width"] == "320" || $0["direction"] == "rtl") },
             text: "fails only when size ≥ AX3 (75 of those 120 states)"),
        Case(name: "either of two values", fails: { size($0) >= .accessibility3 || $0["width"] == "320" },
             text: "fails whenever size ≥ AX3 or width = 320"),
        Case(name: "either of two values and a few other states",
             fails: { size($0) >= .accessibility3 || $0["width"] == "320" || (size($0) == .extraSmall && $0["direction"] == "rtl" && $0["selection"] == "a") },
             text: "fails whenever size ≥ AX3 or width = 320, and in 3 other states"),
        Case(name: "no common value",
             fails: { (size($0).rawValue + ["320", "375", "393", "440"].firstIndex(of: $0["width"])!) % 2 == 0 },
             text: "fails in 240 of 480 states, with no dimension value common to them all"),
        Case(name: "a dimension the selection fixes does not count", constraints: ["width=320"],
             fails: { size($0) >= .accessibility1 }, text: "fails whenever size ≥ AX1"),
        Case(name: "one state", fails: { $0.id == "size=L;width=393;direction=ltr;selection=c" },
             text: "fails whenever size = L and width = 393 and direction = ltr and selection = c"),
    ]

    @Test("a summary names the values failing states are confined to", arguments: cases)
    func summaries(_ example: Case) throws {
        let summary = try #require(try Self.summary(where: example.constraints, failing: example.fails))
        #expect(summary.text == example.text)
    }

    @Test("across regions, the fewest dimensions that single out the failing states are named",
          arguments: [
              ("fixture=three", "fails whenever fixture = three"),
              ("fixture=three;size≥AX3", "fails whenever fixture = three and size ≥ AX3"),
              ("selection=p or y", "fails whenever selection ∈ {y, p}"),
              ("selection=p;size≥AX3", "fails whenever selection = p and size ≥ AX3"),
          ])
    func regions(_ name: String, text: String) throws {
        let fails: (BlockState) -> Bool = switch name {
        case "fixture=three": { $0["fixture"] == "three" }
        case "fixture=three;size≥AX3": { $0["fixture"] == "three" && Self.size($0) >= .accessibility3 }
        case "selection=p or y": { ["p", "y"].contains($0["selection"]) }
        default: { $0["selection"] == "p" && Self.size($0) >= .accessibility3 }
        }
        let summary = try #require(try Self.summary(Self.regions, failing: fails))
        #expect(summary.text == text)
    }

    @Test("when the audited states are not whole products, \"whenever\" is said only when known",
          arguments: [
              ("size ≥ AX3", "fails whenever size ≥ AX3"),
              ("size ≥ AX3 and width = 320", "fails only when size ≥ AX3 and width = 320"),
          ])
    func partialSelection(_ name: String, text: String) throws {
        // Every third state, as a shard might take them.
        let fails: (BlockState) -> Bool = name == "size ≥ AX3"
            ? { Self.size($0) >= .accessibility3 }
            : { Self.size($0) >= .accessibility3 && $0["width"] == "320" }
        let summary = try #require(try Self.summary(keeping: { $0 % 3 == 0 }, failing: fails))
        #expect(summary.text == text)
    }

    @Test("a passing rule, or failures that were not tallied, have no summary")
    func noSummary() throws {
        #expect(try Self.summary(failing: { _ in false }) == nil)
        #expect(FailureSummary(space: Self.space, audited: ValueTally(), failing: ValueTally(),
                               failingStates: 3, auditedStates: 480) == nil)
    }

    @Test("the sentence form starts with a capital and ends with a full stop")
    func sentence() throws {
        let summary = try #require(try Self.summary(failing: { Self.size($0) >= .accessibility3 }))
        #expect(summary.sentence == "Fails whenever size ≥ AX3.")
    }

    @Test("tallies merged from workers equal one worker's, in the engine too")
    func merging() throws {
        let indexer = ValueTally.Indexer(Self.space)
        var whole = ValueTally(), parts = [ValueTally(), ValueTally(), ValueTally()]
        for (position, state) in Self.space.all.enumerated() {
            whole.add(indexer.values(of: state))
            parts[position % 3].add(indexer.values(of: state))
        }
        var merged = ValueTally()
        for part in parts { merged.merge(part) }
        #expect(merged == whole)
        #expect(merged.states == Self.space.count)

        let spec = try Checkout.bundledSpec()
        let states = try request(TopTabs(), ["tabs=few", "size=L", "width=393", "direction=ltr"])
        let one = try AuditEngine(spec: spec, jobs: 1).audit([states]).blocks[0]
        let many = try AuditEngine(spec: spec, jobs: 4).audit([states]).blocks[0]
        #expect(one.audited == many.audited)
        #expect(one.audited.states == one.states)
        #expect(one.rules.map(\.failingValues) == many.rules.map(\.failingValues))
        #expect(one.rules.map { FailureSummary($0, in: one) } == many.rules.map { FailureSummary($0, in: many) })
    }

    @Test("TopTabs' deliberate faults are summarised by the values that trigger them, across its fixtures",
          arguments: [
              (TopTabs.Fault.slideUnderReduceMotion, "reduce-motion", "fails whenever drag = none and motion = reduced"),
              (.indicatorNotInterpolated, "top-tabs.indicator", "fails only when drag ≠ none (336 of those 420 states)"),
              (.hapticOnDrag, "top-tabs.haptics", "fails in every audited state"),
          ])
    func topTabsFaults(fault: TopTabs.Fault, rule id: String, text: String) throws {
        let outcome = try AuditEngine(spec: try Checkout.bundledSpec(), jobs: 2)
            .audit([try request(TopTabs(faults: [fault]), ["size=L", "width=393", "direction=ltr", "appearance=light",
                                                               "contrast=standard"])])
        let block = try #require(outcome.blocks.first)
        let rule = try #require(block.rules.first { $0.rule.id == id })
        #expect(FailureSummary(rule, in: block)?.text == text)
    }

    @Test("the engine's summaries of ScrollingTabStrip name the sizes whose tabs are too short")
    func scrollingTabStrip() throws {
        let block = ScrollingTabStrip()
        let outcome = try AuditEngine(spec: try Checkout.bundledSpec(), jobs: 3)
            .audit([try request(block, ["width=393", "direction=ltr", "motion=full"])])
        let blockOutcome = try #require(outcome.blocks.first)
        let rules = Dictionary(uniqueKeysWithValues: blockOutcome.rules.map { ($0.rule.id, $0) })
        let targets = try #require(rules["target-size"])
        #expect(FailureSummary(targets, in: blockOutcome)?.text == "fails whenever size ≤ xxxL")
        let title = try #require(rules["title-is-heading"])
        #expect(FailureSummary(title, in: blockOutcome)?.reach == .everyState)
    }
}
