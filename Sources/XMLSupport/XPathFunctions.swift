/// Custom XPath functions in one namespace, implemented as Swift closures.
///
/// Expressions call them through a prefix bound to `namespaceURI` (for
/// example `ax:has-trait('button')` with `ax` → that URI).
public struct XPathFunctions: Sendable {
    /// Gets the evaluated arguments, in order, and the context node.
    public typealias Body = @Sendable (_ arguments: [XPathValue], _ contextNode: XMLNode) throws -> XPathValue

    /// What a function's arguments are converted to before its body sees them. Numbers
    /// and strings are converted by libxml2 with XPath's own `number()` and `string()`,
    /// which costs no node values: most functions want a number or a string.
    public enum Arguments: Sendable {
        /// As evaluated: node-sets as nodes.
        case values
        case numbers
        case strings
    }

    struct Function: Sendable {
        var name: String
        var arity: ClosedRange<Int>
        var arguments: Arguments
        /// Whether the result depends on the arguments and the document alone, never on
        /// which of the document's nodes is the context (``register(_:arity:arguments:sameForEveryNode:_:)``).
        var sameForEveryNode = false
        var body: Body
    }

    public let namespaceURI: String
    private(set) var table: [String: Function] = [:]

    public init(namespaceURI: String) {
        self.namespaceURI = namespaceURI
    }

    /// No custom functions: only the XPath 1.0 core library.
    public static var none: XPathFunctions { XPathFunctions(namespaceURI: "") }

    /// Registers (or replaces) the function `name` (a local name, no prefix)
    /// accepting `arity` arguments. A call with another number of arguments,
    /// or a body that throws, makes the evaluation fail with an `XMLError`.
    ///
    /// `sameForEveryNode` says that the body's result depends on its arguments and the
    /// context node's document alone, not on which node of it the context is (`ax:clamp`,
    /// or `ax:param`, which reads the root's parameters): a native evaluation
    /// (``NativeExpression``) then works out a call whose arguments are the same everywhere
    /// once, wherever in the expression it recurs.
    public mutating func register(
        _ name: String,
        arity: ClosedRange<Int>,
        arguments: Arguments = .values,
        sameForEveryNode: Bool = false,
        _ body: @escaping @Sendable (_ arguments: [XPathValue], _ contextNode: XMLNode) throws -> XPathValue
    ) {
        precondition(!name.isEmpty && !name.contains(":"), "XPath function names are local names without prefix")
        table[name] = Function(name: name, arity: arity, arguments: arguments, sameForEveryNode: sameForEveryNode, body: body)
    }

    /// The registered local names, sorted.
    public var names: [String] { table.keys.sorted() }

    func function(named name: String) -> Function? { table[name] }
}
