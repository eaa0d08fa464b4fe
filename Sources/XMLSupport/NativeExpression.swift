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
/// libxml2's `xmlStrEqual`). Strings become numbers through libxml2's own
/// `xmlXPathStringEvalNumber`, which, unlike the recommendation's grammar, also reads an
/// exponent ("1e3" is 1000): the rules see the numbers libxml2 would.
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
public struct NativeExpression: Sendable {
    private let root: Expression

    /// The expression `source`, or nil when it is not of a shape this evaluator takes.
    /// `source` must already compile with libxml2 (``XPathExpression``): errors are its to report.
    public init?(_ source: String, namespaces: [String: String], functions: XPathFunctions) {
        var parser = NativeExpressionParser(source: source, namespaces: namespaces, functions: functions)
        guard let root = parser.parse() else { return nil }
        self.root = root
    }

    /// The nodes the expression selects from `node`, in document order, as
    /// ``XPathEvaluator/nodes(_:at:)`` gives them. Throws when the expression does not give
    /// a node-set of elements there, or a custom function throws: the caller then asks
    /// libxml2, which reports the error as it always has.
    public func nodes(at node: XMLNode) throws(NativeExpressionError) -> [XMLNode] {
        guard node.pointer.isElement else { throw .unsupported }
        let scope = EvaluationScope(document: node.document)
        guard case .elements(let nodes) = try root.value(at: node.pointer, position: 1, size: 1, in: scope) else {
            throw .unsupported
        }
        return nodes.map { XMLNode(document: node.document, pointer: $0) }
    }

