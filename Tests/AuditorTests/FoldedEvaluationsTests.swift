@testable import Auditor
import Testing

/// A folded state's evaluations: its representative's, but for the groups replaced. Every
/// rule is met exactly once, with the replaced group's evaluation where there is one,
/// however many rules there are.
@Suite("Folded evaluations")
struct FoldedEvaluationsTests {
    /// Rule `i` of the representative has `i` subjects; a replaced rule has 1000 + `i`.
    /// Where `failing`, every evaluation but the representative's rule 0 has a failure.
    static func folded(rules: Int, replacing groups: [[Int]], failing: Bool) -> FoldedEvaluations {
        func evaluation(_ subjects: Int) -> CompiledRule.Evaluation {
            CompiledRule.Evaluation(subjects: subjects,
                                    failures: failing && subjects > 0 ? [.init(subject: "s\(subjects)", message: "m")] : [])
        }
        var folded = FoldedEvaluations((0..<rules).map(evaluation), groups: groups.count)
        for group in groups { folded.replace(group, with: group.map { evaluation(1000 + $0) }) }
        return folded
    }

    static let cases: [(Int, [[Int]])] = [
        (5, []),
        (5, [[1, 3]]),
        (5, [[0], [4, 2]]),
        (64, [[63], [0, 31]]),
        // Past 64 rules the evaluations are written into one array first.
        (70, [[65, 2], [69]]),
    ]

    @Test("each failing rule is handed out once, a replaced one with its group's evaluation", arguments: cases)
    func handsOutEveryFailingRuleOnce(rules: Int, groups: [[Int]]) {
        let folded = Self.folded(rules: rules, replacing: groups, failing: true)
        var seen = Array(repeating: [Int](), count: rules)
        var counts = PassingCounts(rules: rules)
        folded.tally(1, into: &counts, with: ()) { rule, evaluation, _ in seen[rule].append(evaluation.subjects) }
        counts.flush()
        let replaced = Set(groups.joined())
        let expected = (0..<rules).map { [replaced.contains($0) ? 1000 + $0 : $0] }
        // The representative's rule 0, unless replaced, found no subject and failed nothing.
        #expect(seen == expected.map { $0 == [0] ? [] : $0 })
        #expect(counts.states == Array(repeating: 0, count: rules))
        #expect(folded.all.map(\.subjects) == expected.map { $0[0] })
    }

    @Test("each passing rule is counted once, as many times as asked, with its own subjects", arguments: cases)
    func countsEveryPassingRuleOnce(rules: Int, groups: [[Int]]) {
        let folded = Self.folded(rules: rules, replacing: groups, failing: false)
        var counts = PassingCounts(rules: rules)
        folded.tally(3, into: &counts, with: ()) { rule, _, _ in Issue.record("rule \(rule) handed out as failing") }
        counts.flush()
        let replaced = Set(groups.joined())
        let found = (0..<rules).map { replaced.contains($0) ? 1000 + $0 : $0 }
        // A rule that found no subject is not counted as passing.
        #expect(counts.states == found.map { $0 > 0 ? 3 : 0 })
        #expect(counts.subjects == found.map { $0 * 3 })
    }

    /// States folded onto representatives as an audit meets them: each representative's
    /// evaluations shared by states that replace different groups, some failing; more
    /// representatives than are deferred at once, each met in two runs far apart (as
    /// Reduce Motion's states come back to theirs). Counted through `PassingCounts`, the
    /// totals and the failures handed out are those of visiting every state's own
    /// evaluations one by one.
    @Test("counting by representative gives every state's own counts", arguments: [1, 3])
    func deferredCountsAreEveryStatesOwn(length: Int) {
        let rules = 12
        // Knuth's MMIX linear congruential generator: the same evaluations every run.
        var seed: UInt64 = 7
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 33
        }
        func evaluation() -> CompiledRule.Evaluation {
            let subjects = Int(next() % 4)
            let fails = subjects > 0 && next() % 5 == 0
            return CompiledRule.Evaluation(subjects: subjects, failures: fails ? [.init(subject: "s", message: "m")] : [])
        }
        let groups: [[Int]] = [[0, 5], [3], [7, 8, 11], [2]]
        var counts = PassingCounts(rules: rules)
        var expected = (states: Array(repeating: 0, count: rules), subjects: Array(repeating: 0, count: rules))
        var handedOut: [[Int]] = [], expectedOut: [[Int]] = []
        let representatives = (0..<(PassingCounts.deferredLimit + 5)).map { _ in (0..<rules).map { _ in evaluation() } }
        for (half, shared) in [0, 1].flatMap({ half in representatives.map { (half, $0) } }) {
            for state in half * 8..<half * 8 + 8 {
                var folded = FoldedEvaluations(shared, groups: groups.count)
                for (index, group) in groups.enumerated() where state >> index & 1 == 1 {
                    folded.replace(group, with: group.map { _ in evaluation() })
                }
                var out: [Int] = []
                folded.tally(length, into: &counts, with: ()) { rule, _, _ in out.append(rule) }
                handedOut.append(out.sorted())
                var own: [Int] = []
                for (rule, evaluation) in folded.all.enumerated() {
                    if !evaluation.failures.isEmpty { own.append(rule) } else if evaluation.subjects > 0 {
                        expected.states[rule] += length
                        expected.subjects[rule] += evaluation.subjects * length
                    }
                }
                expectedOut.append(own)
            }
        }
        counts.flush()
        #expect(counts.states == expected.states)
        #expect(counts.subjects == expected.subjects)
        #expect(handedOut == expectedOut)
    }
}
