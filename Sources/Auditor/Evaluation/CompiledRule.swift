import XMLSupport

/// A rule ready to evaluate: its expressions compiled once.
public struct CompiledRule: @unchecked Sendable {
    public let rule: Rule
    let context: XPathExpression
    /// The context evaluated in Swift, when it is of a shape ``NativeExpression`` takes:
    /// selecting the subjects is most of what libxml2 spends on a geometry rule.
    let nativeContext: NativeExpression?
    let assertions: [(test: XPathExpression, message: MessageTemplate)]
    /// Each assertion's test evaluated in Swift, where ``NativeExpression`` takes it, the
    /// parts the tests write alike worked out once per subject.
    let nativeTests: NativeExpressionSet

    init(_ rule: Rule) throws(InputError) {
        self.rule = rule
        context = try Self.compile(rule.context, in: rule)
        nativeContext = NativeExpression(rule.context.value, namespaces: RuleFunctions.namespaces, functions: RuleFunctions.all)
        var assertions: [(XPathExpression, MessageTemplate)] = []
        for assertion in rule.assertions {
            assertions.append((try Self.compile(assertion.test, in: rule), try MessageTemplate(assertion.message)))
        }
        self.assertions = assertions
        nativeTests = NativeExpressionSet(rule.assertions.map(\.test.value), namespaces: RuleFunctions.namespaces,
                                          functions: RuleFunctions.all)
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
            if let failure { evaluation.append(failure) } else { evaluation.subjects += 1 }
        }
        return evaluation
    }

    /// Evaluates the rule, reporting each subject once (failure nil) and then each of its
    /// failures, so callers can file results by subject.
    func evaluate(on document: XMLDocument, with evaluator: XPathEvaluator,
                  report: (XMLNode, Failure?) -> Void) throws(InputError) {
        do {
            for subject in try subjects(of: document, with: evaluator) {
                report(subject, nil)
                let natives = nativeTests.evaluations(at: subject)
                for (index, (test, message)) in assertions.enumerated() {
                    if try holds(index, test, at: subject, natively: natives, with: evaluator) { continue }
                    report(subject, Failure(subject: Self.name(of: subject),
                                            message: message.render(at: subject, with: evaluator)))
                }
            }
        } catch {
            throw InputError(file: rule.file, line: rule.line, column: 1, "rule '\(rule.id)' failed to evaluate: \(error.message)")
        }
    }

    /// The nodes the context selects: natively when it can, else (or when a function it
    /// calls fails) by libxml2, which then reports the failure as it always has.
    func subjects(of document: XMLDocument, with evaluator: XPathEvaluator) throws(XMLError) -> [XMLNode] {
        if let nativeContext, let nodes = try? nativeContext.nodes(at: document.root) { return nodes }
        return try evaluator.nodes(context, at: document.root)
    }

    /// Whether assertion `index` holds at `subject`: natively when it can, else by libxml2.
    private func holds(_ index: Int, _ test: XPathExpression, at subject: XMLNode,
                       natively natives: NativeExpressionSet.Evaluations, with evaluator: XPathEvaluator) throws(XMLError) -> Bool {
        if let holds = try? natives.boolean(index) { return holds }
        return try evaluator.boolean(test, at: subject)
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
        /// The failures, nil for none. Most evaluations pass and hold no list: an empty one
        /// was retained and released whenever an evaluation was made, copied or let go,
        /// dozens of times a state.
        private var failureList: [Failure]?

        init(subjects: Int = 0, failures: [Failure] = []) {
            self.subjects = subjects
            failureList = failures.isEmpty ? nil : failures
        }

        var failures: [Failure] { failureList ?? [] }
        var hasFailures: Bool { failureList != nil }

        mutating func append(_ failure: Failure) {
            if failureList == nil { failureList = [failure] } else { failureList!.append(failure) }
        }

        /// Adds another part's subjects and failures. Most evaluations are put together from
        /// one part that fails and others that do not: the failing part's list is taken as
        /// it is, where appending it to an empty list made a new one.
        mutating func add(_ other: Evaluation) {
            subjects += other.subjects
            guard let more = other.failureList else { return }
            if failureList == nil { failureList = more } else { failureList! += more }
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
