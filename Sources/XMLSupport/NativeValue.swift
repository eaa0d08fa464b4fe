@preconcurrency internal import CLibXML2

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
                value.map(LibXML2Number.value(of:)) ?? .nan
            }
        }
    }

    /// XPath `number(string)`, as libxml2 reads it.
    static func number(of string: String) -> Double {
        string.withCString { LibXML2Number.value(of: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self)) }
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
                return string.withCString { sameXMLChars(value, UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self)) }
            }
        }
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