    /// `boolean(expression)` at `node`, as ``XPathEvaluator/boolean(_:at:)`` gives it.
    /// Throws when a custom function throws or gives what the subset does not take.
    public func boolean(at node: XMLNode) throws(NativeExpressionError) -> Bool {
        guard node.pointer.isElement else { throw .unsupported }
        return try root.boolean(at: node.pointer, position: 1, size: 1, in: EvaluationScope(document: node.document))
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
    /// evaluation (`absoluteIndex` numbers it among the expression's absolute paths).
    case absolute(LocationPath, absoluteIndex: Int)
    /// A custom function and its arguments, its result filtered by predicates.
    case call(XPathFunctions.Function, arguments: [Expression], predicates: [Expression])
    /// A path walked from the nodes another expression gives (`ax:next-stop()/@y`).
    case from(Expression, LocationPath)
    case core(CoreFunction, [Expression])
    case or(Expression, Expression)
    case and(Expression, Expression)
    case comparison(Comparison, Expression, Expression)
    case arithmetic(Arithmetic, Expression, Expression)

    enum Comparison: Sendable {
        case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual
    }

    enum Arithmetic: Sendable {
        case plus, minus, times, divide, modulo
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

/// One evaluation's document and the values of its absolute paths, once worked out.
final class EvaluationScope {
    let document: XMLDocument
    var absolutes: [Int: NativeValue] = [:]

    init(document: XMLDocument) {
        self.document = document
    }
}

/// A value during evaluation: XPath's four types, node-sets split into elements and the
/// attributes of a list of elements (kept as owner and name, read in place).
enum NativeValue {
    case elements([xmlNodePtr])
    /// The attribute `name` of each owner, every owner having it.
    case attributes([xmlNodePtr], name: [UInt8])
    case string(String)
    case number(Double)
    case boolean(Bool)

    var isNodeSet: Bool {
        switch self {
        case .elements, .attributes: true
        default: false
        }
    }

    var boolean: Bool {
        switch self {
        case .elements(let nodes): !nodes.isEmpty
        case .attributes(let owners, _): !owners.isEmpty
        case .string(let string): !string.utf8.isEmpty
        case .number(let number): !(number.isNaN || number == 0)
        case .boolean(let boolean): boolean
        }
    }

    var number: Double {
        switch self {
        case .elements(let nodes): nodes.first.map { Self.number(of: $0.content) } ?? .nan
        case .attributes(let owners, let name): owners.first.map { Self.number(of: $0, name) } ?? .nan
        case .string(let string): Self.number(of: string)
        case .number(let number): number
        case .boolean(let boolean): boolean ? 1 : 0
        }
    }

    var string: String {
        switch self {
        case .elements(let nodes): nodes.first?.content ?? ""
        case .attributes(let owners, let name): owners.first.map { Self.string(of: $0, name) } ?? ""
        case .string(let string): string
        case .number(let number): Self.string(of: number)
        case .boolean(let boolean): boolean ? "true" : "false"
        }
    }

    /// XPath `string(number)`, as libxml2 writes it.
    static func string(of number: Double) -> String {
        guard let text = xmlXPathCastNumberToString(number) else { return "" }
        defer { cxml_free(text) }
        return String(cString: text)
    }

    /// Each node's string-value, for node-set comparisons.
    var strings: [String] {
        switch self {
        case .elements(let nodes): nodes.map(\.content)
        case .attributes(let owners, let name): owners.map { Self.string(of: $0, name) }
        default: [string]
        }
    }

    /// Each node's string-value as a number.
    var numbers: [Double] {
        switch self {
        case .elements(let nodes): nodes.map { Self.number(of: $0.content) }
        case .attributes(let owners, let name): owners.map { Self.number(of: $0, name) }
        default: [number]
        }
    }

    static func number(of owner: xmlNodePtr, _ name: [UInt8]) -> Double {
        name.withUnsafeBufferPointer { name in
            owner.withNoNamespaceAttribute(name.baseAddress!) { value in
                value.map { xmlXPathStringEvalNumber($0) } ?? .nan
            }
        }
    }

    /// XPath `number(string)`, as libxml2 reads it.
    static func number(of string: String) -> Double {
        string.withCString { xmlXPathStringEvalNumber(UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self)) }
    }

    static func string(of owner: xmlNodePtr, _ name: [UInt8]) -> String {
        name.withUnsafeBufferPointer { name in
            owner.withNoNamespaceAttribute(name.baseAddress!) { value in value.map { String(cString: $0) } ?? "" }
        }
    }

    /// The value as a custom function receives it: node-sets as nodes, in document order.
    func xpathValue(in document: XMLDocument) -> XPathValue {
        switch self {
        case .elements(let nodes): .nodes(nodes.map { XMLNode(document: document, pointer: $0) })
        case .attributes(let owners, let name):
            .nodes(owners.compactMap { owner in
                name.withUnsafeBufferPointer { name in
                    xmlHasNsProp(owner, name.baseAddress!, nil).map {
                        XMLNode(document: document, pointer: UnsafeMutableRawPointer($0).assumingMemoryBound(to: xmlNode.self))
                    }
                }
            })
        case .string(let string): .string(string)
        case .number(let number): .number(number)
        case .boolean(let boolean): .boolean(boolean)
        }
    }

    static func has(_ owner: xmlNodePtr, _ name: [UInt8]) -> Bool {
        name.withUnsafeBufferPointer { name in owner.withNoNamespaceAttribute(name.baseAddress!) { $0 != nil } }
    }

    /// Whether the attribute is present and equals `string` byte for byte, compared in place.
    static func attribute(of owner: xmlNodePtr, _ name: [UInt8], is string: String) -> Bool {
        name.withUnsafeBufferPointer { name in
            owner.withNoNamespaceAttribute(name.baseAddress!) { value in
                guard let value else { return false }
                return string.withCString { xmlStrEqual(value, UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self)) != 0 }
            }
        }
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
            if let known = scope.absolutes[index] { return known }
            let value = try path.value(at: node, in: scope)
            scope.absolutes[index] = value
            return value
        case .call(let function, let arguments, let predicates):
            var values: [XPathValue] = []
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
        case .absolute:
            let value = try value(at: node, position: position, size: size, in: scope)
            switch value {
            case .elements(let nodes) where nodes.count <= 1: return value.number
            case .attributes(let owners, _) where owners.count <= 1: return value.number
            default: return nil
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
            current = [node]
        }
        for step in steps {
            var next: [xmlNodePtr] = []
            let positional = step.predicates.contains { !$0.isNeverNumber }
            if step.axis != .child {
                // `.` and `..` keep the order of a list of siblings, and neither takes predicates here.
                if step.axis == .parent {
                    var parents: [xmlNodePtr] = []
                    for node in current {
                        guard let parent = node.pointee.parent, parent.isElement else { throw .unsupported }
                        if parents.last != parent { parents.append(parent) }
                    }
                    guard Set(parents).count == parents.count else { throw .unsupported }
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
        return self.name.withUnsafeBufferPointer { xmlStrEqual(name, $0.baseAddress!) != 0 }
    }
}

extension Expression.Comparison {
    var isEquality: Bool { self == .equal || self == .notEqual }

    /// XPath 1.0's comparison of two values (section 3.4): between node-sets, some pair of
    /// their nodes compares so; between a node-set and a number or a string, some node;
    /// with a boolean, the node-set's boolean; otherwise as booleans, numbers or strings.
    func holds(_ left: NativeValue, _ right: NativeValue) -> Bool {
        switch (left.isNodeSet, right.isNodeSet) {
        case (true, true):
            if isEquality {
                let theirs = right.strings
                return left.strings.contains { mine in theirs.contains { equates(mine, $0) } }
            }
            let theirs = right.numbers
            return left.numbers.contains { mine in theirs.contains { orders(mine, $0) } }
        case (true, false):
            return holds(nodes: left, value: right, nodesOnLeft: true)
        case (false, true):
            return holds(nodes: right, value: left, nodesOnLeft: false)
        case (false, false):
            guard isEquality else { return orders(left.number, right.number) }
            if case .boolean = left { return left.boolean == right.boolean ? self == .equal : self == .notEqual }
            if case .boolean = right { return left.boolean == right.boolean ? self == .equal : self == .notEqual }
            if case .number = left { return orders(left.number, right.number) }
            if case .number = right { return orders(left.number, right.number) }
            return equates(left.string, right.string)
        }
    }

    private func holds(nodes: NativeValue, value: NativeValue, nodesOnLeft: Bool) -> Bool {
        if case .boolean = value {
            return nodesOnLeft ? holds(.boolean(nodes.boolean), value) : holds(value, .boolean(nodes.boolean))
        }
        if isEquality, case .string(let string) = value {
            return nodes.strings.contains { equates($0, string) }
        }
        let number = value.number
        return nodes.numbers.contains { nodesOnLeft ? orders($0, number) : orders(number, $0) }
    }

    private func equates(_ a: String, _ b: String) -> Bool {
        let same = a.utf8.elementsEqual(b.utf8)
        return self == .equal ? same : !same
    }

    /// The comparison of two numbers, as IEEE 754 compares them (NaN equal to nothing).
    func orders(_ a: Double, _ b: Double) -> Bool {
        switch self {
        case .less: a < b
        case .lessOrEqual: a <= b
        case .greater: a > b
        case .greaterOrEqual: a >= b
        case .equal: a == b
        case .notEqual: a != b
        }
    }
}

extension Expression.CoreFunction {
    /// The arities the parser accepts.
    var arity: ClosedRange<Int> {
        switch self {
        case .true, .false: 0...0
        case .not, .boolean, .number, .count, .string, .normalizeSpace, .floor, .ceiling, .stringLength: 1...1
        case .startsWith, .contains: 2...2
        case .translate: 3...3
        case .concat: 2...Int.max
        }
    }

    func value(of arguments: [Expression], at node: xmlNodePtr, position: Int, size: Int,
               in scope: EvaluationScope) throws(NativeExpressionError) -> NativeValue {
        var values: [NativeValue] = []
        for argument in arguments { values.append(try argument.value(at: node, position: position, size: size, in: scope)) }
        switch self {
        case .true: return .boolean(true)
        case .false: return .boolean(false)
        case .not: return .boolean(!values[0].boolean)
        case .boolean: return .boolean(values[0].boolean)
        case .number: return .number(values[0].number)
        case .string: return .string(values[0].string)
        case .count:
            switch values[0] {
            case .elements(let nodes): return .number(Double(nodes.count))
            case .attributes(let owners, _): return .number(Double(owners.count))
            default: throw .unsupported
            }
        case .floor: return .number(values[0].number.rounded(.down))
        case .ceiling: return .number(values[0].number.rounded(.up))
        case .stringLength: return .number(Double(values[0].string.unicodeScalars.count))
        case .translate:
            let (from, to) = (Array(values[1].string.unicodeScalars), Array(values[2].string.unicodeScalars))
            var result = String.UnicodeScalarView()
            for scalar in values[0].string.unicodeScalars {
                guard let index = from.firstIndex(of: scalar) else { result.append(scalar); continue }
                if index < to.count { result.append(to[index]) }
            }
            return .string(String(result))
        case .concat: return .string(values.map(\.string).joined())
        case .startsWith: return .boolean(values[0].string.utf8.starts(with: values[1].string.utf8))
        case .contains:
            let (haystack, needle) = (Array(values[0].string.utf8), Array(values[1].string.utf8))
            guard !needle.isEmpty else { return .boolean(true) }
            guard haystack.count >= needle.count else { return .boolean(false) }
            return .boolean((0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) })
        case .normalizeSpace:
            let words = values[0].string.utf8.split { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
            return .string(words.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " "))
        }
    }
}
