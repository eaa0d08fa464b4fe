import AccessibilityModel
@testable import Auditor
import BlockModels
import Foundation
import Testing
import XMLSupport

/// `--coverage pairwise` audits a covering array instead of every state. These tests hold
/// it to its promise: a failure that one value, or one pair of values, brings about is
/// still found, in the seed blocks as they are and in blocks with faults built in.
@Suite("Coverage modes: pairwise finds what one or two values cause")
struct CoverageTests {
    // MARK: Recorded in reports

    @Test("the mode is recorded in the JUnit coverage property and the console's closing line",
          arguments: Coverage.allCases)
    func recorded(_ coverage: Coverage) throws {
        let directory = try TemporaryDirectory()
        let junit = directory.path("junit.xml")
        let run = runTool(["audit", "--block", "ScrollingTabStrip", "--where", "size=L", "--where", "appearance=light",
                           "--where", "contrast=standard", "--coverage", coverage.rawValue,
                           "--junit", junit, "--fail-on", "never"])
        #expect(run.code == .success, "\(run)")
        #expect(run.output.contains("(\(coverage.rawValue) coverage)"), "\(run)")
        let report = try XMLDocument(contentsOfFile: junit)
        let properties = descendants(report.root, named: "property")
        func property(_ name: String) -> String? {
            properties.first { $0.attribute("name") == "ScrollingTabStrip.\(name)" }?.attribute("value")
        }
        #expect(property("coverage") == coverage.rawValue)
        let states = try #require(property("states").flatMap(Int.init))
        if coverage == .exhaustive {
            #expect(states == 10 * 2 * 4 * 2)
        } else {
            #expect(states >= 10 * 4 && states < 10 * 2 * 4 * 2)
        }
        #expect(try Checkout.schema("junit.xsd").validate(report, name: junit).isEmpty)
    }

    @Test("--coverage takes exhaustive or pairwise, and says so otherwise")
    func invalidMode() {
        let run = runTool(["audit", "--block", "ScrollingTabStrip", "--coverage", "triples"])
        #expect(run.code == .invalidInput)
        #expect(run.errors.contains("--coverage takes exhaustive or pairwise, not 'triples'"), "\(run)")
    }

    @Test("exhaustive is every selected state; pairwise a subset of them, far smaller for the seed blocks",
          arguments: BuiltInBlocks.names)
    func pairwiseIsASubset(_ name: String) throws {
        let block = try #require(BuiltInBlocks.named(name))
        let all = block.stateSpace.all
        #expect(Coverage.exhaustive.states(of: all).count == all.count)
        let pairwise = Coverage.pairwise.states(of: all)
        #expect(pairwise.allSatisfy { all.position(of: $0) != nil })
        #expect(pairwise.count * 5 < all.count, "\(pairwise.count) of \(all.count)")
    }

    // MARK: Failures one or two values cause

    /// Seed blocks and faulty variants, on subsets with at least three free dimensions so
    /// that pairwise audits fewer states than exhaustive.
    static let failingCases: [(label: String, block: any BlockModel, pairs: [String])] = [
        ("ScrollingTabStrip as built", ScrollingTabStrip(), ["size=L", "width=393"]),
    ] + TopTabs.Fault.allCases.map { fault in
        ("TopTabs with \(fault.rawValue)", TopTabs(faults: [fault]),
         ["tabs=few", "sizing=automatic", "size=L", "width=393", "direction=ltr"])
    }

