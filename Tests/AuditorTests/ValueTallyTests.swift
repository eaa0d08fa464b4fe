@testable import Auditor
import Testing

@Suite("Value tallies: how many states took each value of each dimension")
struct ValueTallyTests {
    /// The same counts worked out with a list per dimension, the plain way.
    static func expected(_ states: [[Int]]) -> [[Int]] {
        var counts: [[Int]] = []
        for values in states {
            while counts.count < values.count { counts.append([]) }
            for (dimension, value) in values.enumerated() {
                while counts[dimension].count <= value { counts[dimension].append(0) }
                counts[dimension][value] += 1
            }
        }
        return counts
    }

    /// Values met in every order: growing first, then seen again; a later dimension first;
    /// a state of fewer dimensions (another region's) among longer ones.
    static let cases: [[[Int]]] = [
        [[0, 0, 0], [1, 0, 2], [1, 3, 2], [0, 0, 0]],
        [[2, 5], [0, 0], [2, 1], [1, 5]],
        [[0], [0, 4, 1], [3, 0, 0]],
    ]

    @Test("counts are those of every state added, however the tally grew to hold them", arguments: cases)
    func counts(states: [[Int]]) {
        var tally = ValueTally()
        for values in states { tally.add(values) }
        let expected = Self.expected(states)
        #expect(tally.counts == expected)
        #expect(tally.states == states.count)
        for (dimension, values) in expected.enumerated() {
            for (value, count) in values.enumerated() { #expect(tally.count(dimension: dimension, value: value) == count) }
        }
        #expect(tally.count(dimension: expected.count, value: 0) == 0)
        #expect(tally.count(dimension: 0, value: expected[0].count) == 0)
        #expect(ValueTally(counts: expected) == tally)
    }

    @Test("merged tallies count both halves, and a count added at one value moves only that value", arguments: cases)
    func merged(states: [[Int]]) {
        var first = ValueTally()
        var second = ValueTally()
        for (index, values) in states.enumerated() {
            if index.isMultiple(of: 2) { first.add(values) } else { second.add(values) }
        }
        first.merge(second)
        #expect(first.counts == Self.expected(states))
        var moved = first
        moved.add(2, at: 0, value: 6)
        var expected = Self.expected(states)
        while expected[0].count <= 6 { expected[0].append(0) }
        expected[0][6] += 2
        #expect(moved.counts == expected)
    }
}
