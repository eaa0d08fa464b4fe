import XMLSupport

/// What a rule can observe of a state document, worked out from its expressions.
///
/// A rule whose context selects a top-level unit of the document (an `element`, a
/// `transition` or a `scroll`) and whose expressions never leave that unit — apart from
/// the environment and named parameters — gives the same answer for every state in which
/// the unit, the environment and those parameters are the same. Such a rule is *local*
/// and can be evaluated once per distinct unit. Any other rule sees the whole document,
/// or only the kinds of children it names (a rule about elements cannot tell transitions
/// apart). Either way a rule sees only the attributes and the nested elements its
/// expressions name (and those the project's functions read), so two units that differ
/// only in others look the same to it. Memoisation keys on exactly what the footprint
/// says a rule sees.
///
/// The analysis is conservative: anything it cannot place (an axis that leaves the unit,
/// an absolute path other than the environment, a positional predicate in the context,
/// `id()`, a wildcard step or attribute, a function it does not know) widens the
/// footprint, never narrows it.
struct RuleFootprint: Hashable, Sendable {
    enum Scope: Hashable, Sendable {
        /// The top-level unit named (`element`, `transition`, `scroll`).
        case unit(String)
        case document
    }

    var scope: Scope
    /// Parameters (state dimensions) the rule reads; nil when it may read any.
    var parameters: Set<String>?
    /// Whether the rule reads the state's id.
    var readsStateID: Bool
    /// Attributes the rule reads anywhere, naming ones included; nil when it may read any.
    var attributes: Set<String>?
    /// Elements the rule steps to by name (`fact`, `haptic`…); nil when it may reach any.
    var names: Set<String>?
    /// The facts the rule reads, when it reads each by a literal name (`ax:fact('color')`,
    /// `fact[@name = 'count']`); nil when it may read any.
    var factNames: Set<String>?
    /// The kinds of top-level children (`element`, `transition`, `scroll`, `fact`,
    /// `environment`) a document-wide rule names; nil when it may read any.
    var kinds: Set<String>?

    static let childKinds: Set<String> = ["element", "transition", "scroll", "fact", "environment"]

    static let unitNames: Set<String> = ["element", "transition", "scroll"]
    /// Attributes every finding needs to name its subject (`CompiledRule.name(of:)`).
    static let namingAttributes: Set<String> = ["id", "target", "subject", "action"]
    /// What the project's functions read beyond their arguments; a function missing here
    /// may read anything.
    static let functionReads: [String: (attributes: Set<String>, names: Set<String>)] = [
        "has-trait": (["traits"], []), "is-actionable": (["interactive", "traits"], []),
        "fact": (["name", "value"], ["fact"]), "with-fact": (["name", "value"], ["fact"]), "with-attribute": ([], []),
        "param": ([], []),
        "ends-with": ([], []), "lower": ([], []), "contains-word": ([], []), "first-word": ([], []),
        "starts-with-verb": ([], []), "pt": ([], []), "near": ([], []), "clamp": ([], []), "lerp": ([], []),
        "if": ([], []), "contrast": ([], []), "ratio": ([], []), "distinct": ([], []), "first-repeat": ([], []), "mentions-any": ([], []),
        "says-words-of": ([], []), "reads-before": (["x", "y", "width", "height", "direction"], ["environment"]),
    ]
    /// The project's functions that read the context element's siblings, and what they read
    /// of them: a rule calling one sees the document's elements, not only its subject.
    static let functionsReadingSiblings: [String: Set<String>] = [
        "next-stop": ["order"],
    ]
    /// XPath's own functions that read something other than their arguments: `lang()`
    /// reads `xml:lang` on ancestors.
    static let coreFunctionsReadingMore: Set<String> = ["lang"]
    static let leavingAxes: Set<String> = [
        "ancestor", "ancestor-or-self", "parent", "preceding", "following", "preceding-sibling", "following-sibling",
    ]

