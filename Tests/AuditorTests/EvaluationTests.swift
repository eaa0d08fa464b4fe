@testable import Auditor
import Testing

/// A rule's evaluation on a state: most pass and hold no list of failures, and putting
/// parts together must give the failures of every part, in order.
@Suite("A rule's evaluation puts its parts together")
struct EvaluationTests {
    typealias Evaluation = CompiledRule.Evaluation
    static func failure(_ subject: String) -> CompiledRule.Failure { CompiledRule.Failure(subject: subject, message: "m") }

    @Test("parts added give their subjects' sum and their failures in order", arguments: [
        [(2, [String]()), (3, [])],
        [(1, ["a"]), (2, [])],
        [(0, []), (1, ["a", "b"])],
        [(1, ["a"]), (1, ["b"]), (0, []), (2, ["c"])],
    ])
    func adds(parts: [(subjects: Int, failures: [String])]) {
        var whole = Evaluation()
        for part in parts { whole.add(Evaluation(subjects: part.subjects, failures: part.failures.map(Self.failure))) }
        #expect(whole.subjects == parts.reduce(0) { $0 + $1.subjects })
        #expect(whole.failures.map(\.subject) == parts.flatMap(\.failures))
        #expect(whole.hasFailures == !whole.failures.isEmpty)
    }

    @Test("failures appended one by one are kept in order, and an empty list is none")
    func appends() {
        var evaluation = Evaluation(subjects: 1, failures: [])
        #expect(!evaluation.hasFailures && evaluation.failures.isEmpty)
        evaluation.append(Self.failure("a"))
        evaluation.append(Self.failure("b"))
        #expect(evaluation.hasFailures)
        #expect(evaluation.failures.map(\.subject) == ["a", "b"])
    }
}
