import AccessibilityModel
@testable import Auditor
import BlockModels
import ModelKit
import Testing

/// Results kept by render (`RenderResults`) for groups that read facts or transitions: a
/// render pins the elements, but a block's facts come from what its additions read, and a
/// transition's written change from the state it starts in.
@Suite("Results kept by render: facts and transitions keyed by what they depend on")
struct ResultsKeptByRenderTests {
    /// A block whose body reads only `flag`: a toggle that moves under a spring, at once
    /// under Reduce Motion. Its additions state the `tone` as a fact, and add a "clear"
    /// transition that sets `target` to `a` without reading it. Nothing reads `spare`.
    /// So every render serves states of both tones, both targets and both spares.
    struct Probe: BlockModel {
        let name = "RenderProbe"
        let summary = "A toggle whose facts and transitions depend on dimensions its body does not read"
        let sourcePath = "Tests/AuditorTests/ResultsKeptByRenderTests.swift"
        let stateSpace: StateSpace
        private let environments: EnvironmentTable
        private let renders = RenderCache()
        private let targetPosition: Int

        init() {
            stateSpace = StateSpace([
                Dimension("flag", values: ["off", "on"]), Dimension("tone", values: ["a", "b"]),
                Dimension("target", values: ["a", "b"]), Dimension("spare", values: ["x", "y"]),
                .contentSize, .motion, .width([393]), .direction, .appearance, .contrast,
            ])
            environments = EnvironmentTable(stateSpace)
            targetPosition = stateSpace.position(of: "target")!
        }

        var reviewScenarios: [ReviewScenario] { [] }

        func snapshot(of state: BlockState) -> Snapshot {
            let targetPosition = targetPosition
            return renders.snapshot(
                of: state, block: name, environment: environments.environment(of: state), choices: .defaults,
                proposal: { ProposedSize(width: $0.width, height: nil) },
                body: { context in
                    let flag = context.binding("flag")
                    let animation = Animation.snappy(duration: 0.3).reducedMotion(nil)
                    return Button(action: withAnimation(animation) { flag.set(flag.value == "on" ? "off" : "on") }) {
                        Text("Toggle").frame(minWidth: 44, minHeight: 44)
                    }
                    .accessibilityIdentifier("probe.toggle")
                    .matchedGeometryEffect(moving: flag)
                },
                additions: { context in
                    SnapshotAdditions(
                        facts: [Fact("tone", context.value(of: "tone"))],
                        transitions: [.own(Transition(action: .activate, target: "probe.clear",
                                                      resultingState: context.state(setting: targetPosition, to: 0),
                                                      changesSelection: false))])
                })
        }
    }

    /// Both fail only under Reduce Motion (a toggle that changes at once), the first in one
    /// tone, the second where "clear" changes nothing: a key by render alone would hand one
    /// tone's or target's results to the other.
    static let rules = ruleFile("""
        <rule id="probe-tone" severity="error" blocks="RenderProbe">
          <title>Probe: the tone under Reduce Motion</title>
          <context>/state</context>
          <assert test="not(fact[@name = 'tone']/@value = 'b' and transition/motion/@kind = 'none')">tone b, still</assert>
          <pass><state block="b" id="tone=a"><fact name="tone" value="a"/><transition><motion kind="none"/></transition></state></pass>
          <fail><state block="b" id="tone=b"><fact name="tone" value="b"/><transition><motion kind="none"/></transition></state></fail>
        </rule>
        <rule id="probe-clear" severity="error" blocks="RenderProbe">
          <title>Probe: clearing under Reduce Motion</title>
          <context>/state</context>
          <assert test="not(transition[@target = 'probe.clear']/@to = '' and transition/motion/@kind = 'none')">nothing to clear, still</assert>
          <pass><state block="b" id="target=b"><transition target="probe.clear" to="target=a"/><transition><motion kind="none"/></transition></state></pass>
          <fail><state block="b" id="target=a"><transition target="probe.clear" to=""/><transition><motion kind="none"/></transition></state></fail>
        </rule>
        """)

