/// Reads an expression of ``NativeExpression``'s subset by recursive descent over XPath
/// 1.0's grammar (OrExpr down to PathExpr); nil at the first construct outside it.
struct NativeExpressionParser {
    private let scalars: [Unicode.Scalar]
    private let tokens: [XPathTokenizer.Token]
    private let namespaces: [String: String]
    private let functions: XPathFunctions
    private var index = 0
    /// How many paths from the root the expression holds, numbered in the order met.
    private(set) var absolutePaths = 0
    /// The number of the first: past those of expressions parsed before it to share their
    /// values (``NativeExpressionSet``).
    private let firstAbsoluteIndex: Int

    init(source: String, namespaces: [String: String], functions: XPathFunctions, firstAbsoluteIndex: Int = 0) {
        self.firstAbsoluteIndex = firstAbsoluteIndex
        scalars = Array(source.unicodeScalars)
        tokens = XPathTokenizer.tokens(of: source)
        self.namespaces = namespaces
        self.functions = functions
    }

    mutating func parse() -> Expression? {
        guard let expression = parseOr(), index == tokens.count else { return nil }
        return expression
    }

    // MARK: Operators, loosest first

    private mutating func parseOr() -> Expression? {
        guard var left = parseAnd() else { return nil }
        while isOperatorName("or") {
            index += 1
            guard let right = parseAnd() else { return nil }
            left = .or(left, right)
        }
        return left
    }

    private mutating func parseAnd() -> Expression? {
        guard var left = parseEquality() else { return nil }
        while isOperatorName("and") {
            index += 1
            guard let right = parseEquality() else { return nil }
            left = .and(left, right)
        }
        return left
    }

    private mutating func parseEquality() -> Expression? {
        guard var left = parseRelational() else { return nil }
        while let comparison = [("=", Expression.Comparison.equal), ("!=", .notEqual)].first(where: { isSymbol($0.0) })?.1 {
            index += 1
            guard let right = parseRelational() else { return nil }
            left = .comparison(comparison, left, right)
        }
        return left
    }

    private mutating func parseRelational() -> Expression? {
        guard var left = parseAdditive() else { return nil }
        let comparisons: [(String, Expression.Comparison)] = [("<", .less), ("<=", .lessOrEqual), (">", .greater), (">=", .greaterOrEqual)]
        while let comparison = comparisons.first(where: { isSymbol($0.0) })?.1 {
            index += 1
            guard let right = parseAdditive() else { return nil }
            left = .comparison(comparison, left, right)
        }
        return left
    }

    private mutating func parseAdditive() -> Expression? {
        guard var left = parseMultiplicative() else { return nil }
        while let operation = [("+", Expression.Arithmetic.plus), ("-", .minus)].first(where: { isSymbol($0.0) })?.1 {
            index += 1
            guard let right = parseMultiplicative() else { return nil }
            left = .arithmetic(operation, left, right)
        }
        return left
    }

    private mutating func parseMultiplicative() -> Expression? {
        guard var left = parsePrimary() else { return nil }
        while true {
            let operation: Expression.Arithmetic
            if kind == .star { operation = .times } else if isOperatorName("div") { operation = .divide }
            else if isOperatorName("mod") { operation = .modulo } else { break }
            index += 1
            guard let right = parsePrimary() else { return nil }
            left = .arithmetic(operation, left, right)
        }
        return left
    }

    // MARK: Operands

    private mutating func parsePrimary() -> Expression? {
        guard let kind else { return nil }
        switch kind {
        case .literal(let string):
            index += 1
            return .literal(string)
        case .number:
            let text = numberText(at: tokens[index].offset)
            index += 1
            return .number(NativeValue.number(of: text))
        case .openParen:
            index += 1
            guard let inner = parseOr(), self.kind == .closeParen else { return nil }
            index += 1
            // `(…)[…]` and `(…)/…` filter or walk from a node-set: left to libxml2.
            guard self.kind != .openBracket, !isSymbol("/"), !isSymbol("//") else { return nil }
            return inner
        case .name(let prefix, let local) where index + 1 < tokens.count && tokens[index + 1].kind == .openParen:
            return parseCall(prefix: prefix, local: local)
        case .symbolOperator where isSymbol("/"):
            index += 1
            return parsePath(isAbsolute: true)
        case .name(nil, _), .at, .dot, .dotDot:
            return parsePath(isAbsolute: false)
        default:
            return nil
        }
    }

