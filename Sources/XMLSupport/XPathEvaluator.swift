@preconcurrency internal import CLibXML2

/// Evaluates compiled expressions over one document.
///
/// Owns a libxml2 XPath context, which is mutable state: not thread-safe,
/// use one evaluator per thread (and, see `XPathExpression`, one compiled
/// expression per thread). Every failure, including errors thrown by custom
/// functions and wrong argument counts, comes back as an `XMLError` (file
/// "<xpath>", line and column 0; the caller knows better).
///
/// Each evaluation points the context at the given node *and its document*,
/// so an evaluator may also be reused for nodes of other documents. That is
/// the cheap way to run many small documents: creating a libxml2 XPath
/// context registers all core functions in a fresh hash table (about 3 µs,
/// several times the cost of a simple boolean evaluation).
public final class XPathEvaluator {
    private let context: xmlXPathContextPtr
    private let state: XPathEvaluationState

    /// `namespaces` and `functions` should be those the expressions were
    /// compiled with. `document` is where evaluation starts out; the
    /// evaluator keeps it alive.
    public init(document: XMLDocument, namespaces: [String: String], functions: XPathFunctions) {
        LibXML.initialize()
        guard let context = xmlXPathNewContext(document.pointer) else {
            fatalError("libxml2 could not allocate an XPath context")
        }
        self.context = context
        self.state = XPathEvaluationState(document: document, namespaces: namespaces, functions: functions)
        state.collector.capturing {
            for (prefix, uri) in namespaces {
                _ = xmlXPathRegisterNs(context, prefix, uri)
            }
        }
        // libxml2 asks this lookup for every prefixed function it has not yet
        // resolved; it answers with the trampoline for registered names.
        xmlXPathRegisterFuncLookup(context, lookUpXPathFunction, Unmanaged.passUnretained(state).toOpaque())
        // Reuse the intermediate objects of evaluations (node-sets, numbers, strings)
        // instead of allocating and freeing them each time: libxml2's default sizes.
        xmlXPathContextSetCache(context, 1, -1, 0)
    }

    deinit {
        xmlXPathFreeContext(context)
    }

    /// The value of `expression` with `node` as context node.
    public func evaluate(_ expression: XPathExpression, at node: XMLNode) throws(XMLError) -> XPathValue {
        let object = try checked(run(at: node) { xmlXPathCompiledEval(expression.compiled, context) })
        defer { xmlXPathFreeObject(object) }
        return XPathObjects.value(of: object, in: node.document)
    }

    /// `boolean(expression)`, evaluated without building a result object
    /// (node-sets stop at their first node).
    public func boolean(_ expression: XPathExpression, at node: XMLNode) throws(XMLError) -> Bool {
        let result = run(at: node) { xmlXPathCompiledEvalToBoolean(expression.compiled, context) }
        if let error = state.takeError() { throw error }
        guard result >= 0 else { throw XPathEvaluationState.failure("XPath evaluation failed") }
        return result != 0
    }

    /// `string(expression)`.
    public func string(_ expression: XPathExpression, at node: XMLNode) throws(XMLError) -> String {
        let object = try checked(run(at: node) { xmlXPathCompiledEval(expression.compiled, context) })
        defer { xmlXPathFreeObject(object) }
        return XPathObjects.string(of: object, in: node.document)
    }

    /// The node-set `expression` selects; any other result type is an error.
    public func nodes(_ expression: XPathExpression, at node: XMLNode) throws(XMLError) -> [XMLNode] {
        let object = try checked(run(at: node) { xmlXPathCompiledEval(expression.compiled, context) })
        defer { xmlXPathFreeObject(object) }
        guard object.pointee.type == XPATH_NODESET else {
            let kind = XPathObjects.value(of: object, in: node.document)
            throw XPathEvaluationState.failure("Expression '\(expression.source)' gives a \(kind.typeName), not a node-set")
        }
        return XPathObjects.nodes(of: object, in: node.document)
    }

    /// Points the context at `node` and runs `body` with this thread's
    /// libxml2 errors collected.
    @inline(__always)
    private func run<R>(at node: XMLNode, _ body: () -> R) -> R {
        state.begin(document: node.document)
        context.pointee.doc = node.document.pointer
        context.pointee.node = node.pointer
        return withExtendedLifetime(node) { state.collector.capturing(body) }
    }

    private func checked(_ object: xmlXPathObjectPtr?) throws(XMLError) -> xmlXPathObjectPtr {
        if let error = state.takeError() {
            if let object { xmlXPathFreeObject(object) }
            throw error
        }
        guard let object else { throw XPathEvaluationState.failure("XPath evaluation gave no result") }
        return object
    }
}

extension XPathValue {
    var typeName: String {
        switch self {
        case .nodes: "node-set"
        case .boolean: "boolean"
        case .number: "number"
        case .string: "string"
        }
    }
}
