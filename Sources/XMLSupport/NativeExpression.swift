@preconcurrency internal import CLibXML2

/// An XPath 1.0 expression of a common shape, evaluated in Swift over a document's nodes
/// instead of by libxml2.
///
/// libxml2 reads every attribute an expression compares as a newly allocated string, and
/// calls custom functions through a trampoline that converts their arguments and results:
/// a predicate such as `@x + @width <= /state/environment/@width` costs it thousands of
/// instructions per node. This evaluator reads attributes in place and calls custom
/// functions directly, with XPath 1.0's own semantics (section 3.4 of the recommendation:
/// comparisons of node-sets are existential; string comparisons are byte for byte, as
/// libxml2's `xmlStrEqual`). Strings become numbers as libxml2's `xmlXPathStringEvalNumber`
/// makes them (``LibXML2Number``), which, unlike the recommendation's grammar, also reads
/// an exponent ("1e3" is 1000): the rules see the numbers libxml2 would.
///
/// The shapes are those the bundled rules' contexts and assertions use: location paths of
/// child steps by element name with predicates, `.` and `..`, from the context node or from
/// the root (`/state/environment/@width`), ending in an attribute at most; literals and
/// numbers; `or`, `and`, `=`, `!=`, `<`, `<=`, `>`, `>=`, `+`, `-`, `*`, `div`, `mod`; the
/// core functions `not`, `true`, `false`, `boolean`, `string`, `number`, `count`, `concat`,
/// `starts-with`, `contains`, `normalize-space`, `string-length`, `translate`, `floor` and
/// `ceiling`; and custom functions, their results filtered by predicates and walked from
/// (`ax:next-stop()[@x >= 0]`, `ax:next-stop()/@y`). ``init(_:namespaces:functions:)``
/// returns nil for anything else (other axes, `//`, unions, variables, unary minus,
/// `position()` and `last()`), which is then left to libxml2.
///
/// A part that would be worked out more than once in one evaluation is worked out once,
/// and parts written alike share that value: a part the same at every node of the document
/// (paths from the root, and what core functions and functions registered as the same for
/// every node make of them) in a predicate tested at every element, an assertion that
/// writes `ax:clamp(…)` six times over, or a call written twice outside every predicate
/// (`NativeConstants.swift` says which).
public struct NativeExpression: Sendable {
    private let root: Expression
    /// How many values it works out once per evaluation (``Expression/absolute(_:absoluteIndex:)``
    /// and ``Expression/once(_:index:)``).
    private let constants: Int

    /// The expression `source`, or nil when it is not of a shape this evaluator takes.
    /// `source` must already compile with libxml2 (``XPathExpression``): errors are its to report.
    public init?(_ source: String, namespaces: [String: String], functions: XPathFunctions) {
        var parser = NativeExpressionParser(source: source, namespaces: namespaces, functions: functions)
        guard let root = parser.parse() else { return nil }
        var constants = Expression.Constants(absolutePaths: parser.absolutePaths)
        self.root = root.hoistingConstants(into: &constants)
        self.constants = constants.count
    }

    /// A member of a ``NativeExpressionSet``: its constants are numbered among the set's.
    init(hoisted root: Expression, constants: Int) {
        self.root = root
        self.constants = constants
    }

    /// The nodes the expression selects from `node`, in document order, as
    /// ``XPathEvaluator/nodes(_:at:)`` gives them. Throws when the expression does not give
    /// a node-set of elements there, or a custom function throws: the caller then asks
    /// libxml2, which reports the error as it always has.
    public func nodes(at node: XMLNode) throws(NativeExpressionError) -> [XMLNode] {
        guard node.pointer.isElement else { throw .unsupported }
        let scope = EvaluationScope(document: node.document, constants: constants)
        guard case .elements(let nodes) = try root.value(at: node.pointer, position: 1, size: 1, in: scope) else {
            throw .unsupported
        }
        return nodes.map { XMLNode(document: node.document, pointer: $0) }
    }

