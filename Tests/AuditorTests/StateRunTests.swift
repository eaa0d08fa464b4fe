import AccessibilityModel
@testable import Auditor
import Testing

/// A run of states is counted in one step, and must count exactly what adding its states
/// one by one counts.
@Suite("A run of states counts as its states one by one")
struct StateRunTests {
    /// Two regions, so space-wide value indices differ from a region's; the last two
    /// dimensions are the run's.
    static let space = StateSpace(regions: [
        [Dimension("kind", values: ["a", "b"]), Dimension("copy", values: ["1", "2", "3"]), Dimension("shade", values: ["x", "y"])],
        [Dimension("kind", values: ["c"]), Dimension("copy", values: ["2", "3"]), Dimension("shade", values: ["y", "x"])],
    ])

    @Test("runs from the first state of a block, from the middle of one and cut short", arguments: [
        (0, 0, 6), (0, 2, 4), (0, 1, 3), (1, 0, 4), (1, 1, 3),
    ])
    func tallies(region: Int, start: Int, length: Int) throws {
        let selection = Self.space.all
        let indexer = ValueTally.Indexer(Self.space)
        let first = region == 0 ? 0 : 12
        let position = first + start
        let state = selection[position]
        #expect(selection.run(from: position, trailing: 2) == (region == 0 ? 6 : 4) - start)
        let run = StateRun(first: state, position: position, values: indexer.values(of: state), length: length,
                           allowed: selection.allowed(at: position, trailing: 2), indexer: indexer)
        var counted = ValueTally()
        run.add(to: &counted)
        var visited = ValueTally()
        for offset in 0..<length {
            let each = selection[position + offset]
            visited.add(indexer.values(of: each))
            #expect(run.state(at: offset) == each)
            #expect(run.values(at: offset) == indexer.values(of: each))
        }
        #expect(counted == visited)
    }
}
