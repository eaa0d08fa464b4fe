/// The parts of a native expression worked out once per evaluation
/// (``Expression/once(_:index:)``), chosen when the expression is parsed.
///
/// A part is kept when it would otherwise be worked out more than once per evaluation:
/// - a part the same for every node of the document (``Summary/isSameForEveryNode``) that is
///   written more than once (a rule may write `ax:clamp(…)` six times over), all its
///   writings sharing one value, or that lies inside a predicate, which is tested at every
///   node;
/// - a part that reads the context node but lies outside every predicate, written more than
///   once there, and that walks a path or calls a function
///   (`ax:with-attribute(../element, 'id', …)` for its `@x` and its `@width`): outside
///   predicates the context is the node the evaluation starts at.
///
/// Any other part is left as it is: keeping its value would cost more than working it out.
/// Paths from the root, kept already, share their numbers when written alike. Both passes
/// work each part out from its parts' summaries, so choosing costs time in proportion to
/// the expression's length.
extension Expression {
    /// What choosing needs to know of a part.
    struct Summary {
        /// The part as written, in a form equal for equal parts and for no others.
        var fingerprint: String
        /// Whether the value is the same wherever in one document the part is evaluated:
        /// it reads no context node, only literals, paths from the root, core functions of
        /// those and calls of functions the same for every node
        /// (``XPathFunctions/Function/sameForEveryNode``). A call's predicates and a path
        /// walked from a call read the nodes the call gives, which are then the same too.
        /// The subset has no `position()` or `last()`.
        var isSameForEveryNode: Bool
        /// Whether working the part out walks a path or calls a function.
        var walksOrCalls: Bool

        /// The key a part that reads the context node is counted and kept under outside
        /// every predicate: apart from the same writing inside a predicate, where the
        /// context is another node.
        var atStartKey: String { "start " + fingerprint }

        /// Whether the part is worth keeping at all: literals, numbers and attributes of
        /// the context node cost nothing to read again, paths from the root are kept already.
        var isTrivial = false
    }

    /// The values an expression works out once per evaluation, numbered; parts written
    /// alike share a number.
    struct Constants {
        /// The numbers given so far: the parser's absolute paths, then the parts kept.
        private(set) var count: Int
        private var numbers: [String: Int] = [:]

        init(absolutePaths: Int) { count = absolutePaths }

        /// The number of the part filed under `key`: the first one given it, else `number`
        /// (a path from the root's own), else a new one.
        mutating func number(for key: String, else number: Int?) -> Int {
            if let known = numbers[key] { return known }
            let given = number ?? count
            if number == nil { count += 1 }
            numbers[key] = given
            return given
        }
    }

    /// The expression with the parts worth keeping worked out once, numbered in `constants`.
    func hoistingConstants(into constants: inout Constants) -> Expression {
        Self.hoistingConstants(of: [self], into: &constants)[0]
    }

    /// Expressions evaluated at one node one after another, each with the parts worth
    /// keeping worked out once for all of them: a part written in two of them is written
    /// more than once, and both share its number in `constants`. Their paths from the root
    /// must be numbered apart (``NativeExpressionParser``'s `firstAbsoluteIndex`).
    static func hoistingConstants(of roots: [Expression], into constants: inout Constants) -> [Expression] {
        var written: [String: Int] = [:]
        for root in roots { _ = root.summary(counting: &written, inPredicate: false) }
        return roots.map { $0.hoisting(into: &constants, written: written, inPredicate: false).expression }
    }

    /// The part's summary, each part worth keeping counted in `written`: by fingerprint
    /// when it is the same for every node, by ``Summary/atStartKey`` outside predicates.
    private func summary(counting written: inout [String: Int], inPredicate: Bool) -> Summary {
        let summary = summarised { part, inOwnPredicate in
            part.summary(counting: &written, inPredicate: inPredicate || inOwnPredicate)
        }
        guard !summary.isTrivial else { return summary }
        if summary.isSameForEveryNode {
            written[summary.fingerprint, default: 0] += 1
        } else if !inPredicate {
            written[summary.atStartKey, default: 0] += 1
        }
        return summary
    }

    private func hoisting(into constants: inout Constants, written: [String: Int],
                          inPredicate: Bool) -> (expression: Expression, summary: Summary) {
        var parts: [Expression] = []
        let summary = summarised { part, inOwnPredicate in
            let (hoisted, summary) = part.hoisting(into: &constants, written: written, inPredicate: inPredicate || inOwnPredicate)
            parts.append(hoisted)
            return summary
        }
        var rebuilt = rebuilding(from: parts)
        if case .absolute(let path, let index) = rebuilt {
            rebuilt = .absolute(path, absoluteIndex: constants.number(for: summary.fingerprint, else: index))
        }
        guard !summary.isTrivial else { return (rebuilt, summary) }
        if summary.isSameForEveryNode {
            guard inPredicate || written[summary.fingerprint, default: 0] > 1 else { return (rebuilt, summary) }
            return (.once(rebuilt, index: constants.number(for: summary.fingerprint, else: nil)), summary)
        }
        guard !inPredicate, summary.walksOrCalls, written[summary.atStartKey, default: 0] > 1 else { return (rebuilt, summary) }
        return (.once(rebuilt, index: constants.number(for: summary.atStartKey, else: nil)), summary)
    }