    /// `string(expression)` at `node`, as ``XPathEvaluator/string(_:at:)`` gives it: a
    /// finding's message is made of these. Throws when a custom function throws or gives
    /// what the subset does not take.
    public func string(at node: XMLNode) throws(NativeExpressionError) -> String {
        guard node.pointer.isElement else { throw .unsupported }
        return try root.value(at: node.pointer, position: 1, size: 1,
                              in: EvaluationScope(document: node.document, constants: constants)).string
    }

    /// `boolean(expression)` at `node`, as ``XPathEvaluator/boolean(_:at:)`` gives it.
    /// Throws when a custom function throws or gives what the subset does not take.
    public func boolean(at node: XMLNode) throws(NativeExpressionError) -> Bool {
        try boolean(at: node, in: EvaluationScope(document: node.document, constants: constants))
    }

    /// ``boolean(at:)`` with the values worked out once kept in `scope`, which only
    /// evaluations at `node` share.
    func boolean(at node: XMLNode, in scope: EvaluationScope) throws(NativeExpressionError) -> Bool {
        guard node.pointer.isElement else { throw .unsupported }
        return try root.boolean(at: node.pointer, position: 1, size: 1, in: scope)
    }
}

/// Why a native evaluation gave no answer: the caller falls back to libxml2.
public enum NativeExpressionError: Error {
    /// A value or a node the subset does not take (attributes from a function, a
    /// context that is not an element, several nodes where order would need sorting).
    case unsupported
    /// A custom function threw.
    case functionFailed
}

/// A parsed expression of the native subset.
indirect enum Expression: Sendable {
    case literal(String)
    case number(Double)
    /// `@name`: the context node's attribute, at most one node.
    case attribute([UInt8])
    case path(LocationPath)
    /// A path from the root: the same wherever it is evaluated, so worked out once per
    /// evaluation (`absoluteIndex` numbers it among the expression's constants).
    case absolute(LocationPath, absoluteIndex: Int)
    /// A part worked out once per evaluation (``hoistingConstants(into:)``): one the same
    /// wherever in the document it is evaluated (``Summary/isSameForEveryNode``), such as
    /// `floor(ax:clamp(/state/fact[@name = 'pager-offset']/@value, 0, 3))`, which a rule may
    /// write several times over, or one written more than once outside every predicate.
    /// `index` numbers it among the expression's constants, shared by parts written alike.
    case once(Expression, index: Int)
    /// A custom function and its arguments, its result filtered by predicates.
    case call(XPathFunctions.Function, arguments: [Expression], predicates: [Expression])
    /// A path walked from the nodes another expression gives (`ax:next-stop()/@y`).
    case from(Expression, LocationPath)
    case core(CoreFunction, [Expression])
    case or(Expression, Expression)
    case and(Expression, Expression)
    case comparison(Comparison, Expression, Expression)
    case arithmetic(Arithmetic, Expression, Expression)

    /// Each by its XPath symbol.
    enum Comparison: String, Sendable {
        case equal = "=", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    }

    /// Each by its XPath symbol.
    enum Arithmetic: String, Sendable {
        case plus = "+", minus = "-", times = "*", divide = "div", modulo = "mod"
    }

    enum CoreFunction: String, Sendable {
        case not, `true`, `false`, boolean, string, number, concat, count, floor, ceiling, translate
        case startsWith = "starts-with", contains, normalizeSpace = "normalize-space", stringLength = "string-length"
    }

    /// Whether the value is never a number, so that as a predicate it is read as a boolean
    /// and never as a position.
    var isNeverNumber: Bool {
        switch self {
        case .literal, .attribute, .path, .absolute, .from, .or, .and, .comparison: true
        case .once(let expression, _): expression.isNeverNumber
        case .core(let function, _): ![.number, .count, .floor, .ceiling, .stringLength].contains(function)
        case .number, .call, .arithmetic: false
        }
    }
}