    private mutating func parseCall(prefix: String?, local: String) -> Expression? {
        index += 2
        var arguments: [Expression] = []
        if kind != .closeParen {
            while true {
                guard let argument = parseOr() else { return nil }
                arguments.append(argument)
                if kind == .comma { index += 1 } else { break }
            }
        }
        guard kind == .closeParen else { return nil }
        index += 1
        guard let prefix else {
            guard let function = Expression.CoreFunction(rawValue: local), function.arity.contains(arguments.count),
                  kind != .openBracket, !isSymbol("/"), !isSymbol("//") else { return nil }
            return .core(function, arguments)
        }
        guard namespaces[prefix] == functions.namespaceURI, let function = functions.function(named: local),
              function.arity.contains(arguments.count) else { return nil }
        var predicates: [Expression] = []
        while kind == .openBracket {
            guard let predicate = parsePredicate() else { return nil }
            predicates.append(predicate)
        }
        let call = Expression.call(function, arguments: arguments, predicates: predicates)
        guard isSymbol("/") else { return isSymbol("//") ? nil : call }
        index += 1
        switch parsePath(isAbsolute: false) {
        case .attribute(let name): return .from(call, LocationPath(isAbsolute: false, steps: [], attribute: name))
        case .path(let path): return .from(call, path)
        default: return nil
        }
    }

    /// Child steps by element name, each with predicates, and an attribute step at most at
    /// the end.
    private mutating func parsePath(isAbsolute: Bool) -> Expression? {
        var steps: [LocationPath.Step] = []
        var attribute: [UInt8]?
        while true {
            if kind == .at {
                index += 1
                guard case .name(nil, let local) = kind else { return nil }
                index += 1
                attribute = Array(local.utf8) + [0]
                guard kind != .openBracket, !isSymbol("/"), !isSymbol("//") else { return nil }
                break
            }
            if kind == .dot || kind == .dotDot {
                steps.append(LocationPath.Step(name: [], predicates: [], axis: kind == .dot ? .current : .parent))
                index += 1
                guard isSymbol("/") else { break }
                index += 1
                continue
            }
            guard case .name(nil, let local) = kind,
                  index + 1 >= tokens.count || (tokens[index + 1].kind != .openParen && tokens[index + 1].kind != .axisSeparator)
            else { return nil }
            index += 1
            var predicates: [Expression] = []
            while kind == .openBracket {
                guard let predicate = parsePredicate() else { return nil }
                predicates.append(predicate)
            }
            steps.append(LocationPath.Step(name: Array(local.utf8) + [0], predicates: predicates))
            guard isSymbol("/") else { break }
            index += 1
        }
        guard !isSymbol("//"), !(isAbsolute && steps.isEmpty) else { return nil }
        let path = LocationPath(isAbsolute: isAbsolute, steps: steps, attribute: attribute)
        if isAbsolute {
            absolutePaths += 1
            return .absolute(path, absoluteIndex: firstAbsoluteIndex + absolutePaths - 1)
        }
        if steps.isEmpty, let attribute { return .attribute(attribute) }
        return .path(path)
    }

    private mutating func parsePredicate() -> Expression? {
        index += 1
        guard let predicate = parseOr(), kind == .closeBracket else { return nil }
        index += 1
        return predicate
    }

    // MARK: Tokens

    private var kind: XPathTokenizer.Kind? { index < tokens.count ? tokens[index].kind : nil }

    /// A name where an operator stands: after an operand, `and`, `or`, `div` and `mod` are operators.
    private func isOperatorName(_ name: String) -> Bool {
        kind == .name(prefix: nil, local: name)
    }

    private func isSymbol(_ symbol: String) -> Bool {
        guard kind == .symbolOperator else { return false }
        return symbolText(at: tokens[index].offset) == symbol
    }

    /// The operator at `offset`, read as the tokenizer read it.
    private func symbolText(at offset: Int) -> String {
        let first = scalars[offset]
        let next = offset + 1 < scalars.count ? scalars[offset + 1] : nil
        if ("<>!".unicodeScalars.contains(first) && next == "=") || (first == "/" && next == "/") {
            return String(String.UnicodeScalarView([first, next!]))
        }
        return String(first)
    }

    private func numberText(at offset: Int) -> String {
        var text = String.UnicodeScalarView()
        var position = offset
        while position < scalars.count, ("0"..."9").contains(scalars[position]) || scalars[position] == "." {
            text.append(scalars[position])
            position += 1
        }
        return String(text)
    }
}