    @Test("a rule that one or two dimension values make fail, fails under pairwise too; and the failing rules are the same",
          arguments: failingCases.indices)
    func findsFailuresOfOneOrTwoValues(_ index: Int) throws {
        let (label, block, pairs) = Self.failingCases[index]
        let spec = try Checkout.bundledSpec()
        let exhaustive = try request(block, pairs).selection
        let failing = try Self.failingStates(of: block, in: exhaustive, spec: spec)
        let caused = Set(failing.filter { Self.causedByAtMostTwoValues($0.value, in: exhaustive) }.keys)
        #expect(!caused.isEmpty, "\(label): no failure to find, so the case proves nothing")

        let pairwise = Coverage.pairwise.states(of: exhaustive)
        #expect(pairwise.count < exhaustive.count)
        let outcome = try AuditEngine(spec: spec, jobs: 2).audit([BlockRequest(block: block, selection: pairwise)])
        let found = Set(try #require(outcome.blocks.first).rules.filter { !$0.passed }.map(\.rule.id))
        #expect(caused.isSubset(of: found), "\(label): pairwise misses \(caused.subtracting(found).sorted())")
        #expect(found == Set(failing.keys), "\(label): exhaustive fails \(failing.keys.sorted()), pairwise \(found.sorted())")
    }

    /// Each rule's failing states, by position in `selection`, from evaluating every rule on
    /// every state's document directly: no memo, no engine.
    static func failingStates(of block: any BlockModel, in selection: StateSelection,
                              spec: RuleSpec) throws -> [String: Set<Int>] {
        let rules = try spec.compiled().rules.filter { $0.rule.applies(to: block.name) }
        var failing: [String: Set<Int>] = [:]
        let block = block.assuming(AssumptionChoices.defaults.themed)
        for (position, state) in selection.enumerated() {
            let document = StateDocument.document(for: block.snapshot(of: state))
            let evaluator = XPathEvaluator(document: document, namespaces: RuleFunctions.namespaces, functions: RuleFunctions.all)
            for rule in rules where !(try rule.evaluate(on: document, with: evaluator)).failures.isEmpty {
                failing[rule.rule.id, default: []].insert(position)
            }
        }
        return failing
    }

    /// Whether some value, or pair of values, of the selection's dimensions makes every
    /// state that has it fail: then any selection holding that pair finds the failure.
    static func causedByAtMostTwoValues(_ failing: Set<Int>, in selection: StateSelection) -> Bool {
        var states: [[String]: (all: Int, failing: Int)] = [:]
        for (position, state) in selection.enumerated() {
            let pairs = state.pairs.map { "\($0.name)=\($0.value)" }
            var keys = pairs.map { [$0] }
            for (i, first) in pairs.enumerated() { for second in pairs[(i + 1)...] { keys.append([first, second]) } }
            for key in keys {
                states[key, default: (0, 0)].all += 1
                if failing.contains(position) { states[key, default: (0, 0)].failing += 1 }
            }
        }
        return states.values.contains { $0.all > 0 && $0.all == $0.failing }
    }

    // MARK: Probes: a rule for every pair

    /// Subsets of each seed block, and rules that fail exactly where one pair of values
    /// meets: one rule for every pair of values the subset's states hold.
    static let probeCases: [(block: String, pairs: [String])] = [
        ("ScopeHeader", ["size=L", "width=393", "direction=ltr", "motion=full", "scope=for-you", "chips=sample"]),
        ("TopTabs", ["size=L", "width=393", "direction=ltr", "motion=reduced"]),
        ("ScrollingTabStrip", ["width=393", "motion=full"]),
    ]

    @Test("for every pair of values in a subset of a seed block, a rule failing only where they meet fails under pairwise",
          arguments: probeCases)
    func everyPairProbeFails(block name: String, pairs: [String]) throws {
        let block = try #require(BuiltInBlocks.named(name))
        let exhaustive = try request(block, pairs).selection
        var expected: [[String]: Int] = [:]
        for state in exhaustive {
            let free = state.pairs.filter { pair in !pairs.contains("\(pair.name)=\(pair.value)") }
            for (i, first) in free.enumerated() {
                for second in free[(i + 1)...] { expected[[first.name, first.value, second.name, second.value], default: 0] += 1 }
            }
        }
        let probes = expected.keys.sorted { $0.joined(separator: " ") < $1.joined(separator: " ") }
        let rules = probes.enumerated().map { index, probe in
            """
              <rule id="probe-\(index)" severity="error" blocks="\(name)">
                <title>\(probe[0])=\(probe[1]) with \(probe[2])=\(probe[3])</title>
                <context>/state[ax:param('\(probe[0])') = '\(probe[1])' and ax:param('\(probe[2])') = '\(probe[3])']</context>
                <assert test="false()">probe</assert>
                <pass><state/></pass>
                <fail><state><param name="\(probe[0])" value="\(probe[1])"/><param name="\(probe[2])" value="\(probe[3])"/></state></fail>
              </rule>
            """
        }
        let directory = try TemporaryDirectory()
        let file = try directory.write("probes.xml", ruleFile(rules.joined(separator: "\n")))
        let spec = try RuleSpec.load(files: [file], schemaDirectory: Checkout.schemaDirectory, knownBlocks: BuiltInBlocks.names)
        let engine = AuditEngine(spec: spec, jobs: 2)

        let pairwise = Coverage.pairwise.states(of: exhaustive)
        #expect(pairwise.count < exhaustive.count)
        let all = try #require(try engine.audit([BlockRequest(block: block, selection: exhaustive)]).blocks.first)
        let some = try #require(try engine.audit([BlockRequest(block: block, selection: pairwise)]).blocks.first)
        let everyState = Dictionary(uniqueKeysWithValues: all.rules.map { ($0.rule.id, $0.failingStates) })
        let chosenStates = Dictionary(uniqueKeysWithValues: some.rules.map { ($0.rule.id, $0.failingStates) })
        for (index, probe) in probes.enumerated() {
            #expect(everyState["probe-\(index)"] == expected[probe], "\(probe) fails where the pair meets, and only there")
            #expect((chosenStates["probe-\(index)"] ?? 0) > 0, "pairwise misses \(probe)")
        }
    }
}
