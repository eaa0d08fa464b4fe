import AccessibilityModel
@testable import Auditor
import BlockModels
import Testing

/// Folding: a state that differs from its representative only in Reduce Motion, direction,
/// appearance or Increase Contrast takes the representative's results for every group that
/// cannot tell them apart. It must change nothing a report shows.
@Suite("Folding: groups blind to a setting are evaluated once across it")
struct FoldingTests {
    /// Everything a rule's outcome records: counts, failing values, samples and assumptions.
    static func summary(_ block: BlockOutcome) -> [String] {
        block.rules.map { rule in
            "\(rule.rule.id) \(rule.statesWithSubjects) \(rule.subjects) \(rule.failingStates) \(rule.failingSubjects) "
                + "\(rule.failingValues) \(rule.samples) \(rule.assumptionReads.sorted { $0.key < $1.key })"
        }
    }

    static func outcome(_ request: BlockRequest, folds: Bool, memoizes: Bool = true, jobs: Int = 2) throws -> BlockOutcome {
        var engine = AuditEngine(spec: try Checkout.bundledSpec(), jobs: jobs, memoizes: memoizes)
        engine.folds = folds
        return try #require(try engine.audit([request]).blocks.first)
    }

    /// Each leaves every folded setting free, so every kind of twin is met, and fixes the
    /// rest to keep the run short.
    @Test("folding changes no rule's outcome: counts, failing values, samples and assumptions", arguments: [
        ("ScopeHeader", ["scope=following", "chips=sample", "count=auto", "stuck=no", "onFilters=set", "size=AX5"], ""),
        ("ScopeHeader", ["scope=saved", "chips=none", "on=none", "size=L"], "unclipped"),
        ("ScopeHeader", ["chips=loading", "size=xS", "width=320"], ""),
        ("TopTabs", ["tabs=few", "size=AX3"], ""),
        ("TopTabs", ["tabs=reading", "sizing=scroll", "selection=world", "size=L"], ""),
        ("ScrollingTabStrip", ["width=320"], ""),
    ])
    func foldingChangesNothing(_ blockName: String, _ pairs: [String], _ hits: String) throws {
        let block = try #require(BuiltInBlocks.all.first { $0.name == blockName })
        var request = try request(block, pairs)
        if !hits.isEmpty { request.choices = AssumptionChoices(["scroll-view-hits": hits]) }
        let folded = try Self.outcome(request, folds: true)
        #expect(folded.statistics.foldedGroups > 0, "nothing was folded")
        // Every block makes its snapshots through the kit, which knows what they read.
        #expect(folded.statistics.countedStates > 0, "every state was rendered")
        #expect(Self.summary(folded) == Self.summary(try Self.outcome(request, folds: false)))
    }

