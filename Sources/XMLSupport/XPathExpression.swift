@preconcurrency internal import CLibXML2

/// A compiled XPath 1.0 expression. Compile once, evaluate many times.
///
/// **Not safe to evaluate one instance on several threads at once.**
/// libxml2 2.9.14 writes into the compiled expression while evaluating it:
/// the first time a function call step runs, `xmlXPathCompOpEval` stores the
/// looked-up function in the step (`op->cache = func; op->cacheURI = URI`,
/// case `XPATH_OP_FUNCTION` in xpath.c), unsynchronised. That is a data race
/// between threads, and `cacheURI` points into the namespace table of the
/// context that first ran the step, which may be freed before a later
/// evaluation. (Checked against the installed library: after one evaluation
/// of `count(//b) = 2 and string-length('ab') = 2`, exactly the two function
/// steps of the shared `xmlXPathCompExpr` had changed, each now holding the
/// address of `xmlXPathCountFunction`/`xmlXPathStringLengthFunction`.)
/// So: compile one instance per thread, for example with `copy()`. Handing an
/// instance over to another thread is fine (hence `Sendable`); sharing it
/// between threads that evaluate concurrently is not. Custom functions never
/// read the possibly stale `cacheURI`.
///
/// Compilation also rejects, with the offending position as `column`, calls
/// to functions that are neither XPath 1.0 core functions nor in
/// `functions`, and prefixes missing from `namespaces` (libxml2 would only
/// notice during evaluation). Errors have `line` 0 and `file` "<xpath>": the
/// caller knows where the expression came from.
public final class XPathExpression: @unchecked Sendable {
    /// The expression as written.
    public let source: String
    let compiled: xmlXPathCompExprPtr
    private let namespaces: [String: String]
    private let functions: XPathFunctions

    static let errorFile = "<xpath>"

    /// Compiles `source`, in which prefixes map to URIs per `namespaces` and
    /// functions may come from `functions`. Syntax errors carry the 1-based
    /// column where libxml2 stopped.
    public init(_ source: String, namespaces: [String: String], functions: XPathFunctions) throws(XMLError) {
        LibXML.initialize()
        let compiled = try Self.compile(source)
        do {
            try XPathNameCheck(namespaces: namespaces, functions: functions).check(source)
        } catch {
            xmlXPathFreeCompExpr(compiled)
            throw error
        }
        self.source = source
        self.compiled = compiled
        self.namespaces = namespaces
        self.functions = functions
    }

    private init(checkedSource source: String, namespaces: [String: String], functions: XPathFunctions) {
        self.source = source
        self.compiled = try! Self.compile(source)   // compiled before, so it compiles again
        self.namespaces = namespaces
        self.functions = functions
    }

    deinit {
        xmlXPathFreeCompExpr(compiled)
    }

    /// An independent compilation of the same expression, for another thread.
    public func copy() -> XPathExpression {
        XPathExpression(checkedSource: source, namespaces: namespaces, functions: functions)
    }

    private static func compile(_ source: String) throws(XMLError) -> xmlXPathCompExprPtr {
        if let nul = source.unicodeScalars.firstIndex(of: "\0") {
            let column = source.unicodeScalars.distance(from: source.unicodeScalars.startIndex, to: nul) + 1
            throw XMLError(file: errorFile, line: 0, column: column, message: "NUL character in expression")
        }
        // A throwaway context routes syntax errors to the collector with
        // their offset (`int1`); without a context libxml2 drops the offset.
        guard let context = xmlXPathNewContext(nil) else {
            throw XMLError(file: errorFile, line: 0, column: 0, message: "Cannot create an XPath context")
        }
        defer { xmlXPathFreeContext(context) }
        let collector = ErrorCollector()
        let compiled = collector.capturing { xmlXPathCtxtCompile(context, source) }
        if let compiled, collector.firstError == nil { return compiled }
        if let compiled { xmlXPathFreeCompExpr(compiled) }
        guard let error = collector.firstError else {
            throw XMLError(file: errorFile, line: 0, column: 0, message: "Invalid expression")
        }
        throw XMLError(file: errorFile, line: 0, column: column(ofByteOffset: error.int1, in: source), message: error.message)
    }

    /// libxml2 reports a byte offset into the UTF-8 expression; columns count
    /// Unicode scalars, 1-based.
    private static func column(ofByteOffset offset: Int, in source: String) -> Int {
        let prefix = source.utf8.prefix(max(0, offset))
        return String(decoding: prefix, as: UTF8.self).unicodeScalars.count + 1
    }
}
