@preconcurrency internal import CLibXML2

/// An XPath 1.0 value, with the language's conversions between types.
public enum XPathValue: Sendable, Equatable {
    case nodes([XMLNode])
    case boolean(Bool)
    case number(Double)
    case string(String)

    /// `boolean()`: a node-set is true when non-empty, a number when neither
    /// zero nor NaN, a string when non-empty.
    public var booleanValue: Bool {
        switch self {
        case .nodes(let nodes): !nodes.isEmpty
        case .boolean(let value): value
        case .number(let value): !(value.isNaN || value == 0)
        case .string(let value): !value.isEmpty
        }
    }

    /// `string()`: the string-value of the node-set's first node in document
    /// order ("" when empty), `true`/`false`, or the number written without
    /// exponent (`NaN`, `Infinity`, integers without a decimal point).
    public var stringValue: String {
        switch self {
        case .nodes(let nodes): Self.firstInDocumentOrder(nodes)?.textContent ?? ""
        case .boolean(let value): value ? "true" : "false"
        case .number(let value): XPathNumber.format(value)
        case .string(let value): value
        }
    }

    /// `number()`: a string (or a node-set's string) parsed as an XPath
    /// number (NaN when it is not one), true as 1 and false as 0.
    public var numberValue: Double {
        switch self {
        case .nodes: XPathNumber.parse(stringValue)
        case .boolean(let value): value ? 1 : 0
        case .number(let value): value
        case .string(let value): XPathNumber.parse(value)
        }
    }

    /// Node-sets from evaluation are already in document order, but a custom
    /// function may return nodes in any order.
    private static func firstInDocumentOrder(_ nodes: [XMLNode]) -> XMLNode? {
        guard var first = nodes.first else { return nil }
        for node in nodes.dropFirst() where node.document === first.document {
            // xmlXPathCmpNodes: -1 when its first argument comes after the second.
            if xmlXPathCmpNodes(first.pointer, node.pointer) == -1 {
                first = node
            }
        }
        return first
    }
}
