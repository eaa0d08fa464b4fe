import AccessibilityModel
@testable import Auditor
import BlockModels
import Testing

/// What memoisation may assume about a rule comes from its expressions alone.
@Suite("A rule's footprint says what of a state document it can see")
struct RuleFootprintTests {
    static func footprint(_ id: String) throws -> RuleFootprint {
        let rule = try #require(try Checkout.bundledSpec().rules.first { $0.id == id })
        return RuleFootprint(rule: rule)
    }

    @Test("a rule that reads one element or transition, the environment and named parameters is local to it",
          arguments: [("target-size", "element", ""), ("reduce-motion", "transition", ""),
                      ("selection-haptic", "transition", ""), ("scope-header.scopes", "element", "scope"),
                      ("scope-header.chips", "element", "on"), ("top-tabs.tabs", "element", "selection"),
                      ("top-tabs.paging", "transition", "")])
    func local(id: String, unit: String, parameter: String) throws {
        let footprint = try Self.footprint(id)
        #expect(footprint.scope == .unit(unit))
        #expect(footprint.parameters == (parameter.isEmpty ? [] : [parameter]))
    }

    @Test("the kinds of children a local rule takes one at a time are those the document names as units")
    func unitKinds() {
        let kinds = StateDocument.Child.Kind.allCases
        #expect(Set(kinds.filter(\.isUnit).map(\.name)) == RuleFootprint.unitNames)
    }

    @Test("a rule that looks beyond its subject, or at the whole state, sees the document",
          arguments: ["single-selection", "distinct-focus-stops", "top-tabs.indicator",
                      "top-tabs.strip-centres-selection", "scope-header.filters"])
    func documentWide(id: String) throws {
        #expect(try Self.footprint(id).scope == .document)
    }

    @Test("a document-wide rule about elements does not see transitions")
    func kinds() throws {
        let kinds = try #require(try Self.footprint("single-selection").kinds)
        #expect(kinds.contains("element") && !kinds.contains("transition"))
        #expect(try Self.footprint("scope-header.chip-row").kinds?.contains("scroll") == true)
        #expect(try Self.footprint("scope-header.chip-row").kinds?.contains("transition") == false)
    }

    /// The footprint of a rule with one context and one test.
    static func probe(_ context: String, _ test: String) -> RuleFootprint {
        func located(_ value: String) -> Located<String> { Located(value: value, file: "probe.xml", line: 1, column: 1) }
        return RuleFootprint(rule: Rule(id: "probe", severity: .error, title: "Probe", description: "", tags: [], blocks: [],
                                        context: located(context),
                                        assertions: [Rule.Assertion(test: located(test), message: located("m"))],
                                        passingExamples: [], failingExamples: [], file: "probe.xml", line: 1))
    }

    @Test("an expression the analysis cannot place widens the footprint",
          arguments: [("element[1]", "@label"), ("element", "../element[@id = 'x']"), ("element", "preceding-sibling::element"),
                      ("element", "id('x')"), ("element", "/state/element"), ("element[position() = 2]", "true()")])
    func conservative(context: String, test: String) throws {
        #expect(Self.probe(context, test).scope == .document)
    }

    @Test("ax:with-attribute reads the attribute it names, and any attribute when the name is computed")
    func withAttribute() throws {
        let named = Self.probe("element", "ax:with-attribute(../element, 'group', 'page.a')/@x")
        #expect(named.attributes?.isSuperset(of: ["group", "x"]) == true)
        #expect(named.attributes?.contains("label") == false)
        #expect(Self.probe("element", "ax:with-attribute(../element, @label, 1)").attributes == nil)
    }

    @Test("ax:with-fact reads the fact it names, and any fact when the name is computed")
    func withFact() throws {
        let named = Self.probe("element", "ax:with-fact(../element, 'tab-index', floor(1.5) + 1)/@x")
        #expect(named.factNames?.contains("tab-index") == true)
        #expect(named.names?.contains("fact") == true)
        #expect(named.attributes?.isSuperset(of: ["name", "value", "x"]) == true)
        #expect(Self.probe("element", "ax:with-fact(../element, @label, 1)").factNames == nil)
        let indicator = try #require(try Self.footprint("top-tabs.indicator").factNames)
        #expect(indicator.isSuperset(of: ["tab-index", "pager-offset", "tab-count"]))
    }