    init(rule: Rule) {
        let messageSources = rule.assertions.flatMap { MessageTemplate.expressionSources(in: $0.message.value) }
        let sources = [rule.context.value] + rule.assertions.map(\.test.value) + messageSources
        var parameters: Set<String>? = []
        var readsStateID = false
        var kinds: Set<String>? = []
        var attributes: Set<String>? = Self.namingAttributes
        var names: Set<String>? = []
        var factNames: Set<String>? = []
        var local = true

        let context = XPathTokenizer.tokens(of: rule.context.value)
        let depth = Self.unitDepth(of: context, source: rule.context.value)
        if depth == 0 { local = false }
        if Self.hasPositionalPredicate(context, source: rule.context.value) { local = false }

        for source in sources {
            let tokens = XPathTokenizer.tokens(of: source)
            for (index, token) in tokens.enumerated() {
                let next = index + 1 < tokens.count ? tokens[index + 1].kind : nil
                switch token.kind {
                case .at:
                    if case .name(_, let attribute)? = next { attributes?.insert(attribute) } else { attributes = nil }
                case .star:
                    // A wildcard step may reach any kind of child.
                    if index > 0, tokens[index - 1].kind != .at {
                        kinds = nil
                        names = nil
                    }
                case .prefixWildcard:
                    kinds = nil
                    names = nil
                case .dotDot:
                    // One step up from a motion reaches its transition; anything more leaves the unit.
                    if depth < 2 || Self.text(of: tokens, at: index, in: source).hasPrefix("../..") { local = false }
                case .name(let prefix, let name):
                    if next == .axisSeparator {
                        if Self.leavingAxes.contains(name) { local = false }
                        if name == "attribute" {
                            if index + 2 < tokens.count, case .name(_, let attribute) = tokens[index + 2].kind,
                               index + 3 >= tokens.count || tokens[index + 3].kind != .openParen {
                                attributes?.insert(attribute)
                            } else {
                                attributes = nil
                            }
                        }
                    } else if next == .openParen {
                        if prefix == "ax", let reads = Self.functionsReadingSiblings[name] {
                            local = false
                            attributes?.formUnion(reads)
                            kinds?.insert("element")
                            names?.insert("element")
                        } else if prefix == "ax" {
                            if let reads = Self.functionReads[name] {
                                attributes?.formUnion(reads.attributes)
                                names?.formUnion(reads.names)
                                kinds?.formUnion(reads.names.intersection(Self.childKinds))
                            } else {
                                attributes = nil
                                names = nil
                            }
                        } else if prefix != nil || Self.coreFunctionsReadingMore.contains(name) {
                            attributes = nil
                            names = nil
                        } else if name == "node" {
                            names = nil
                        }
                        if prefix == "ax", name == "param" {
                            if index + 3 < tokens.count, case .literal(let parameter) = tokens[index + 2].kind,
                               tokens[index + 3].kind == .closeParen {
                                parameters?.insert(parameter)
                            } else {
                                parameters = nil
                            }
                        } else if prefix == nil, name == "id" {
                            local = false
                        }
                    } else if prefix == nil, name == "param" {
                        parameters = nil
                    } else if prefix == nil, Self.childKinds.contains(name) {
                        kinds?.insert(name)
                        names?.insert(name)
                    } else if prefix == nil, ["node", "comment", "text"].contains(name) {
                        kinds = nil
                        names = nil
                    } else if index == 0 || tokens[index - 1].kind != .at {
                        names?.insert(prefix.map { "\($0):\(name)" } ?? name)
                    }
                    if prefix == "ax", name == "fact" || name == "with-fact" { kinds?.insert("fact") }
                    if prefix == "ax", name == "with-attribute", next == .openParen {
                        // It reads the attribute its second argument names.
                        if let attribute = Self.secondLiteralArgument(tokens, at: index) {
                            attributes?.insert(attribute)
                        } else {
                            attributes = nil
                        }
                    }
                    if prefix == "ax", name == "with-fact", next == .openParen {
                        if let fact = Self.secondLiteralArgument(tokens, at: index) {
                            factNames?.insert(fact)
                        } else {
                            factNames = nil
                        }
                    }
                    if name == "fact", next != .axisSeparator {
                        if let fact = Self.literalFactName(tokens, at: index, prefix: prefix, source: source) {
                            factNames?.insert(fact)
                        } else {
                            factNames = nil
                        }
                    }
                case .symbolOperator where Self.startsAbsolutePath(tokens, at: index, source: source):
                    let path = Self.text(of: tokens, at: index, in: source)
                    if path.hasPrefix("/state/@id") { readsStateID = true }
                    if !(path.hasPrefix("/state/environment/@") && !path.hasPrefix("/state/environment/@*")) {
                        local = false
                    }
                default:
                    break
                }
            }
            if source.contains("../@id") || source.contains("/state/@*") { readsStateID = true }
        }
        if case .name(_, let unit)? = context.first?.kind, local {
            scope = .unit(unit)
        } else {
            scope = .document
        }
        self.parameters = parameters
        self.readsStateID = readsStateID
        self.kinds = kinds
        self.attributes = attributes
        self.names = names
        self.factNames = names == nil ? nil : factNames
    }

