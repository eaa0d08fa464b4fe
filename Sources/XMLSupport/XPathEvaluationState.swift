@preconcurrency internal import CLibXML2

/// What the C callbacks of one evaluator need: its custom functions, the
/// document being evaluated, and where to put errors. libxml2 holds an
/// unretained pointer to it (`funcLookupData`); the evaluator keeps it alive.
final class XPathEvaluationState {
    let functions: XPathFunctions
    private let namespaces: [String: String]
    let collector = ErrorCollector()
    private(set) var document: XMLDocument
    /// An error raised by a custom function call, which says more than the
    /// generic libxml2 error it turns into.
    private var pendingError: XMLError?

    init(document: XMLDocument, namespaces: [String: String], functions: XPathFunctions) {
        self.document = document
        self.functions = functions
        self.namespaces = namespaces
    }

    /// How messages name a function: with the prefix bound to its namespace.
    private func displayName(_ name: String) -> String {
        let prefix = namespaces.filter { $0.value == functions.namespaceURI }.keys.sorted().first
        return prefix.map { "\($0):\(name)" } ?? name
    }

    static func failure(_ message: String) -> XMLError {
        XMLError(file: XPathExpression.errorFile, line: 0, column: 0, message: message)
    }

    @inline(__always)
    func begin(document: XMLDocument) {
        if self.document !== document { self.document = document }
        if !collector.errors.isEmpty { collector.errors.removeAll(keepingCapacity: true) }
        pendingError = nil
    }

    /// The first error of the evaluation that just ran, if any.
    func takeError() -> XMLError? {
        if let pendingError { return pendingError }
        guard let error = collector.firstError else { return nil }
        return Self.failure(error.message)
    }

    /// Asked once per function step and compiled expression (libxml2 caches
    /// the answer in the step), so plain string conversions are fine here.
    func provides(_ name: UnsafePointer<xmlChar>, in uri: UnsafePointer<xmlChar>) -> Bool {
        String(cString: uri) == functions.namespaceURI && functions.function(named: String(cString: name)) != nil
    }

    /// Runs the custom function libxml2 is calling: pops its `count`
    /// arguments, calls the closure, pushes the result, or raises an XPath
    /// error and remembers the closure's message.
    func call(_ parser: xmlXPathParserContextPtr, argumentCount count: Int) {
        guard let context = parser.pointee.context else { return }
        let (name, function) = lookUp(context.pointee.function)

        var arguments: [XPathValue] = []
        arguments.reserveCapacity(count)
        for _ in 0..<count {
            guard let object = valuePop(parser) else { break }
            switch function?.arguments ?? .values {
            case .values: arguments.append(XPathObjects.value(of: object, in: document))
            case .numbers: arguments.append(.number(xmlXPathCastToNumber(object)))
            case .strings: arguments.append(.string(XPathObjects.string(of: object, in: document)))
            }
            xmlXPathFreeObject(object)
        }
        arguments.reverse()

        guard let function else {
            return fail(parser, XPATH_UNKNOWN_FUNC_ERROR, "Unknown function '\(displayName(name))()'")
        }
        guard function.arity.contains(count) else {
            return fail(parser, XPATH_INVALID_ARITY, "\(displayName(name))() takes \(Self.describe(function.arity)), not \(count)")
        }
        guard let node = context.pointee.node, node.pointee.type != XML_NAMESPACE_DECL else {
            return fail(parser, XPATH_INVALID_CTXT, "\(displayName(name))() needs an element or other tree node as context node")
        }
        let result: XPathValue
        do {
            result = try function.body(arguments, XMLNode(document: document, pointer: node))
        } catch let error as XMLError {
            return fail(parser, XPATH_EXPR_ERROR, "\(displayName(name))(): \(error.message)")
        } catch {
            return fail(parser, XPATH_EXPR_ERROR, "\(displayName(name))(): \(error)")
        }
        guard let object = XPathObjects.object(for: result, in: document) else {
            return fail(parser, XPATH_INVALID_OPERAND, "\(displayName(name))() returned nodes of another document")
        }
        valuePush(parser, object)
    }

    /// Functions by the name pointer libxml2 passes, which stays the same for a compiled
    /// step: a call then costs no string. The name is checked, so a pointer reused for
    /// another name is never mistaken for it.
    private var called: [UnsafePointer<xmlChar>: (name: String, function: XPathFunctions.Function?)] = [:]

    private func lookUp(_ pointer: UnsafePointer<xmlChar>?) -> (String, XPathFunctions.Function?) {
        guard let pointer else { return ("", nil) }
        if let known = called[pointer],
           known.name.withCString({ xmlStrEqual(UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self), pointer) }) != 0 {
            return known
        }
        let name = String(cString: pointer)
        let entry = (name, functions.function(named: name))
        called[pointer] = entry
        return entry
    }

    private func fail(_ parser: xmlXPathParserContextPtr, _ code: xmlXPathError, _ message: String) {
        if pendingError == nil { pendingError = Self.failure(message) }
        xmlXPathErr(parser, Int32(code.rawValue))
    }

    private static func describe(_ arity: ClosedRange<Int>) -> String {
        let noun = arity.upperBound == 1 ? "argument" : "arguments"
        return arity.lowerBound == arity.upperBound
            ? "\(arity.lowerBound) \(noun)"
            : "\(arity.lowerBound) to \(arity.upperBound) \(noun)"
    }
}

/// libxml2's function lookup hook (`xmlXPathFuncLookupFunc`): the trampoline
/// for a registered name in the custom namespace, nil otherwise so libxml2
/// falls back to its own table (core functions have no namespace).
func lookUpXPathFunction(
    _ data: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?, _ uri: UnsafePointer<xmlChar>?
) -> xmlXPathFunction? {
    guard let data, let name, let uri else { return nil }
    let state = Unmanaged<XPathEvaluationState>.fromOpaque(data).takeUnretainedValue()
    return state.provides(name, in: uri) ? callXPathFunction : nil
}

/// The one C entry point for all custom functions; it finds its evaluator
/// through `funcLookupData` and the function by the name libxml2 is calling
/// (`context->function`). It never reads `context->functionURI`, which may
/// point into a freed context when the step's lookup was cached earlier.
func callXPathFunction(_ parser: xmlXPathParserContextPtr?, _ count: Int32) {
    guard let parser, let context = parser.pointee.context, let data = context.pointee.funcLookupData else { return }
    Unmanaged<XPathEvaluationState>.fromOpaque(data).takeUnretainedValue().call(parser, argumentCount: Int(count))
}
