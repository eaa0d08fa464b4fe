@preconcurrency internal import CLibXML2

/// Turns an `XMLElement` value tree into a libxml2 document with the tree API.
///
/// Lean on purpose (this runs for every audited item): one libxml2 node per
/// element, its text passed to `xmlNewDocRawNode` (which, unlike
/// `xmlNewDocNode`, does not interpret `&`), attributes via `xmlNewProp`, and
/// strings handed over without copies when they are clean. Namespace
/// handling only kicks in below an element that declares a namespace.
enum TreeBuilder {
    static func makeDocument(_ root: XMLElement) -> xmlDocPtr {
        let document = xmlNewDoc("1.0")!
        append(root, to: nil, in: document, namespaceAware: false)
        return document
    }

    /// Adds `element` as the last child of `parent` and returns its node.
    @discardableResult
    static func appendChild(_ element: XMLElement, to parent: xmlNodePtr, in document: xmlDocPtr) -> xmlNodePtr {
        append(element, to: parent, in: document, namespaceAware: false)
        return xmlGetLastChild(parent)!
    }

    /// Makes `node` what `append` would build of `element` by changing only the attribute
    /// values that differ, when the two have the same shape: the same names, attributes in
    /// the same order, the same children, no text and no namespaces. A changed value costs
    /// one string instead of a node with all its attributes and children. Returns false,
    /// perhaps with some values already changed, when the shapes differ; the caller then
    /// builds `element` anew in the node's place.
    ///
    /// With `writing` false nothing is changed: the answer is only whether the shapes match.
    static func update(_ node: xmlNodePtr, to element: XMLElement, writing: Bool = true) -> Bool {
        guard node.isElement, node.pointee.ns == nil, node.pointee.nsDef == nil, element.text?.isEmpty ?? true,
              same(node.pointee.name, element.name) else { return false }
        // The attributes are read in place: a copy of each pair would retain and release
        // both its strings, most of an unchanged element's cost.
        let attributesMatch = element.attributes.withUnsafeBufferPointer { attributes in
            var attribute = node.pointee.properties
            for index in attributes.indices {
                guard let current = attribute, current.pointee.ns == nil, same(current.pointee.name, attributes[index].name),
                      let text = singleText(of: current) else { return false }
                if writing { write(attributes[index].value, into: text) }
                attribute = current.pointee.next
            }
            return attribute == nil
        }
        guard attributesMatch else { return false }
        var child = node.pointee.children
        for expected in element.children {
            guard let current = child, update(current, to: expected, writing: writing) else { return false }
            child = current.pointee.next
        }
        return child == nil
    }

    /// ``update(_:to:writing:)`` for a node known to hold `previous`, as that function or
    /// this one last wrote it: a name or value held in the same memory in both elements (the same
    /// small string, or the same count of the same buffer) has the same bytes, and is not
    /// read from the node; the others are compared and written as there. Values mostly
    /// come from the same views from state to state, so most are passed over this way.
    static func update(_ node: xmlNodePtr, from previous: XMLElement, to element: XMLElement) -> Bool {
        guard element.text?.isEmpty ?? true, element.mixedContent == nil,
              previous.attributes.count == element.attributes.count, previous.children.count == element.children.count,
              identical(previous.name, element.name) || same(node.pointee.name, element.name) else { return false }
        let attributesMatch = previous.attributes.withUnsafeBufferPointer { before in
            element.attributes.withUnsafeBufferPointer { after in
                var attribute = node.pointee.properties
                for index in after.indices {
                    guard let current = attribute else { return false }
                    if !identical(before[index].name, after[index].name) {
                        guard current.pointee.ns == nil, same(current.pointee.name, after[index].name) else { return false }
                    }
                    if !identical(before[index].value, after[index].value) {
                        guard let text = singleText(of: current) else { return false }
                        write(after[index].value, into: text)
                    }
                    attribute = current.pointee.next
                }
                return attribute == nil
            }
        }
        guard attributesMatch else { return false }
        var child = node.pointee.children
        for index in element.children.indices {
            guard let current = child, update(current, from: previous.children[index], to: element.children[index]) else { return false }
            child = current.pointee.next
        }
        return child == nil
    }