    @Test("a parameter named by a computed expression makes every parameter part of the key")
    func computedParameter() throws {
        #expect(Self.probe("element", "ax:param(@id) = 'x'").parameters == nil)
    }
}

/// The rules for the peer checks read only their subject, or, for focus order, the
/// elements' order and frames: what memoisation keys on must cover what they read.
@Suite("Footprints of the peer checks")
struct PeerCheckFootprintTests {
    @Test("a rule about one element's facts, traits or value is local to it",
          arguments: ["hit-region-overlap", "text-truncated", "conflicting-traits", "nested-interactive",
                      "label-in-name", "value-bare-number"])
    func local(id: String) throws {
        let footprint = try RuleFootprintTests.footprint(id)
        #expect(footprint.scope == .unit("element"))
        #expect(footprint.parameters == [])
    }

    @Test("focus order reads the next stop, so it sees every element's order and frame and the layout direction")
    func focusOrder() throws {
        let footprint = try RuleFootprintTests.footprint("focus-order")
        #expect(footprint.scope == .document)
        let attributes = try #require(footprint.attributes)
        #expect(attributes.isSuperset(of: ["order", "x", "y", "width", "height", "label", "direction"]))
        let kinds = try #require(footprint.kinds)
        #expect(kinds.isSuperset(of: ["element", "environment"]) && !kinds.contains("transition"))
    }

    @Test("ax:next-stop() leaves its subject, whatever else the rule reads")
    func nextStopLeaves() {
        #expect(RuleFootprintTests.probe("element", "ax:next-stop()").scope == .document)
        #expect(RuleFootprintTests.probe("element", "ax:next-stop()").kinds?.contains("element") == true)
    }

    @Test("ax:reads-before() reads the layout direction even when the rule never names the environment")
    func readsBeforeDirection() {
        let footprint = RuleFootprintTests.probe("/state", "ax:reads-before(element[@id = 'a'], element[@id = 'b'])")
        #expect(footprint.attributes?.contains("direction") == true)
        #expect(footprint.kinds?.contains("environment") == true)
    }

    @Test("memoising changes none of the peer checks' outcomes where they fail", arguments: [
        // text-truncated
        ("TopTabs", ["tabs=few", "sizing=fill", "width=320"], "unclipped", 1),
        // hit-region-overlap
        ("ScopeHeader", ["chips=sample", "width=320", "size=AX5", "stuck=no", "count=auto"], "unclipped", 1),
        ("ScrollingTabStrip", ["width=320"], "clipped", 0),
    ])
    func memoised(block: String, pairs: [String], hits: String, failingRules: Int) throws {
        let spec = try Checkout.bundledSpec()
        let ids: Set = ["hit-region-overlap", "text-truncated", "conflicting-traits", "nested-interactive",
                        "label-in-name", "focus-order", "value-bare-number"]
        let model = try #require(BuiltInBlocks.all.first { $0.name == block })
        var request = try request(model, pairs)
        request.choices = AssumptionChoices(["scroll-view-hits": hits])
        var failing = 0
        func summary(memoizes: Bool) throws -> [String] {
            let outcome = try #require(try AuditEngine(spec: spec, jobs: 2, memoizes: memoizes).audit([request]).blocks.first)
            let rules = outcome.rules.filter { ids.contains($0.rule.id) }
            failing = rules.filter { $0.failingStates > 0 }.count
            return rules.map { rule in
                "\(rule.rule.id) \(rule.subjects) \(rule.failingStates) \(rule.failingSubjects) \(rule.failingValues) \(rule.samples)"
            }
        }
        let memoised = try summary(memoizes: true)
        #expect(memoised.count == ids.count)
        #expect(memoised == (try summary(memoizes: false)))
        #expect(failing == failingRules)
    }
}
