@testable import Auditor
import Testing

/// A folded state's evaluations: its representative's, but for the groups replaced. Every
/// rule is met exactly once, with the replaced group's evaluation where there is one,
/// however many rules there are.
@Suite("Folded evaluations")
struct FoldedEvaluationsTests {
    /// Rule `i` of the representative has `i` subjects; a replaced rule has 1000 + `i`.
    static func folded(rules: Int, replacing groups: [[Int]]) -> FoldedEvaluations {
        var folded = FoldedEvaluations((0..<rules).map { CompiledRule.Evaluation(subjects: $0) }, groups: groups.count)
        for group in groups {
            folded.replace(group, with: group.map { CompiledRule.Evaluation(subjects: 1000 + $0) })
        }
        return folded
    }

    @Test("each rule is visited once, a replaced one with its group's evaluation", arguments: [
        (5, []),
        (5, [[1, 3]]),
        (5, [[0], [4, 2]]),
        (64, [[63], [0, 31]]),
        // Past 64 rules the evaluations are written into one array first.
        (70, [[65, 2], [69]]),
    ] as [(Int, [[Int]])])
    func visitsEveryRuleOnce(rules: Int, groups: [[Int]]) {
        let folded = Self.folded(rules: rules, replacing: groups)
        var seen = Array(repeating: [Int](), count: rules)
        folded.forEach { rule, evaluation in seen[rule].append(evaluation.subjects) }
        let replaced = Set(groups.joined())
        let expected = (0..<rules).map { [replaced.contains($0) ? 1000 + $0 : $0] }
        #expect(seen == expected)
        #expect(folded.all.map(\.subjects) == expected.map { $0[0] })
    }
}
