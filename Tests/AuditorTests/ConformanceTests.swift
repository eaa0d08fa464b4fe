import AccessibilityModel
import Auditor
import BlockModels
import Testing

@Suite("Every block keeps the conformance suite's promises")
struct ConformanceTests {
    @Test("each built-in block conforms, transcripts approved", arguments: BuiltInBlocks.all.map(\.name))
    func builtIn(name: String) throws {
        let block = try #require(BuiltInBlocks.named(name))
        #expect(Conformance.issues(of: block, approved: .bundled()) == [])
    }

    @Test("a careless block is caught on every count")
    func careless() {
        let issues = Conformance.issues(of: CarelessBlock())
        let checks = Set(issues.map(\.check))
        #expect(checks == ["unique ids", "right-to-left mirrored", "typed semantics declared", "state space kept",
                           "review scenarios present"], "\(issues)")
    }
}

/// Two tabs named alike, one Selected without a declared group, laid out the same in both
/// directions, a state space built anew at every read, and no review scenario.
private struct CarelessBlock: BlockModel {
    let name = "Careless"
    let summary = "a block that breaks the conformance suite's promises"
    let sourcePath = "Tests/AuditorTests/ConformanceTests.swift"
    var stateSpace: StateSpace { StateSpace([Dimension("selection", values: ["a", "b"]), .direction]) }
    let reviewScenarios: [ReviewScenario] = []

    func snapshot(of state: BlockState) -> Snapshot {
        let selected = state["selection"]
        let tabs = ["a", "b"].enumerated().map { index, id in
            AccessibilityElement(id: "tab", label: id.uppercased(), traits: id == selected ? [.button, .selected] : [.button],
                                 isInteractive: true, frame: Rect(x: Double(index) * 60, y: 0, width: 50, height: 44))
        }
        return Snapshot(block: name, state: state, environment: state.environment, elements: tabs)
    }
}