    /// An attribute's value as the one text node it is held in, as every attribute a
    /// builder made is; nil for any other.
    @inline(__always)
    private static func singleText(of attribute: xmlAttrPtr) -> xmlNodePtr? {
        guard let text = attribute.pointee.children, text.pointee.next == nil, text.pointee.type == XML_TEXT_NODE else { return nil }
        return text
    }

    /// Writes `value` into an attribute's text node where it holds other bytes.
    @inline(__always)
    private static func write(_ value: String, into text: xmlNodePtr) {
        guard !same(text.pointee.content, value) else { return }
        withXMLChars(value) { value in
            if xmlStrEqual(text.pointee.content, value) == 0 { setContent(of: text, to: value) }
        }
    }

    /// Whether two strings are held in the same memory: the same small string, or the same
    /// count of the same buffer, which no one can change while both hold it. Such strings
    /// have the same bytes; strings with the same bytes may still be held apart.
    @inline(__always)
    private static func identical(_ first: String, _ second: String) -> Bool {
        unsafeBitCast(first, to: (UInt64, UInt64).self) == unsafeBitCast(second, to: (UInt64, UInt64).self)
    }

    /// `xmlNodeSetContent(text, value)` for a text node of a built document, writing a value
    /// no longer than the one it replaces over it rather than freeing that one and copying
    /// this one: numbers change from state to state, mostly to others as long.
    ///
    /// Invariant: the bytes are written in place only into content libxml2 allocated for
    /// this node alone, which holds at least the old value and its terminator. That is
    /// content that is neither held in the node's own `properties` field (a parser's compact
    /// text) nor owned by the document's dictionary, the two cases `xmlNodeSetContent`
    /// itself does not free; a node without children, as a text node is. Anything else goes
    /// to `xmlNodeSetContent`. `DocumentUpdateTests` updates values through longer and
    /// shorter ones and compares the document with one built afresh.
    private static func setContent(of text: xmlNodePtr, to value: UnsafePointer<xmlChar>) {
        if text.pointee.type == XML_TEXT_NODE, text.pointee.children == nil, let content = text.pointee.content,
           UnsafeMutableRawPointer(content) != UnsafeMutableRawPointer(text) + MemoryLayout<xmlNode>.offset(of: \xmlNode.properties)!,
           text.pointee.doc?.pointee.dict.map({ xmlDictOwns($0, content) == 0 }) ?? true {
            let length = Int(xmlStrlen(value))
            if length <= Int(xmlStrlen(content)) {
                content.update(from: value, count: length + 1)
                return
            }
        }
        xmlNodeSetContent(text, value)
    }