    /// The part's summary from its parts', each asked of `part` in the order
    /// ``rebuilding(from:)`` takes them back, with whether it lies in this part's own
    /// predicate (a call's or a path step's).
    private func summarised(_ part: (Expression, _ inOwnPredicate: Bool) -> Summary) -> Summary {
        func list(_ summaries: [Summary]) -> String { summaries.map(\.fingerprint).joined(separator: ",") }
        func pair(_ symbol: String, _ left: Expression, _ right: Expression) -> Summary {
            let (a, b) = (part(left, false), part(right, false))
            return Summary(fingerprint: symbol + "(" + a.fingerprint + "," + b.fingerprint + ")",
                           isSameForEveryNode: a.isSameForEveryNode && b.isSameForEveryNode,
                           walksOrCalls: a.walksOrCalls || b.walksOrCalls)
        }
        switch self {
        case .literal(let string):
            return Summary(fingerprint: "'" + String(string.utf8.count) + ":" + string, isSameForEveryNode: true,
                           walksOrCalls: false, isTrivial: true)
        case .number(let number):
            return Summary(fingerprint: "#" + String(number.bitPattern), isSameForEveryNode: true, walksOrCalls: false,
                           isTrivial: true)
        case .attribute(let name):
            return Summary(fingerprint: "@" + String(decoding: name, as: UTF8.self), isSameForEveryNode: false,
                           walksOrCalls: false, isTrivial: true)
        case .absolute(let path, _):
            // Its predicates are read from the root's nodes, whatever the context.
            return Summary(fingerprint: path.fingerprint(\.plainSummary), isSameForEveryNode: true, walksOrCalls: false,
                           isTrivial: true)
        case .path(let path):
            return Summary(fingerprint: path.fingerprint { part($0, true) }, isSameForEveryNode: false, walksOrCalls: true)
        case .once(let expression, _):
            return expression.summarised(part)
        case .call(let function, let arguments, let predicates):
            let argumentSummaries = arguments.map { part($0, false) }
            let predicateSummaries = predicates.map { part($0, true) }
            // Marked apart from a core function of the same local name (`ax:concat`, `concat`).
            return Summary(fingerprint: "f:" + function.name + "(" + list(argumentSummaries) + ")[" + list(predicateSummaries) + "]",
                           isSameForEveryNode: function.sameForEveryNode && argumentSummaries.allSatisfy(\.isSameForEveryNode),
                           walksOrCalls: true)
        case .from(let base, let path):
            let baseSummary = part(base, false)
            return Summary(fingerprint: "(" + baseSummary.fingerprint + ")" + path.fingerprint { part($0, true) },
                           isSameForEveryNode: baseSummary.isSameForEveryNode, walksOrCalls: true)
        case .core(let function, let arguments):
            let summaries = arguments.map { part($0, false) }
            return Summary(fingerprint: function.rawValue + "(" + list(summaries) + ")",
                           isSameForEveryNode: summaries.allSatisfy(\.isSameForEveryNode),
                           walksOrCalls: summaries.contains(where: \.walksOrCalls))
        case .or(let left, let right): return pair("or", left, right)
        case .and(let left, let right): return pair("and", left, right)
        case .comparison(let comparison, let left, let right): return pair(comparison.rawValue, left, right)
        case .arithmetic(let operation, let left, let right): return pair(operation.rawValue, left, right)
        }
    }

    /// The part's summary, nothing counted or kept: for the predicates of paths from the
    /// root, which are never kept apart from their paths.
    private var plainSummary: Summary { summarised { part, _ in part.plainSummary } }

    /// The part with its parts replaced by `parts`, in ``summarised(_:)``'s order.
    private func rebuilding(from parts: [Expression]) -> Expression {
        var next = parts.makeIterator()
        func take() -> Expression { next.next()! }
        switch self {
        case .literal, .number, .attribute, .absolute: return self
        case .once(let expression, let index): return .once(expression.rebuilding(from: parts), index: index)
        case .path(let path): return .path(path.replacingPredicates(take))
        case .call(let function, let arguments, let predicates):
            return .call(function, arguments: arguments.map { _ in take() }, predicates: predicates.map { _ in take() })
        case .from(_, let path):
            let base = take()
            return .from(base, path.replacingPredicates(take))
        case .core(let function, let arguments): return .core(function, arguments.map { _ in take() })
        case .or: return .or(take(), take())
        case .and: return .and(take(), take())
        case .comparison(let comparison, _, _): return .comparison(comparison, take(), take())
        case .arithmetic(let operation, _, _): return .arithmetic(operation, take(), take())
        }
    }
}

extension LocationPath {
    /// The path as written, its predicates' forms given by `predicate`, step by step.
    fileprivate func fingerprint(_ predicate: (Expression) -> Expression.Summary) -> String {
        var text = isAbsolute ? "/" : ""
        for step in steps {
            switch step.axis {
            case .child: text += String(decoding: step.name.dropLast(), as: UTF8.self)
            case .current: text += "."
            case .parent: text += ".."
            }
            for expression in step.predicates { text += "[" + predicate(expression).fingerprint + "]" }
            text += "/"
        }
        if let attribute { text += "@" + String(decoding: attribute, as: UTF8.self) }
        return text
    }

    /// The path with each predicate replaced by the next of `next`, step by step.
    fileprivate func replacingPredicates(_ next: () -> Expression) -> LocationPath {
        var path = self
        for index in path.steps.indices {
            path.steps[index].predicates = path.steps[index].predicates.map { _ in next() }
        }
        return path
    }
}
