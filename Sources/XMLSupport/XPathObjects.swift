@preconcurrency internal import CLibXML2

/// Conversions between libxml2's XPath objects and `XPathValue`.
enum XPathObjects {
    /// The value of `object`; nodes are tied to `document`. Namespace nodes
    /// are left out: libxml2 makes them as temporary copies that die with the
    /// object.
    static func value(of object: xmlXPathObjectPtr, in document: XMLDocument) -> XPathValue {
        switch object.pointee.type {
        case XPATH_NODESET, XPATH_XSLT_TREE:
            return .nodes(nodes(of: object, in: document))
        case XPATH_BOOLEAN:
            return .boolean(object.pointee.boolval != 0)
        case XPATH_NUMBER:
            return .number(object.pointee.floatval)
        case XPATH_STRING:
            return .string(object.pointee.stringval.map { String(cString: $0) } ?? "")
        default:
            return .string(castToString(object))
        }
    }

    static func nodes(of object: xmlXPathObjectPtr, in document: XMLDocument) -> [XMLNode] {
        guard let set = object.pointee.nodesetval, set.pointee.nodeNr > 0, let table = set.pointee.nodeTab else { return [] }
        var nodes: [XMLNode] = []
        nodes.reserveCapacity(Int(set.pointee.nodeNr))
        for index in 0..<Int(set.pointee.nodeNr) {
            guard let node = table[index], node.pointee.type != XML_NAMESPACE_DECL else { continue }
            nodes.append(XMLNode(document: document, pointer: node))
        }
        return nodes
    }

    /// XPath `string()` of `object`; node-sets without building node values.
    static func string(of object: xmlXPathObjectPtr, in document: XMLDocument) -> String {
        switch object.pointee.type {
        case XPATH_NODESET, XPATH_XSLT_TREE:
            return castToString(object)   // sorts, then takes the first node's string-value
        default:
            return value(of: object, in: document).stringValue
        }
    }

    private static func castToString(_ object: xmlXPathObjectPtr) -> String {
        guard let text = xmlXPathCastToString(object) else { return "" }
        defer { cxml_free(text) }
        return String(cString: text)
    }

    /// A new libxml2 object for `value`, or nil when it holds nodes of
    /// another document than `document`.
    static func object(for value: XPathValue, in document: XMLDocument) -> xmlXPathObjectPtr? {
        switch value {
        case .boolean(let value):
            return xmlXPathNewBoolean(value ? 1 : 0)
        case .number(let value):
            return xmlXPathNewFloat(value)
        case .string(let value):
            return withXMLChars(value) { xmlXPathNewString($0) }
        case .nodes(let nodes):
            guard nodes.allSatisfy({ $0.document === document }) else { return nil }
            let set = xmlXPathNodeSetCreate(nil)
            for node in nodes {
                xmlXPathNodeSetAdd(set, node.pointer)
            }
            xmlXPathNodeSetSort(set)
            return xmlXPathWrapNodeSet(set)
        }
    }
}