    /// Whether a libxml2 string holds exactly `string`'s bytes, read in place. A string with
    /// a character XML forbids never matches, since the document holds it without.
    @inline(__always)
    private static func same(_ stored: UnsafePointer<xmlChar>?, _ string: String) -> Bool {
        guard let stored else { return false }
        // Read where the string lies (a native string always lends its bytes), not through
        // a mutable copy: a copy costs a retain and a release for every attribute compared.
        func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            for (index, byte) in bytes.enumerated() where byte == 0 || stored[index] != byte { return false }
            return stored[bytes.count] == 0
        }
        if let result = string.utf8.withContiguousStorageIfAvailable(matches) { return result }
        var string = string
        return string.withUTF8(matches)
    }

    private static func append(_ element: XMLElement, to parent: xmlNodePtr?, in document: xmlDocPtr, namespaceAware inherited: Bool) {
        let namespaceAware = inherited || element.attributes.contains { isNamespaceDeclaration($0.name) }
        let node: xmlNodePtr
        if namespaceAware {
            node = appendNamespaced(element, to: parent, in: document)
        } else {
            node = makeNode(named: element.name, text: element.text, in: document)
            attach(node, to: parent, in: document)
            var appended = AppendedAttributes(node)
            for attribute in element.attributes {
                withXMLChars(attribute.name) { name in
                    withXMLChars(attribute.value) { value in appended.add { xmlNewProp(node, name, value) } }
                }
            }
            appended.finish()
        }
        for child in element.children {
            append(child, to: node, in: document, namespaceAware: namespaceAware)
        }
    }

    /// Declares the element's namespaces, then resolves its prefixes in scope
    /// (which needs the node attached to its parent first).
    private static func appendNamespaced(_ element: XMLElement, to parent: xmlNodePtr?, in document: xmlDocPtr) -> xmlNodePtr {
        let (prefix, local) = split(element.name)
        let node = makeNode(named: local, text: element.text, in: document)
        attach(node, to: parent, in: document)
        for attribute in element.attributes where isNamespaceDeclaration(attribute.name) {
            let declared = attribute.name == "xmlns" ? nil : String(attribute.name.dropFirst("xmlns:".count))
            withXMLChars(attribute.value) { href in
                withOptionalXMLChars(declared) { prefix in _ = xmlNewNs(node, href, prefix) }
            }
        }
        let namespace = withOptionalXMLChars(prefix) { xmlSearchNs(document, node, $0) }
        if let namespace {
            xmlSetNs(node, namespace)
        } else if prefix != nil {
            withXMLChars(element.name) { xmlNodeSetName(node, $0) }   // undeclared: keep the name as written
        }
        var appended = AppendedAttributes(node)
        for attribute in element.attributes where !isNamespaceDeclaration(attribute.name) {
            let (prefix, local) = split(attribute.name)
            let namespace = prefix.flatMap { prefix in withXMLChars(prefix) { xmlSearchNs(document, node, $0) } }
            withXMLChars(namespace == nil ? attribute.name : local) { name in
                withXMLChars(attribute.value) { value in appended.add { xmlNewNsProp(node, namespace, name, value) } }
            }
        }
        appended.finish()
        return node
    }

    @inline(__always)
    private static func makeNode(named name: String, text: String?, in document: xmlDocPtr) -> xmlNodePtr {
        withXMLChars(name) { name in
            if let text, !text.isEmpty {
                withXMLChars(text) { xmlNewDocRawNode(document, nil, name, $0)! }
            } else {
                xmlNewDocRawNode(document, nil, name, nil)!
            }
        }
    }

    @inline(__always)
    private static func attach(_ node: xmlNodePtr, to parent: xmlNodePtr?, in document: xmlDocPtr) {
        if let parent {
            xmlAddChild(parent, node)
        } else {
            xmlDocSetRootElement(document, node)
        }
    }

    private static func isNamespaceDeclaration(_ name: String) -> Bool {
        name.utf8.starts(with: "xmlns".utf8) && (name.utf8.count == 5 || name.utf8.dropFirst(5).first == UInt8(ascii: ":"))
    }

    private static func split(_ qualifiedName: String) -> (prefix: String?, local: String) {
        guard let colon = qualifiedName.firstIndex(of: ":") else { return (nil, qualifiedName) }
        return (String(qualifiedName[..<colon]), String(qualifiedName[qualifiedName.index(after: colon)...]))
    }

    private static func withOptionalXMLChars<R>(_ string: String?, _ body: (UnsafePointer<xmlChar>?) -> R) -> R {
        guard let string else { return body(nil) }
        return withXMLChars(string) { body($0) }
    }
}

/// Appends attributes to a new element in constant time each: libxml2 walks the element's
/// whole attribute list to append one, which makes an element with n attributes cost n².
/// While appending, the list is made to start at its last attribute, then restored.
private struct AppendedAttributes {
    let node: xmlNodePtr
    var first: xmlAttrPtr?
    var last: xmlAttrPtr?

    init(_ node: xmlNodePtr) {
        self.node = node
        first = node.pointee.properties
        last = first
        while let next = last?.pointee.next { last = next }
    }

    mutating func add(_ make: () -> xmlAttrPtr?) {
        node.pointee.properties = last
        guard let made = make() else { return }
        if first == nil { first = made }
        last = made
    }

    func finish() { node.pointee.properties = first }
}