/// `step/step/@attribute`, from the context node or the root.
struct LocationPath: Sendable {
    struct Step: Sendable {
        /// The element name, NUL-terminated for libxml2's comparisons; empty for `.` and `..`.
        var name: [UInt8]
        var predicates: [Expression]
        var axis = Axis.child

        enum Axis: Sendable {
            case child
            /// `.`
            case current
            /// `..`
            case parent
        }
    }

    var isAbsolute: Bool
    var steps: [Step]
    /// A last `@name` step: the path selects attributes of the elements.
    var attribute: [UInt8]?
}

/// One evaluation's document and the values of its constants (its absolute paths and the
/// parts kept once per evaluation, ``Expression/once(_:index:)``), once worked out.
final class EvaluationScope {
    let document: XMLDocument
    /// Each constant's value, by its number, once worked out: a list made once for the
    /// evaluation, where a dictionary allocated and hashed for every path.
    var constants: [NativeValue?]

    init(document: XMLDocument, constants: Int) {
        self.document = document
        self.constants = constants == 0 ? [] : Array(repeating: nil, count: constants)
    }
}
extension Expression {
    /// The value at context `node`, which is at `position` of `size` in its context list.
    func value(at node: xmlNodePtr, position: Int, size: Int, in scope: EvaluationScope) throws(NativeExpressionError) -> NativeValue {
        switch self {
        case .literal(let string): return .string(string)
        case .number(let number): return .number(number)
        case .attribute(let name): return .attributes(NativeValue.has(node, name) ? [node] : [], name: name)
        case .path(let path): return try path.value(at: node, in: scope)
        case .absolute(let path, let index):
            if let known = scope.constants[index] { return known }
            let value = try path.value(at: node, in: scope)
            scope.constants[index] = value
            return value
        case .once(let expression, let index):
            if let known = scope.constants[index] { return known }
            let value = try expression.value(at: node, position: position, size: size, in: scope)
            scope.constants[index] = value
            return value
        case .call(let function, let arguments, let predicates):
            var values: [XPathValue] = []
            values.reserveCapacity(arguments.count)
            for argument in arguments {
                let value = try argument.value(at: node, position: position, size: size, in: scope)
                // As libxml2's trampoline converts them (`XPathEvaluationState.call`).
                switch function.arguments {
                case .numbers: values.append(.number(value.number))
                // The trampoline writes a number as `XPathValue` does.
                case .strings:
                    if case .number(let number) = value { values.append(.string(XPathValue.number(number).stringValue)) }
                    else { values.append(.string(value.string)) }
                case .values: values.append(value.xpathValue(in: scope.document))
                }
            }
            let result: XPathValue
            do { result = try function.body(values, XMLNode(document: scope.document, pointer: node)) } catch { throw .functionFailed }
            switch result {
            case .boolean(let value): return .boolean(value)
            case .number(let value): return .number(value)
            case .string(let value): return .string(value)
            case .nodes(let nodes):
                guard nodes.allSatisfy({ $0.pointer.isElement && $0.document === scope.document }) else { throw .unsupported }
                // A filter's positions follow document order, which one node needs no sorting for.
                guard predicates.isEmpty || nodes.count <= 1 else { throw .unsupported }
                // One node, the usual result (`ax:next-stop()[…]`), is kept or dropped without
                // the lists a filter makes.
                if nodes.count == 1 {
                    let only = nodes[0].pointer
                    for predicate in predicates where !(try predicate.keeps(only, position: 1, size: 1, in: scope)) {
                        return .elements([])
                    }
                    return .elements([only])
                }
                return .elements(try Self.filter(nodes.map(\.pointer), by: predicates, in: scope))
            }
        case .from(let base, let path):
            guard case .elements(let nodes) = try base.value(at: node, position: position, size: size, in: scope),
                  nodes.count <= 1 else { throw .unsupported }
            guard let start = nodes.first else { return path.attribute == nil ? .elements([]) : .attributes([], name: path.attribute!) }
            return try path.value(at: start, in: scope)
        case .core(let function, let arguments):
            return try function.value(of: arguments, at: node, position: position, size: size, in: scope)
        case .or, .and, .comparison:
            return .boolean(try boolean(at: node, position: position, size: size, in: scope))
        case .arithmetic:
            return .number(try number(at: node, position: position, size: size, in: scope))
        }
    }