    /// How many steps below the state the context's subjects are (`element` 1,
    /// `transition/motion` 2); 0 when the context is not a relative path from a unit.
    private static func unitDepth(of tokens: [XPathTokenizer.Token], source: String) -> Int {
        guard case .name(nil, let first)? = tokens.first?.kind, unitNames.contains(first),
              tokens.count < 2 || tokens[1].kind != .openParen && tokens[1].kind != .axisSeparator else { return 0 }
        var depth = 1
        var nesting = 0
        for (index, token) in tokens.enumerated() {
            switch token.kind {
            case .openBracket, .openParen: nesting += 1
            case .closeBracket, .closeParen: nesting -= 1
            case .symbolOperator where nesting == 0:
                let text = text(of: tokens, at: index, in: source)
                if text.hasPrefix("//") { return 0 }
                if text.hasPrefix("/") { depth += 1 } else { return 0 }
            default:
                if nesting == 0, index > 0, case .name = token.kind, tokens[index - 1].kind != .symbolOperator { return 0 }
            }
        }
        return depth
    }

    /// The name of the fact read at `index`, when it is a literal: `ax:fact('name')` or
    /// `fact[@name = 'name']`; nil for any other use of facts.
    private static func literalFactName(_ tokens: [XPathTokenizer.Token], at index: Int, prefix: String?,
                                        source: String) -> String? {
        func kind(_ offset: Int) -> XPathTokenizer.Kind? {
            index + offset < tokens.count ? tokens[index + offset].kind : nil
        }
        if prefix == "ax" {
            guard kind(1) == .openParen, case .literal(let name)? = kind(2), kind(3) == .closeParen else { return nil }
            return name
        }
        guard prefix == nil, kind(1) == .openBracket, kind(2) == .at, case .name(nil, "name")? = kind(3),
              case .symbolOperator? = kind(4), text(of: tokens, at: index + 4, in: source).hasPrefix("="),
              case .literal(let name)? = kind(5), kind(6) == .closeBracket else { return nil }
        return name
    }

    /// The second argument of the call whose name is at `index`, when it is a literal:
    /// the fact name of `ax:with-fact(nodes, 'name', value)`.
    private static func secondLiteralArgument(_ tokens: [XPathTokenizer.Token], at index: Int) -> String? {
        var nesting = 0
        var position = index + 1
        while position < tokens.count {
            switch tokens[position].kind {
            case .openParen, .openBracket: nesting += 1
            case .closeParen, .closeBracket:
                nesting -= 1
                if nesting == 0 { return nil }
            case .comma where nesting == 1:
                guard position + 2 < tokens.count, case .literal(let name) = tokens[position + 1].kind,
                      tokens[position + 2].kind == .comma else { return nil }
                return name
            default: break
            }
            position += 1
        }
        return nil
    }

    /// `element[1]`, `element[last()]`: a subject chosen by its place among its siblings.
    private static func hasPositionalPredicate(_ tokens: [XPathTokenizer.Token], source: String) -> Bool {
        for (index, token) in tokens.enumerated() {
            if token.kind == .openBracket, index + 1 < tokens.count, tokens[index + 1].kind == .number { return true }
            if case .name(nil, let name) = token.kind, name == "position" || name == "last",
               index + 1 < tokens.count, tokens[index + 1].kind == .openParen { return true }
        }
        return false
    }

    /// Whether the `/` or `//` at `index` starts an absolute location path rather than
    /// separating steps: XPath's rule is that it follows nothing, an opening bracket or
    /// parenthesis, a comma, an operator or an operator name.
    private static func startsAbsolutePath(_ tokens: [XPathTokenizer.Token], at index: Int, source: String) -> Bool {
        guard text(of: tokens, at: index, in: source).hasPrefix("/") else { return false }
        guard index > 0 else { return true }
        switch tokens[index - 1].kind {
        case .openParen, .openBracket, .comma, .symbolOperator, .at, .axisSeparator: return true
        case .name(nil, let name) where ["and", "or", "div", "mod"].contains(name):
            // An operator name only when something that ends an operand precedes it.
            guard index > 1 else { return false }
            switch tokens[index - 2].kind {
            case .at, .axisSeparator, .openParen, .openBracket, .comma, .symbolOperator: return false
            default: return true
            }
        default: return false
        }
    }

    /// The source from a token on, without spaces, for prefix checks.
    private static func text(of tokens: [XPathTokenizer.Token], at index: Int, in source: String) -> String {
        let scalars = source.unicodeScalars
        let start = scalars.index(scalars.startIndex, offsetBy: tokens[index].offset)
        // Only the first 40 are read: the rest of an expression is not scanned.
        var text = String.UnicodeScalarView()
        var count = 0
        for scalar in scalars[start...] where scalar != " " {
            text.append(scalar)
            count += 1
            if count == 40 { break }
        }
        return String(text)
    }
}
