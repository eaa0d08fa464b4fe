@preconcurrency internal import CLibXML2

/// Read-only helpers over libxml2 nodes, shared by `XMLNode`, the builder and
/// the error locator. Attribute and document nodes are laid out like
/// `xmlNode` up to `doc`, which libxml2 itself relies on; later fields are
/// only read after checking the node type.
extension UnsafeMutablePointer where Pointee == xmlNode {
    var isElement: Bool { pointee.type == XML_ELEMENT_NODE }

    /// `prefix:local` for elements and attributes in a prefixed namespace,
    /// the plain name otherwise, "" for nodes without a name (documents).
    var qualifiedName: String {
        guard let name = pointee.name else { return "" }
        let local = String(cString: name)
        let namespace: xmlNsPtr?
        switch pointee.type {
        case XML_ELEMENT_NODE:
            namespace = pointee.ns
        case XML_ATTRIBUTE_NODE:
            namespace = attributeNode.pointee.ns
        default:
            namespace = nil
        }
        guard let prefix = namespace?.pointee.prefix else { return local }
        return String(cString: prefix) + ":" + local
    }

    /// Calls `body` with the value of the attribute `name` in no namespace (nil when there is
    /// none), as `xmlGetNoNsProp` finds it. A value held as a single text child, as every
    /// attribute of a built document is, is lent in place rather than copied: searches
    /// that compare one attribute of each sibling allocate nothing.
    func withNoNamespaceAttribute<Result>(_ name: UnsafePointer<xmlChar>,
                                          _ body: (UnsafePointer<xmlChar>?) -> Result) -> Result {
        var current = isElement ? pointee.properties : nil
        while let attribute = current {
            if attribute.pointee.ns == nil, let own = attribute.pointee.name, sameXMLChars(own, name) {
                if let first = attribute.pointee.children, first.pointee.next == nil, first.pointee.type == XML_TEXT_NODE,
                   let text = first.pointee.content {
                    return body(text)
                }
                return withCopiedAttribute(name, body)
            }
            current = attribute.pointee.next
        }
        // Not among the element's own: only a DTD could supply it by default.
        guard let document = pointee.doc, document.pointee.intSubset != nil || document.pointee.extSubset != nil
        else { return body(nil) }
        return withCopiedAttribute(name, body)
    }

    /// A value made of several nodes, or one a DTD supplies by default: libxml2 copies it out.
    private func withCopiedAttribute<Result>(_ name: UnsafePointer<xmlChar>,
                                             _ body: (UnsafePointer<xmlChar>?) -> Result) -> Result {
        guard let copied = xmlGetNoNsProp(self, name) else { return body(nil) }
        defer { cxml_free(copied) }
        return body(copied)
    }

    var attributeNode: xmlAttrPtr {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: xmlAttr.self)
    }

    /// libxml2's string-value of the node (concatenated descendant text).
    var content: String {
        guard let value = xmlNodeGetContent(self) else { return "" }
        defer { cxml_free(value) }
        return String(cString: value)
    }
}

extension UnsafeMutablePointer where Pointee == xmlAttr {
    /// The attribute's value; a single text child (the usual case) is read
    /// without an intermediate copy.
    var value: String {
        guard let first = pointee.children else { return "" }
        if first.pointee.next == nil, first.pointee.type == XML_TEXT_NODE, let text = first.pointee.content {
            return String(cString: text)
        }
        guard let joined = xmlNodeListGetString(pointee.doc, first, 1) else { return "" }
        defer { cxml_free(joined) }
        return String(cString: joined)
    }

    var qualifiedName: String {
        let local = pointee.name.map { String(cString: $0) } ?? ""
        guard let prefix = pointee.ns?.pointee.prefix else { return local }
        return String(cString: prefix) + ":" + local
    }
}