    /// `boolean(value)`, without building the value where the operands are single numbers
    /// or attributes.
    func boolean(at node: xmlNodePtr, position: Int, size: Int, in scope: EvaluationScope) throws(NativeExpressionError) -> Bool {
        switch self {
        case .attribute(let name): return NativeValue.has(node, name)
        case .or(let left, let right):
            if try left.boolean(at: node, position: position, size: size, in: scope) { return true }
            return try right.boolean(at: node, position: position, size: size, in: scope)
        case .and(let left, let right):
            guard try left.boolean(at: node, position: position, size: size, in: scope) else { return false }
            return try right.boolean(at: node, position: position, size: size, in: scope)
        case .core(.not, let arguments):
            return !(try arguments[0].boolean(at: node, position: position, size: size, in: scope))
        case .comparison(let comparison, let left, let right):
            // `@name` against a string or a number: the attribute read in place, none
            // comparing false either way, as for an empty node-set.
            if comparison.isEquality, case .attribute(let name) = left {
                switch right {
                case .literal(let string):
                    guard NativeValue.has(node, name) else { return false }
                    return NativeValue.attribute(of: node, name, is: string) == (comparison == .equal)
                case .number(let number):
                    guard NativeValue.has(node, name) else { return false }
                    return comparison.orders(NativeValue.number(of: node, name), number)
                default: break
                }
            }
            // Relational comparisons of single numbers (an absent attribute reads NaN,
            // which compares false, as an empty node-set does).
            if !comparison.isEquality, let a = try left.singleNumber(at: node, position: position, size: size, in: scope),
               let b = try right.singleNumber(at: node, position: position, size: size, in: scope) {
                return comparison.orders(a, b)
            }
            return comparison.holds(try left.value(at: node, position: position, size: size, in: scope),
                                    try right.value(at: node, position: position, size: size, in: scope))
        default:
            return try value(at: node, position: position, size: size, in: scope).boolean
        }
    }

    /// `number(value)`.
    func number(at node: xmlNodePtr, position: Int, size: Int, in scope: EvaluationScope) throws(NativeExpressionError) -> Double {
        switch self {
        case .number(let number): return number
        case .attribute(let name): return NativeValue.number(of: node, name)
        case .arithmetic(let operation, let left, let right):
            let a = try left.number(at: node, position: position, size: size, in: scope)
            let b = try right.number(at: node, position: position, size: size, in: scope)
            switch operation {
            case .plus: return a + b
            case .minus: return a - b
            case .times: return a * b
            case .divide: return a / b
            case .modulo: return a.truncatingRemainder(dividingBy: b)
            }
        default:
            return try value(at: node, position: position, size: size, in: scope).number
        }
    }

    /// The number a relational comparison reads from this operand when it is one value (a
    /// number, an arithmetic result, an attribute of the context node, a node-set of at most
    /// one node); nil when it may hold several, which compare one by one.
    private func singleNumber(at node: xmlNodePtr, position: Int, size: Int, in scope: EvaluationScope) throws(NativeExpressionError) -> Double? {
        switch self {
        case .number, .attribute, .arithmetic: return try number(at: node, position: position, size: size, in: scope)
        case .absolute, .once:
            let value = try value(at: node, position: position, size: size, in: scope)
            switch value {
            case .elements(let nodes) where nodes.count <= 1: return value.number
            case .attributes(let owners, _) where owners.count <= 1: return value.number
            case .elements, .attributes: return nil
            // One number or string: a relational comparison reads it as a number. A boolean
            // is compared with a node-set as a boolean, so it takes the general way.
            case .number, .string: return value.number
            case .boolean: return nil
            }
        default: return nil
        }
    }