    static func outcome(folds: Bool, memoizes: Bool) throws -> BlockOutcome {
        let directory = try TemporaryDirectory()
        let file = try directory.write("probe.xml", rules)
        let spec = try RuleSpec.load(files: [file], schemaDirectory: Checkout.schemaDirectory,
                                     knownBlocks: ["RenderProbe"])
        var engine = AuditEngine(spec: spec, jobs: 1, memoizes: memoizes)
        engine.folds = folds
        return try #require(try engine.audit([try request(Probe(), ["size=L"])]).blocks.first)
    }

    @Test("a twin takes another's results only where their facts and transitions' changes agree")
    func factsAndChangesKeyed() throws {
        let folded = try Self.outcome(folds: true, memoizes: true)
        // 2 flags × 2 tones × 2 targets × 2 spares, each with 16 settings.
        #expect(folded.states == 256)
        let failing = Dictionary(uniqueKeysWithValues: folded.rules.map { ($0.rule.id, $0.failingStates) })
        // Reduce Motion on in half the states, tone b (or target a) in half of those.
        #expect(failing == ["probe-tone": 64, "probe-clear": 64])
        #expect(FoldingTests.summary(folded) == FoldingTests.summary(try Self.outcome(folds: false, memoizes: false)))
        // The sixteen representatives, and half their Reduce Motion twins: the twin whose
        // spare is y finds the results of the one whose spare is x. (The other twins are
        // counted from their representatives: no rule sees direction or colours.)
        let snapshotted = folded.states - folded.statistics.countedStates
        #expect(snapshotted == 16 + 8)
    }

    @Test("the positions a render's facts and transitions depend on: those read, and those a transition changes")
    func positionsSeenBeyondTheRender() throws {
        let probe = Probe()
        let state = try #require(probe.stateSpace.states(matching: try StateFilter(
            parsing: ["flag=off", "tone=b", "target=b", "spare=y", "size=L"], in: probe.stateSpace)).first)
        let dimensions = state.dimensions.map(\.name)
        func bits(_ names: [String]) -> UInt64 {
            names.reduce(0) { $0 | 1 << UInt64(dimensions.firstIndex(of: $1)!) }
        }
        var folding = Folding()
        let region = folding.region(of: state)
        let folded = folding.regions[region].mask
        #expect(folded == bits(["motion", "direction", "appearance", "contrast"]))
        let seen = try #require(RenderResults.seenBeyondRender(of: probe.snapshot(of: state), folded: folded))
        // The body reads flag and the text size and width; the additions tone; "clear" changes target.
        #expect(seen & bits(["flag", "tone", "target"]) == bits(["flag", "tone", "target"]))
        #expect(seen & bits(["spare", "motion", "direction", "appearance", "contrast"]) == 0)
        // Where "clear" changes nothing, target is not among them: the written change is empty
        // in every state of the render whose target is a.
        let cleared = try #require(RenderResults.seenBeyondRender(of: probe.snapshot(of: state.with("target", "a")), folded: folded))
        #expect(cleared & bits(["target"]) == 0)
    }

    /// ScopeHeader's body reads every input while it shows its chips with the default count:
    /// such a key could only name the representative itself.
    @Test("a render whose reads pin every dimension but the folded settings keeps nothing")
    func oneRepresentativeKeepsNothing() throws {
        let header = ScopeHeader()
        let filter = try StateFilter(parsing: ["chips=sample", "count=auto", "size=L"], in: header.stateSpace)
        let state = try #require(header.stateSpace.states(matching: filter).first)
        var folding = Folding()
        let region = folding.region(of: state)
        let folded = folding.regions[region].mask
        #expect(RenderResults.seenBeyondRender(of: header.snapshot(of: state), folded: folded) == nil)
        // With a count of its own, the header reads the chips that are on only to draw them.
        let loading = state.with("chips", "loading").with("count", "6")
        let positions = try #require(RenderResults.seenBeyondRender(of: header.snapshot(of: loading), folded: folded))
        #expect(positions & 1 << UInt64(try #require(header.stateSpace.position(of: "on"))) == 0)
    }
}
