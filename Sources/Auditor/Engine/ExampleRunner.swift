import XMLSupport

/// Runs a rule's own examples: each passing example must give the rule a subject and no
/// failure, each failing example at least one failure. This keeps a rule's documentation
/// and its behaviour from drifting apart.
public enum ExampleRunner {
    public struct Result: Sendable {
        public var rule: String
        public var problems: [String]
        public var passingExamples: Int
        public var failingExamples: Int
        /// Whether an example could not be evaluated at all: a broken rule, not a wrong example.
        public var cannotEvaluate = false
        public var isOK: Bool { problems.isEmpty }
    }

    public static func run(_ spec: CompiledSpec) -> [Result] {
        spec.rules.map(run)
    }

    public static func run(_ compiled: CompiledRule) -> Result {
        let rule = compiled.rule
        var problems: [String] = []
        var cannotEvaluate = false
        func evaluate(_ example: Located<XMLElement>) -> CompiledRule.Evaluation? {
            let document = XMLDocument(root: example.value)
            let evaluator = XPathEvaluator(document: document, namespaces: RuleFunctions.namespaces,
                                           functions: RuleFunctions.all)
            do { return try compiled.evaluate(on: document, with: evaluator) } catch {
                problems.append("\(example.file):\(example.line): \(error.message)")
                cannotEvaluate = true
                return nil
            }
        }
        for example in rule.passingExamples {
            guard let evaluation = evaluate(example) else { continue }
            if evaluation.subjects == 0 {
                problems.append("\(example.file):\(example.line): passing example gives the rule no subject, so it proves nothing")
            }
            for failure in evaluation.failures {
                problems.append("\(example.file):\(example.line): passing example fails: \(failure.subject): \(failure.message)")
            }
        }
        for example in rule.failingExamples {
            guard let evaluation = evaluate(example) else { continue }
            if !evaluation.hasFailures {
                problems.append("\(example.file):\(example.line): failing example passes (\(evaluation.subjects) subjects checked)")
            }
        }
        return Result(rule: rule.id, problems: problems, passingExamples: rule.passingExamples.count,
                      failingExamples: rule.failingExamples.count, cannotEvaluate: cannotEvaluate)
    }
}