    /// `nodes` kept by every predicate in turn: a number keeps the node at that position,
    /// anything else by its boolean value.
    static func filter(_ nodes: [xmlNodePtr], by predicates: [Expression], in scope: EvaluationScope) throws(NativeExpressionError) -> [xmlNodePtr] {
        var kept = nodes
        for predicate in predicates {
            var survivors: [xmlNodePtr] = []
            survivors.reserveCapacity(kept.count)
            for (index, candidate) in kept.enumerated() {
                if try predicate.keeps(candidate, position: index + 1, size: kept.count, in: scope) { survivors.append(candidate) }
            }
            kept = survivors
        }
        return kept
    }

    /// Whether a predicate keeps `node`: by position when its value is a number.
    func keeps(_ node: xmlNodePtr, position: Int, size: Int, in scope: EvaluationScope) throws(NativeExpressionError) -> Bool {
        if isNeverNumber { return try boolean(at: node, position: position, size: size, in: scope) }
        let value = try value(at: node, position: position, size: size, in: scope)
        if case .number(let number) = value { return number == Double(position) }
        return value.boolean
    }
}

extension LocationPath {
    func value(at node: xmlNodePtr, in scope: EvaluationScope) throws(NativeExpressionError) -> NativeValue {
        var current: [xmlNodePtr]
        var steps = self.steps[...]
        if isAbsolute {
            // The document node's one child element is the root element.
            let root = scope.document.root.pointer
            guard let first = steps.first else { throw .unsupported }
            current = first.matches(root) ? try Expression.filter([root], by: first.predicates, in: scope) : []
            steps = steps.dropFirst()
        } else {
            // An attribute of the context node itself (`ax:next-stop()/@y`), without a list to walk.
            if steps.isEmpty, let attribute {
                return .attributes(NativeValue.has(node, attribute) ? [node] : [], name: attribute)
            }
            current = [node]
        }
        for step in steps {
            // Room for a state's usual children from the start: grown from one, a list of a
            // state's elements was reallocated at every doubling.
            var next: [xmlNodePtr] = []
            next.reserveCapacity(LocationPath.expectedMatches)
            let positional = step.predicates.contains { !$0.isNeverNumber }
            if step.axis != .child {
                // `.` and `..` keep the order of a list of siblings, and neither takes predicates here.
                if step.axis == .parent {
                    var parents: [xmlNodePtr] = []
                    for node in current {
                        guard let parent = node.pointee.parent, parent.isElement else { throw .unsupported }
                        if parents.last != parent { parents.append(parent) }
                    }
                    guard parents.count < 2 || Set(parents).count == parents.count else { throw .unsupported }
                    current = parents
                }
                continue
            }
            for parent in current {
                var matched: [xmlNodePtr] = []
                var child = parent.pointee.children
                while let candidate = child {
                    child = candidate.pointee.next
                    guard step.matches(candidate) else { continue }
                    if positional {
                        matched.append(candidate)
                    } else if try Self.keeps(candidate, by: step.predicates, in: scope) {
                        next.append(candidate)
                    }
                }
                if positional { next += try Expression.filter(matched, by: step.predicates, in: scope) }
            }
            current = next
        }
        guard let attribute else { return .elements(current) }
        return .attributes(current.filter { NativeValue.has($0, attribute) }, name: attribute)
    }

    /// How many nodes a step's list is made to hold at first.
    static let expectedMatches = 16

    /// Whether predicates that never give a number (so read no position) all keep `node`.
    private static func keeps(_ node: xmlNodePtr, by predicates: [Expression], in scope: EvaluationScope) throws(NativeExpressionError) -> Bool {
        for predicate in predicates {
            if !(try predicate.boolean(at: node, position: 0, size: 0, in: scope)) { return false }
        }
        return true
    }
}

extension LocationPath.Step {
    /// An element in no namespace named as the step names it.
    func matches(_ node: xmlNodePtr) -> Bool {
        guard axis == .child, node.isElement, node.pointee.ns == nil, let name = node.pointee.name else { return false }
        return self.name.withUnsafeBufferPointer { sameXMLChars(name, $0.baseAddress!) }
    }
}
