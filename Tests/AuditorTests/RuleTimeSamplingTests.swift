@testable import Auditor
import Testing

/// Rules' times are measured on a sample of states past a worker's first ones; what the
/// sample stands for must add up to the states it was drawn from.
@Suite("Rule times are measured on every state at first, then on a random sample")
struct RuleTimeSamplingTests {
    @Test("a worker's first states are each measured, and stand for themselves")
    func measuresTheFirstStates() {
        var sampling = RuleTimeSampling()
        let weights = (0..<RuleTimeSampling.exact).map { _ in sampling.next() }
        #expect(weights.allSatisfy { $0 == 1 })
    }

    @Test("past them, a measured state stands for as many states as were not measured",
          arguments: [1_000, 10_000, 100_000])
    func standsForTheStatesItSamples(states: Int) {
        var sampling = RuleTimeSampling()
        for _ in 0..<RuleTimeSampling.exact { _ = sampling.next() }
        let weights = (0..<states).map { _ in sampling.next() }
        #expect(weights.allSatisfy { $0 == 0 || $0 == Double(RuleTimeSampling.interval) })
        // Within four standard deviations of the measured count (binomial, p = 1/8), times 8.
        let tolerance = 4 * (Double(states) * 7).squareRoot()
        #expect(abs(weights.reduce(0, +) - Double(states)) < tolerance)
    }

    /// Twins and dimension values come in periods of 2, 4 and 8 states: a sample at a fixed
    /// step would see one place in the period only.
    @Test("every place in a short period is measured", arguments: [2, 3, 4, 8, 16])
    func reachesEveryPlaceInAPeriod(period: Int) {
        var sampling = RuleTimeSampling()
        for _ in 0..<RuleTimeSampling.exact { _ = sampling.next() }
        var measured = Array(repeating: 0, count: period)
        for index in 0..<8_000 where sampling.next() > 0 { measured[index % period] += 1 }
        let expected = 8_000 / period / RuleTimeSampling.interval
        #expect(measured.allSatisfy { abs($0 - expected) < expected / 2 })
    }

    @Test("two workers choose the same states")
    func isTheSameInEveryRun() {
        var first = RuleTimeSampling(), second = RuleTimeSampling()
        let one = (0..<5_000).map { _ in first.next() }
        let other = (0..<5_000).map { _ in second.next() }
        #expect(one == other)
    }
}

@Suite("Every group's rules in one list")
struct RulesByGroupTests {
    @Test("each group's rules lie in its range, in its order", arguments: [
        [[0, 1], [2], [3, 4, 5]],
        [[4], [], [0, 2], [1, 3]],
        [[]],
        [],
    ])
    func ranges(groups: [[Int]]) {
        let rules = StateEvaluator.RulesByGroup(groups)
        for (group, members) in groups.enumerated() {
            #expect(Array(rules.rules[rules.range(of: group)]) == members)
        }
        #expect(rules.rules == groups.flatMap { $0 })
    }
}
