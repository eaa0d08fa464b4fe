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
        var states = Array(repeating: 0, count: rules)
        var subjects = Array(repeating: 0, count: rules)
        folded.tally(1, passing: &states, subjects: &subjects) { rule, evaluation in seen[rule].append(evaluation.subjects) }
        let replaced = Set(groups.joined())
        let expected = (0..<rules).map { [replaced.contains($0) ? 1000 + $0 : $0] }
        // The representative's rule 0, unless replaced, found no subject and failed nothing.
        #expect(seen == expected.map { $0 == [0] ? [] : $0 })
        #expect(states == Array(repeating: 0, count: rules))
        #expect(folded.all.map(\.subjects) == expected.map { $0[0] })
    }

    @Test("each passing rule is counted once, as many times as asked, with its own subjects", arguments: cases)
    func countsEveryPassingRuleOnce(rules: Int, groups: [[Int]]) {
        let folded = Self.folded(rules: rules, replacing: groups, failing: false)
        var states = Array(repeating: 0, count: rules)
        var subjects = Array(repeating: 0, count: rules)
        folded.tally(3, passing: &states, subjects: &subjects) { rule, _ in Issue.record("rule \(rule) handed out as failing") }
        let replaced = Set(groups.joined())
        let found = (0..<rules).map { replaced.contains($0) ? 1000 + $0 : $0 }
        // A rule that found no subject is not counted as passing.
        #expect(states == found.map { $0 > 0 ? 3 : 0 })
        #expect(subjects == found.map { $0 * 3 })
    }
}
