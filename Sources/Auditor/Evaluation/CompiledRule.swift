import XMLSupport

/// A rule ready to evaluate: its expressions compiled once.
public struct CompiledRule: @unchecked Sendable {
    public let rule: Rule
    let context: XPathExpression
    let assertions: [(test: XPathExpression, message: MessageTemplate)]

    init(_ rule: Rule) throws(InputError) {
        self.rule = rule
        context = try Self.compile(rule.context, in: rule)
        var assertions: [(XPathExpression, MessageTemplate)] = []
        for assertion in rule.assertions {
            assertions.append((try Self.compile(assertion.test, in: rule), try MessageTemplate(assertion.message)))
        }
        self.assertions = assertions
    }

    /// Compiles one expression; an error points at the offending character in the spec.
    private static func compile(_ source: Located<String>, in rule: Rule) throws(InputError) -> XPathExpression {
        do {
            return try XPathExpression(source.value, namespaces: RuleFunctions.namespaces, functions: RuleFunctions.all)
        } catch {
            let place = source.position(ofDecodedOffset: max(error.column, 1) - 1)
            throw InputError(file: source.file, line: place.line, column: place.column,
                             "rule '\(rule.id)': XPath '\(source.value)': \(error.message)")
        }
    }

    /// Evaluates the rule on a document: one finding per subject and failing assertion.
    func evaluate(on document: XMLDocument, with evaluator: XPathEvaluator) throws(InputError) -> Evaluation {
        var evaluation = Evaluation()
        try evaluate(on: document, with: evaluator) { _, failure in
            if let failure { evaluation.failures.append(failure) } else { evaluation.subjects += 1 }
        }
        return evaluation
    }

    /// Evaluates the rule, reporting each subject once (failure nil) and then each of its
    /// failures, so callers can file results by subject.
    func evaluate(on document: XMLDocument, with evaluator: XPathEvaluator,
                  report: (XMLNode, Failure?) -> Void) throws(InputError) {
        do {
            for subject in try evaluator.nodes(context, at: document.root) {
                report(subject, nil)
                for (test, message) in assertions {
                    if try evaluator.boolean(test, at: subject) { continue }
                    report(subject, Failure(subject: Self.name(of: subject),
                                            message: message.render(at: subject, with: evaluator)))
                }
            }
        } catch {
            throw InputError(file: rule.file, line: rule.line, column: 1, "rule '\(rule.id)' failed to evaluate: \(error.message)")
        }
    }

    /// How a finding names its subject: an element's id, a transition's target, a motion's
    /// subject, or the node's name.
    static func name(of node: XMLNode) -> String {
        if let id = node.attribute("id") { return node.name == "state" ? "state" : id }
        if let target = node.attribute("target") { return target.isEmpty ? node.attribute("action") ?? node.name : target }
        if let subject = node.attribute("subject") { return subject }
        return node.name
    }

    struct Evaluation: Sendable {
        var subjects = 0
        var failures: [Failure] = []

        mutating func add(_ other: Evaluation) {
            subjects += other.subjects
            if !other.failures.isEmpty { failures += other.failures }
        }
    }

    struct Failure: Sendable, Hashable {
        var subject: String
        var message: String
    }
}

/// Every rule of a spec, compiled.
public struct CompiledSpec: @unchecked Sendable {
    public let rules: [CompiledRule]
}
