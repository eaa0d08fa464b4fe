/// Checks the names an expression uses before it is ever evaluated.
///
/// libxml2 resolves functions and prefixes only when evaluation reaches them
/// (and then prints to stderr), so a typo in a rule would surface late, or
/// never on documents where that branch is not taken. This check rejects, at
/// compile time, calls to functions that are neither XPath 1.0 core
/// functions nor registered custom ones, and any prefix that is not declared.
struct XPathNameCheck {
    static let coreFunctions: Set<String> = [
        "last", "position", "count", "id", "local-name", "namespace-uri", "name",
        "string", "concat", "starts-with", "contains", "substring-before", "substring-after",
        "substring", "string-length", "normalize-space", "translate",
        "boolean", "not", "true", "false", "lang",
        "number", "sum", "floor", "ceiling", "round",
    ]
    static let nodeTypes: Set<String> = ["node", "text", "comment", "processing-instruction"]
    static let operatorNames: Set<String> = ["and", "or", "mod", "div"]
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    let namespaces: [String: String]
    let functions: XPathFunctions

    func check(_ source: String) throws(XMLError) {
        let tokens = XPathTokenizer.tokens(of: source)
        // XPath 1.0 §3.7: a name is an operator name (and `*` a multiplication)
        // unless it opens the expression or follows `@ :: ( [ ,` or an operator.
        var expectsOperand = true
        for (index, token) in tokens.enumerated() {
            let next = index + 1 < tokens.count ? tokens[index + 1].kind : nil
            switch token.kind {
            case .name(let prefix, let local):
                if !expectsOperand, prefix == nil, Self.operatorNames.contains(local) {
                    expectsOperand = true
                    continue
                }
                if next == .openParen {
                    if prefix != nil || !Self.nodeTypes.contains(local) {
                        try checkFunction(prefix: prefix, local: local, at: token.offset)
                    }
                } else if next != .axisSeparator, let prefix {
                    try checkPrefix(prefix, in: "\(prefix):\(local)", at: token.offset)
                }
                expectsOperand = false
            case .prefixWildcard(let prefix):
                try checkPrefix(prefix, in: "\(prefix):*", at: token.offset)
                expectsOperand = false
            case .variable(let prefix, let local):
                if let prefix {
                    try checkPrefix(prefix, in: "$\(prefix):\(local)", at: token.offset)
                }
                expectsOperand = false
            case .star:
                expectsOperand.toggle()
            case .at, .axisSeparator, .openParen, .openBracket, .comma, .symbolOperator:
                expectsOperand = true
            case .literal, .number, .closeParen, .closeBracket, .dot, .dotDot, .other:
                expectsOperand = false
            }
        }
    }

    private func uri(for prefix: String) -> String? {
        namespaces[prefix] ?? (prefix == "xml" ? Self.xmlNamespace : nil)
    }

    private func checkPrefix(_ prefix: String, in name: String, at offset: Int) throws(XMLError) {
        guard uri(for: prefix) == nil else { return }
        throw failure("Undeclared namespace prefix '\(prefix)' in '\(name)'; \(declaredPrefixes)", at: offset)
    }

    private func checkFunction(prefix: String?, local: String, at offset: Int) throws(XMLError) {
        guard let prefix else {
            guard !Self.coreFunctions.contains(local) else { return }
            let known = Self.coreFunctions.sorted().joined(separator: ", ")
            throw failure("Unknown function '\(local)()'; the XPath 1.0 functions are: \(known)", at: offset)
        }
        guard let uri = uri(for: prefix) else {
            throw failure("Undeclared namespace prefix '\(prefix)' in function '\(prefix):\(local)()'; \(declaredPrefixes)", at: offset)
        }
        if uri == functions.namespaceURI, functions.function(named: local) != nil { return }
        let names = uri == functions.namespaceURI ? functions.names : []
        let known = names.isEmpty
            ? "no functions are known in namespace '\(uri)'"
            : "the functions in namespace '\(uri)' are: " + names.map { "\(prefix):\($0)" }.joined(separator: ", ")
        throw failure("Unknown function '\(prefix):\(local)()'; \(known)", at: offset)
    }

    private var declaredPrefixes: String {
        namespaces.isEmpty ? "no prefixes are declared" : "declared prefixes: " + namespaces.keys.sorted().joined(separator: ", ")
    }

    private func failure(_ message: String, at offset: Int) -> XMLError {
        XMLError(file: XPathExpression.errorFile, line: 0, column: offset + 1, message: message)
    }
}
