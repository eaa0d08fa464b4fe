/// Expressions evaluated at one node one after another (a rule's assertions at its
/// subject), compiled together so that the parts they write alike are worked out once for
/// all of them, as ``NativeExpression`` works out once the parts one expression writes more
/// than once. TopTabs' indicator rule finds the same tabs, at the same pager offset, in its
/// test of the indicator's x and in that of its width.
public struct NativeExpressionSet: Sendable {
    /// Each source's expression, in order; nil where it is not of a shape ``NativeExpression``
    /// takes. Evaluated alone, each works its parts out for itself.
    public let members: [NativeExpression?]
    /// How many values the members work out once per node, numbered among them all.
    private let constants: Int
    /// Whether any source is native: a set with none keeps nothing, and makes no scope.
    private let hasMembers: Bool

    /// `sources` must already compile with libxml2 (``XPathExpression``).
    public init(_ sources: [String], namespaces: [String: String], functions: XPathFunctions) {
        var roots: [Expression?] = []
        // Each member's paths from the root are numbered past the ones before; parts written
        // alike then share the first one's number.
        var absolutePaths = 0
        for source in sources {
            var parser = NativeExpressionParser(source: source, namespaces: namespaces, functions: functions,
                                                firstAbsoluteIndex: absolutePaths)
            let root = parser.parse()
            if root != nil { absolutePaths += parser.absolutePaths }
            roots.append(root)
        }
        var constants = Expression.Constants(absolutePaths: absolutePaths)
        var hoisted = Expression.hoistingConstants(of: roots.compactMap { $0 }, into: &constants).makeIterator()
        let count = constants.count
        members = roots.map { root in root.map { _ in NativeExpression(hoisted: hoisted.next()!, constants: count) } }
        self.constants = count
        hasMembers = members.contains { $0 != nil }
    }

    /// The members' evaluations at `node`, sharing what they work out: one for each node,
    /// since a part read from the node is worked out for it alone.
    public func evaluations(at node: XMLNode) -> Evaluations {
        let scope = hasMembers ? EvaluationScope(document: node.document, constants: constants) : nil
        return Evaluations(node: node, scope: scope, members: members)
    }

    /// The members evaluated at one node.
    public struct Evaluations {
        private let node: XMLNode
        private let scope: EvaluationScope?
        private let members: [NativeExpression?]

        fileprivate init(node: XMLNode, scope: EvaluationScope?, members: [NativeExpression?]) {
            self.node = node
            self.scope = scope
            self.members = members
        }

        /// `boolean(member)` at the node, as ``NativeExpression/boolean(at:)`` gives it.
        /// Throws as that does, and for a member that is not native: the caller then asks
        /// libxml2.
        public func boolean(_ member: Int) throws(NativeExpressionError) -> Bool {
            guard let expression = members[member], let scope else { throw .unsupported }
            return try expression.boolean(at: node, in: scope)
        }
    }
}