    /// Passing states are counted apart from failing ones and added at the end
    /// (`RuleOutcome.countPassing`): the counts must still be every state's own.
    @Test("a rule's states with subjects and its subjects add up every state's own evaluation", arguments: [
        ("ScrollingTabStrip", ["width=320", "size=L"]),
        ("ScopeHeader", ["scope=following", "chips=sample", "on=unread", "count=auto", "stuck=no", "onFilters=set", "width=320", "size=L"]),
    ])
    func subjectCounts(_ blockName: String, _ pairs: [String]) throws {
        let request = try request(try #require(BuiltInBlocks.all.first { $0.name == blockName }), pairs)
        let outcome = try Self.outcome(request, folds: true)
        let block = request.block.assuming(request.choices.themed)
        let rules = try Checkout.bundledSpec().rules.filter { $0.applies(to: block.name) }.map { try CompiledRule($0) }
        var evaluator = StateEvaluator(rules: rules, memoizes: false)
        var states = Array(repeating: 0, count: rules.count)
        var subjects = Array(repeating: 0, count: rules.count)
        for position in 0..<request.selection.count {
            for (index, evaluation) in try evaluator.evaluate(block.snapshot(of: request.selection[position])).enumerated()
            where evaluation.subjects > 0 {
                states[index] += 1
                subjects[index] += evaluation.subjects
            }
        }
        #expect(outcome.rules.map(\.statesWithSubjects) == states)
        #expect(outcome.rules.map(\.subjects) == subjects)
        #expect(states.contains { $0 > 0 })
    }

    @Test("folding changes no outcome of a TopTabs with a deliberate fault", arguments: TopTabs.Fault.allCases)
    func faults(_ fault: TopTabs.Fault) throws {
        let request = try request(TopTabs(faults: [fault]), ["tabs=few", "sizing=automatic", "size=L"])
        #expect(Self.summary(try Self.outcome(request, folds: true)) == Self.summary(try Self.outcome(request, folds: false)))
    }

    @Test("one job or two, folded or every state evaluated without the memo, the outcome is the same")
    func againstEveryStateOnItsOwn() throws {
        let request = try request(ScrollingTabStrip(), ["selection=music", "size=xxxL"])
        let folded = Self.summary(try Self.outcome(request, folds: true, jobs: 1))
        #expect(folded == Self.summary(try Self.outcome(request, folds: true, jobs: 2)))
        #expect(folded == Self.summary(try Self.outcome(request, folds: false, memoizes: false)))
    }

    /// Documents are updated in place from state to state, and the root's id is written
    /// only for rules that read it: such a rule must still see each state's own id.
    @Test("a rule reading the state's id sees each state's own, beside rules that do not")
    func stateIDKeptCurrent() throws {
        let rule = """
              <rule id="probe-state-id" severity="error" blocks="ScrollingTabStrip">
                <title>Probe: the state's id</title>
                <context>element[@id = 'tab.music']</context>
                <assert test="not(contains(/state/@id, 'selection=music'))">{/state/@id}</assert>
                <pass><state block="b" id="selection=food"><element id="tab.music"/></state></pass>
                <fail><state block="b" id="selection=music"><element id="tab.music"/></state></fail>
              </rule>
            """
        let directory = try TemporaryDirectory()
        let file = try directory.write("probe.xml", ruleFile(rule))
        let spec = try RuleSpec.load(files: Checkout.ruleFiles + [file], schemaDirectory: Checkout.schemaDirectory,
                                     knownBlocks: BuiltInBlocks.names)
        let request = try request(ScrollingTabStrip(), ["size=L", "width=375"])
        func outcome(memoizes: Bool) throws -> BlockOutcome {
            var engine = AuditEngine(spec: spec, jobs: 1, memoizes: memoizes)
            engine.memoTrial = 8
            return try #require(try engine.audit([request]).blocks.first)
        }
        let memoized = try outcome(memoizes: true)
        let probe = try #require(memoized.rules.first { $0.rule.id == "probe-state-id" })
        #expect(probe.failingStates == memoized.states / 10)
        #expect(probe.samples.allSatisfy { $0.message == $0.stateID && $0.stateID.contains("selection=music") })
        #expect(Self.summary(memoized) == Self.summary(try outcome(memoizes: false)))
    }

    /// Memos judged after 8 lookups, so that document-wide groups stop remembering early,
    /// one after another, and from then on share one document through the union of their
    /// projections; folded states evaluate only some of them on it.
    @Test("groups whose views no longer pay to remember share one document, with the same outcome", arguments: [
        ("ScrollingTabStrip", ["width=320", "motion=full", "appearance=light"]),
        ("TopTabs", ["tabs=few", "sizing=scroll", "size=AX1", "width=393", "contrast=standard"]),
    ])
    func groupsEvaluatedTogether(_ blockName: String, _ pairs: [String]) throws {
        let block = try #require(BuiltInBlocks.all.first { $0.name == blockName })
        let request = try request(block, pairs)
        var engine = AuditEngine(spec: try Checkout.bundledSpec(), jobs: 1)
        engine.memoTrial = 8
        let judgedEarly = try #require(try engine.audit([request]).blocks.first)
        #expect(judgedEarly.statistics.foldedGroups > 0)
        #expect(Self.summary(judgedEarly) == Self.summary(try Self.outcome(request, folds: false, memoizes: false)))
    }

    @Test("a group is blind to the settings its projection cannot see", arguments: [
        ("label-present", [Folding.Setting]()),
        ("selected-trait", []),
        ("reduce-motion", [.motion]),
        ("target-size", []),
        ("focus-order", [.direction]),
        ("text-contrast", [.appearance, .contrast]),
    ])
    func sensitivity(_ ruleID: String, _ settings: [Folding.Setting]) throws {
        let rule = try #require(try Checkout.bundledSpec().rules.first { $0.id == ruleID })
        let group = RuleGroup(footprint: RuleFootprint(rule: rule), rules: [0])
        #expect(group.foldSensitivity == settings.reduce(0) { $0 | $1.bit })
    }

    @Test("mirroring moves frames along x only: a group sees the direction when it keeps an x or the focus order",
          arguments: [("@width >= 44 and @hit-height >= 44 and @y > 0", false), ("ink[@height > 10]", false),
                      ("@x >= 0", true), ("@hit-x >= 0", true), ("ink[@x >= 0]", true), ("@order > 0", true),
                      ("/state/environment/@direction = 'rtl'", true)])
    func mirroring(_ test: String, seesDirection: Bool) {
        let group = RuleGroup(footprint: RuleFootprintTests.probe("element", test), rules: [0])
        #expect((group.foldSensitivity & Folding.Setting.direction.bit != 0) == seesDirection)
    }

    @Test("the colour settings change only inks' colours: a group sees them when it keeps an ink's colour",
          arguments: [("ink[@token = 'accent' and @width > 2]", false), ("ink[@foreground]", true), ("ink[@background]", true),
                      ("ink[@inside]", true), ("@label != ''", false)])
    func colours(_ test: String, seesColours: Bool) {
        let group = RuleGroup(footprint: RuleFootprintTests.probe("element", test), rules: [0])
        let colours = Folding.Setting.appearance.bit | Folding.Setting.contrast.bit
        #expect(group.foldSensitivity & colours == (seesColours ? colours : 0))
    }

    @Test("a snapshot whose elements a block changed has no render identity, and is not folded")
    func changedElementsAreNotFolded() throws {
        let block = ScrollingTabStrip()
        let light = block.snapshot(of: try block.stateSpace.state(
            id: "selection=music;size=L;motion=full;width=393;direction=ltr;appearance=light;contrast=standard"))
        let dark = block.snapshot(of: try block.stateSpace.state(
            id: "selection=music;size=L;motion=full;width=393;direction=ltr;appearance=dark;contrast=standard"))
        let differing = Folding.Setting.appearance.bit
        #expect(light.renderIdentity != nil && light.renderIdentity != dark.renderIdentity)
        #expect(light.renderIdentity?.render == dark.renderIdentity?.render)
        #expect(Folding.agree(dark, light, differing: differing))
        var changed = dark
        changed.elements[0].label += " (changed)"
        #expect(changed.renderIdentity == nil)
        #expect(!Folding.agree(changed, light, differing: differing))
        var otherFacts = dark
        otherFacts.facts.append(Fact("added", "by the block"))
        #expect(!Folding.agree(otherFacts, light, differing: differing))
    }

    @Test("a state's representative takes the first value the selection allows of each folded setting")
    func representatives() throws {
        let block = ScrollingTabStrip()
        let space = block.stateSpace
        let selection = space.states(matching: try StateFilter(parsing: ["appearance=dark", "motion=reduced"], in: space))
        let state = try space.state(id: "selection=music;size=L;motion=reduced;width=393;direction=rtl;appearance=dark;contrast=increased")
        var folding = Folding()
        let region = folding.region(of: state)
        let representative = try #require(selection.representative(of: state, folding: folding.regions[region].positions))
        #expect(representative.id == "selection=music;size=L;motion=reduced;width=393;direction=ltr;appearance=dark;contrast=standard")
        #expect(folding.differing(state, representative, in: region) == Folding.Setting.direction.bit | Folding.Setting.contrast.bit)
        let values = folding.settingValues(of: state, in: region)
        #expect(Folding.Setting.allCases.map { values[$0] } == [1, 1, 1, 1])
    }

    /// While ScopeHeader loads its chips and has no Filters button, its body reads neither
    /// which chips are on nor the count: 3 scopes × 2 stuck give 6 renders for 192
    /// representatives. A representative's direction and colour twins need a snapshot only
    /// for the first representative of each render. Its Reduce Motion twin's groups read
    /// transitions and the `filter-count` fact, which reads the chips that are on only while
    /// the count is the default: the twin needs one for each of the 96 representatives
    /// with the default count, and for the first of each render with a count of its own.
    @Test("folded states of a render met before are counted from the results kept by render")
    func resultsKeptByRender() throws {
        let request = try request(ScopeHeader(), ["chips=loading", "onFilters=nil", "size=L", "width=393"])
        let folded = try Self.outcome(request, folds: true, jobs: 1)
        let representatives = 3 * 16 * 2 * 2, renders = 3 * 2, defaultCounts = 3 * 16 * 2
        #expect(folded.states == representatives * 16)
        let snapshotted = folded.states - folded.statistics.countedStates
        #expect(snapshotted <= representatives + defaultCounts + 4 * renders)
        #expect(Self.summary(folded) == Self.summary(try Self.outcome(request, folds: false, memoizes: false)))
    }

    /// A colour twin shows its representative's elements with other ink colours, so once a
    /// twin of another representative has shown an element in the same colours, the
    /// contrast groups see it without numbering the twin's elements (`RecolouredProjections`).
    /// The samples leave `on` free: chips turned on elsewhere keep the others as they were.
    @Test("colour twins are seen through their representatives' projections, with every state's outcome", arguments: [
        ("ScopeHeader", ["scope=following", "chips=sample", "count=auto", "stuck=no", "onFilters=set", "size=AX5",
                         "width=393"]),
        ("TopTabs", ["tabs=reading", "sizing=scroll", "drag=none", "size=L", "direction=ltr"]),
    ])
    func recolouredTwins(_ blockName: String, _ pairs: [String]) throws {
        let block = try #require(BuiltInBlocks.all.first { $0.name == blockName })
        let request = try request(block, pairs)
        let folded = try Self.outcome(request, folds: true, jobs: 1)
        #expect(folded.statistics.recolouredGroups > 0, "no colour twin was seen through its representative")
        #expect(Self.summary(folded) == Self.summary(try Self.outcome(request, folds: false, memoizes: false)))
    }

    /// A key by render names the environment's text size and width and leaves the four
    /// folded settings to the fold key: a field added to the environment must be keyed too.
    @Test("a key by render covers every field of the environment")
    func renderKeyCoversTheEnvironment() {
        let fields = Mirror(reflecting: AccessibilityEnvironment()).children.compactMap(\.label)
        #expect(fields.sorted() == ["appearance", "contentSize", "contrast", "direction", "reduceMotion", "width"])
        #expect(Set(Folding.Setting.allCases.map(\.dimension)) == ["motion", "direction", "appearance", "contrast"])
    }

    @Test("results kept by render stop only when not one of the first lookups hit", arguments: [0, 1])
    func renderResultsJudged(hits: Int) {
        var results = RenderResults(trial: 4)
        let evaluation = [CompiledRule.Evaluation()]
        results.remember(evaluation, for: [0])
        for lookup in 0..<4 { _ = results.lookUp([lookup < hits ? 0 : lookup + 1]) }
        #expect(results.remembers == (hits > 0))
        #expect((results.lookUp([0]) != nil) == (hits > 0))
    }

    @Test("a dimension nothing reads multiplies the states and their counts, not the work", arguments: [
        ("ScopeHeader", ["scope=following", "chips=sample", "on=unread", "count=auto", "stuck=no", "onFilters=set", "width=320"]),
        ("TopTabs", ["tabs=few", "size=AX3", "selection=world"]),
        ("ScrollingTabStrip", ["width=320", "size=L"]),
    ])
    func unreadDimension(_ blockName: String, _ pairs: [String]) throws {
        let block = try #require(BuiltInBlocks.all.first { $0.name == blockName })
        // One job, so both audits meet their states in the same order.
        let once = try Self.outcome(try request(block, pairs), folds: true, jobs: 1)
        let copied = try request(CopiedBlock(block, copies: 4), pairs)
        let four = try Self.outcome(copied, folds: true, jobs: 1)
        #expect(four.states == 4 * once.states)
        for (rule, copiedRule) in zip(once.rules, four.rules) {
            #expect(copiedRule.statesWithSubjects == 4 * rule.statesWithSubjects)
            #expect(copiedRule.failingStates == 4 * rule.failingStates)
        }
        // The copies are counted with the states they copy: as many documents are looked
        // up as for the block alone.
        #expect(four.statistics.documentHits + four.statistics.documentMisses
                == once.statistics.documentHits + once.statistics.documentMisses)
        // And the outcome is the one visiting every copy gives.
        #expect(Self.summary(four) == Self.summary(try Self.outcome(copied, folds: false)))
        // The audit renders the copied block as assumed, and matches the states made from
        // the space it was given to their regions: one space, not a second built alike.
        #expect(Conformance.keptStateSpace(of: CopiedBlock(block, copies: 4)) == [])
    }
}
