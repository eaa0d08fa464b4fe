import AccessibilityModel
@testable import Auditor
import Testing

/// The representatives a worker keeps: an entry is taken out while the states folded onto it
/// are evaluated and remembered again after, whether it was the last one remembered or one
/// filed before it.
@Suite("Representatives")
struct RepresentativesTests {
    static let space = StateSpace([Dimension("selection", values: ["a", "b", "c"]), .direction])

    static func entry(_ selection: String, subjects: Int) -> (Representatives.Key, Representatives.Entry) {
        let state = space.all[0].with("selection", selection)
        let snapshot = Snapshot(block: "Probe", state: state, environment: state.environment, elements: [])
        return (Representatives.Key(values: state.valueIndices, region: 0),
                Representatives.Entry(snapshot: snapshot, evaluations: [CompiledRule.Evaluation(subjects: subjects)]))
    }

    @Test("an entry is found once after it is remembered, the last one or an earlier one")
    func takeAndRemember() {
        var representatives = Representatives()
        let (a, entryA) = Self.entry("a", subjects: 1)
        let (b, entryB) = Self.entry("b", subjects: 2)
        let (c, _) = Self.entry("c", subjects: 3)
        representatives.remember(entryA, for: a)
        representatives.remember(entryB, for: b)
        #expect(representatives.take(c) == nil)
        #expect(representatives.take(a)?.evaluations.first?.subjects == 1)
        #expect(representatives.take(a) == nil)
        #expect(representatives.take(b)?.evaluations.first?.subjects == 2)
        #expect(representatives.take(b) == nil)
    }

    @Test("an entry remembered again under its key replaces the one before")
    func rememberAgain() {
        var representatives = Representatives()
        let (a, entryA) = Self.entry("a", subjects: 1)
        let (_, newer) = Self.entry("a", subjects: 5)
        let (b, entryB) = Self.entry("b", subjects: 2)
        representatives.remember(entryA, for: a)
        representatives.remember(newer, for: a)
        representatives.remember(entryB, for: b)
        #expect(representatives.take(a)?.evaluations.first?.subjects == 5)
        #expect(representatives.take(a) == nil)
    }
}
