/// Splits an XPath 1.0 expression into tokens, far enough to tell function
/// calls, node-type tests, axis names, operator names and name tests apart.
/// Runs only on expressions libxml2 has already compiled, so it can be
/// lenient about anything malformed. Public so that callers can reason about
/// what an expression reads (which attributes, which functions, which axes).
public struct XPathTokenizer {
    public enum Kind: Equatable, Sendable {
        case name(prefix: String?, local: String)
        case prefixWildcard(prefix: String)
        case star
        /// A string literal, without its quotes.
        case literal(String)
        case number
        case variable(prefix: String?, local: String)
        case at
        case axisSeparator
        case openParen
        case closeParen
        case openBracket
        case closeBracket
        case comma
        case dot
        case dotDot
        /// `/ // | + - = != < <= > >=`
        case symbolOperator
        case other
    }

    public struct Token: Equatable, Sendable {
        public var kind: Kind
        /// Offset in Unicode scalars from the start of the expression.
        public var offset: Int
    }

    public static func tokens(of source: String) -> [Token] {
        let scalars = Array(source.unicodeScalars)
        var tokens: [Token] = []
        var index = 0

        func peek(_ distance: Int) -> Unicode.Scalar? {
            index + distance < scalars.count ? scalars[index + distance] : nil
        }
        func readNCName() -> String {
            var name = String.UnicodeScalarView()
            while index < scalars.count, isNameCharacter(scalars[index]) {
                name.append(scalars[index])
                index += 1
            }
            return String(name)
        }
        /// Reads `NCName`, `NCName:NCName` or `NCName:*` at `index`.
        func readQName() -> (prefix: String?, local: String, wildcard: Bool) {
            let first = readNCName()
            if peek(0) == ":", let after = peek(1), after != ":" {
                if after == "*" {
                    index += 2
                    return (first, "*", true)
                }
                if isNameStart(after) {
                    index += 1
                    return (first, readNCName(), false)
                }
            }
            return (nil, first, false)
        }

        while index < scalars.count {
            let start = index
            let scalar = scalars[index]
            var kind: Kind
            switch scalar {
            case " ", "\t", "\n", "\r":
                index += 1
                continue
            case "'", "\"":
                index += 1
                var text = String.UnicodeScalarView()
                while index < scalars.count, scalars[index] != scalar {
                    text.append(scalars[index])
                    index += 1
                }
                index += 1
                kind = .literal(String(text))
            case "0"..."9":
                while let next = peek(0), ("0"..."9").contains(next) || next == "." { index += 1 }
                kind = .number
            case ".":
                if let next = peek(1), ("0"..."9").contains(next) {
                    index += 1
                    while let next = peek(0), ("0"..."9").contains(next) { index += 1 }
                    kind = .number
                } else if peek(1) == "." {
                    index += 2
                    kind = .dotDot
                } else {
                    index += 1
                    kind = .dot
                }
            case "$":
                index += 1
                let name = readQName()
                kind = .variable(prefix: name.prefix, local: name.local)
            case "@": index += 1; kind = .at
            case "(": index += 1; kind = .openParen
            case ")": index += 1; kind = .closeParen
            case "[": index += 1; kind = .openBracket
            case "]": index += 1; kind = .closeBracket
            case ",": index += 1; kind = .comma
            case "*": index += 1; kind = .star
            case ":":
                index += peek(1) == ":" ? 2 : 1
                kind = index - start == 2 ? .axisSeparator : .other
            case "/", "<", ">", "!":
                index += (peek(1) == "=" || (scalar == "/" && peek(1) == "/")) ? 2 : 1
                kind = .symbolOperator
            case "|", "+", "-", "=":
                index += 1
                kind = .symbolOperator
            default:
                if isNameStart(scalar) {
                    let name = readQName()
                    kind = name.wildcard ? .prefixWildcard(prefix: name.prefix!) : .name(prefix: name.prefix, local: name.local)
                } else {
                    index += 1
                    kind = .other
                }
            }
            tokens.append(Token(kind: kind, offset: start))
        }
        return tokens
    }

    private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "_": true
        default: scalar.value >= 0xC0 && scalar.value != 0xD7 && scalar.value != 0xF7
        }
    }

    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "0"..."9", "-", ".", "\u{B7}": true
        default: isNameStart(scalar)
        }
    }
}
