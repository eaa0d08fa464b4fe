@preconcurrency internal import CLibXML2

/// A node of a living document.
///
/// Holds its document strongly, so a node (for example one returned by an
/// XPath evaluation) stays valid however long it is kept. Documents are never
/// mutated after creation, so reading nodes from several threads is safe.
/// Two values are equal when they denote the same node.
public struct XMLNode: @unchecked Sendable {
    let document: XMLDocument
    let pointer: xmlNodePtr

    init(document: XMLDocument, pointer: xmlNodePtr) {
        self.document = document
        self.pointer = pointer
    }

    /// Qualified name (`prefix:local`) of an element or attribute; libxml2's
    /// name (`text`, `comment`) for other nodes; "" for the document node.
    public var name: String { pointer.qualifiedName }

    /// Source line of the element (of the owning element for an attribute),
    /// as libxml2 recorded it; 0 for documents built with `XMLDocument(root:)`.
    public var line: Int {
        var node = pointer
        if node.pointee.type == XML_ATTRIBUTE_NODE {
            guard let owner = node.pointee.parent else { return 0 }
            node = owner
        }
        return max(0, xmlGetLineNo(node))
    }

    /// Value of the attribute with this qualified name, if present.
    public func attribute(_ name: String) -> String? {
        guard pointer.isElement, pointer.pointee.properties != nil else { return nil }
        return name.withCString { query -> String? in
            let query = UnsafeRawPointer(query).assumingMemoryBound(to: xmlChar.self)
            var current = pointer.pointee.properties
            while let attribute = current {
                if xmlStrQEqual(attribute.pointee.ns?.pointee.prefix, attribute.pointee.name, query) != 0 {
                    return attribute.value
                }
                current = attribute.pointee.next
            }
            return nil
        }
    }

    /// The attribute `name` (in no namespace) as an XPath number, read in place: NaN when
    /// it is absent or not a number. Rule functions read geometry this way per node.
    public func number(_ name: String) -> Double {
        withAttribute(name) { value in
            guard let value else { return .nan }
            return XPathNumber.parse(utf8: UnsafeBufferPointer(start: value, count: Int(xmlStrlen(value))))
        }
    }

    /// The attributes `names` (in no namespace) as ``number(_:)`` reads each, found in one
    /// pass over the element's attributes rather than four: rule functions read a frame's
    /// four numbers at once, per node. The names are string literals.
    public func numbers(_ names: (StaticString, StaticString, StaticString, StaticString)) -> (Double, Double, Double, Double) {
        precondition(names.0.hasPointerRepresentation && names.1.hasPointerRepresentation
                     && names.2.hasPointerRepresentation && names.3.hasPointerRepresentation,
                     "attribute names are string literals")
        func name(_ place: Int) -> StaticString {
            switch place {
            case 0: names.0
            case 1: names.1
            case 2: names.2
            default: names.3
            }
        }
        var values: (Double, Double, Double, Double) = (.nan, .nan, .nan, .nan)
        func set(_ place: Int, _ value: Double) {
            switch place {
            case 0: values.0 = value
            case 1: values.1 = value
            case 2: values.2 = value
            default: values.3 = value
            }
        }
        var lent: UInt8 = 0
        var current = pointer.isElement ? pointer.pointee.properties : nil
        while let attribute = current, lent != 0b1111 {
            current = attribute.pointee.next
            guard attribute.pointee.ns == nil, let own = attribute.pointee.name,
                  let place = (0..<4).first(where: { lent & (1 << $0) == 0 && sameXMLChars(own, name($0).utf8Start) })
            else { continue }
            // A value held otherwise than as one text node is read below, as number(_:) reads it.
            guard let text = attribute.pointee.children, text.pointee.next == nil, text.pointee.type == XML_TEXT_NODE,
                  let content = text.pointee.content else { break }
            set(place, XPathNumber.parse(utf8: UnsafeBufferPointer(start: content, count: Int(xmlStrlen(content)))))
            lent |= 1 << place
        }
        // Absent, held in several nodes, or supplied by a DTD's default: as number(_:) finds it.
        for place in 0..<4 where lent & (1 << place) == 0 { set(place, number(name(place).description)) }
        return values
    }

    /// The attribute `name` (in no namespace) as `Int(_:)` reads a string (an optional sign,
    /// then decimal digits), read in place: nil when it is absent, not such an integer, or
    /// out of range. Rule functions read an element's place in an order this way, per node.
    public func integer(_ name: String) -> Int? {
        withAttribute(name) { value -> Int? in
            guard let value else { return nil }
            let sign = value[0]
            let negative = sign == UInt8(ascii: "-")
            var index = negative || sign == UInt8(ascii: "+") ? 1 : 0
            guard value[index] != 0 else { return nil }
            var result = 0
            while value[index] != 0 {
                let digit = Int(value[index]) - Int(UInt8(ascii: "0"))
                guard (0...9).contains(digit) else { return nil }
                let (tens, overflow) = result.multipliedReportingOverflow(by: 10)
                let (next, carry) = negative ? tens.subtractingReportingOverflow(digit) : tens.addingReportingOverflow(digit)
                guard !overflow, !carry else { return nil }
                result = next
                index += 1
            }
            return result
        }
    }

    /// Whether the attribute `name` (in no namespace) is present and equal to `value` byte
    /// for byte, read in place: rule functions compare one attribute of each node this way.
    public func attribute(_ name: String, is value: String) -> Bool {
        value.withCString { expected in
            withAttribute(name) { found in
                found.map { xmlStrEqual($0, UnsafeRawPointer(expected).assumingMemoryBound(to: xmlChar.self)) != 0 } ?? false
            }
        }
    }

    /// Calls `body` with the value of the attribute `name` in no namespace, lent in place;
    /// nil when there is none or the node is not an element.
    private func withAttribute<Result>(_ name: String, _ body: (UnsafePointer<xmlChar>?) -> Result) -> Result {
        guard pointer.isElement else { return body(nil) }
        return name.withCString { query in
            pointer.withNoNamespaceAttribute(UnsafeRawPointer(query).assumingMemoryBound(to: xmlChar.self), body)
        }
    }

    /// Attributes in document order (namespace declarations are not attributes).
    public var attributes: [(name: String, value: String)] {
        guard pointer.isElement else { return [] }
        var result: [(name: String, value: String)] = []
        var current = pointer.pointee.properties
        while let attribute = current {
            result.append((attribute.qualifiedName, attribute.value))
            current = attribute.pointee.next
        }
        return result
    }

    /// The first child element named `name` whose attribute `attribute` equals `value`,
    /// found without building the list of children (rule functions call this per subject).
    public func firstChild(named name: String, where attribute: String, is value: String) -> XMLNode? {
        firstChildPointer(named: name, where: attribute, is: value).map { XMLNode(document: document, pointer: $0) }
    }

    /// Whether the first child element named `name` whose attribute `attribute` is `key`
    /// has an attribute `compared` equal to `value` (``attribute(_:equals:)``); false
    /// without such a child. ``firstChild(named:where:is:)`` and then the comparison, the
    /// child found and read where it lies: rule functions ask this of every element.
    public func firstChild(named name: String, where attribute: String, is key: String,
                           has compared: String, equalTo value: XPathValue) -> Bool {
        guard let child = firstChildPointer(named: name, where: attribute, is: key) else { return false }
        return XMLNode(document: document, pointer: child).attribute(compared, equals: value)
    }

    /// Whether the attribute `name` equals `value`: as numbers when `value` is a number (as
    /// ``number(_:)`` reads the attribute), else byte for byte with its string value
    /// (``attribute(_:is:)``), as XPath compares strings.
    public func attribute(_ name: String, equals value: XPathValue) -> Bool {
        if case .number(let number) = value { return self.number(name) == number }
        return attribute(name, is: value.stringValue)
    }

    private func firstChildPointer(named name: String, where attribute: String, is value: String) -> xmlNodePtr? {
        guard pointer.isElement || pointer.pointee.type == XML_DOCUMENT_NODE else { return nil }
        return name.withCString { name in
            attribute.withCString { attribute in
                value.withCString { value in
                    let name = UnsafeRawPointer(name).assumingMemoryBound(to: xmlChar.self)
                    let attribute = UnsafeRawPointer(attribute).assumingMemoryBound(to: xmlChar.self)
                    let value = UnsafeRawPointer(value).assumingMemoryBound(to: xmlChar.self)
                    var current = pointer.pointee.children
                    while let child = current {
                        if child.isElement, child.pointee.ns == nil, let own = child.pointee.name, sameXMLChars(own, name),
                           child.withNoNamespaceAttribute(attribute, { $0.map { sameXMLChars($0, value) } ?? false }) {
                            return child
                        }
                        current = child.pointee.next
                    }
                    return nil
                }
            }
        }
    }

    /// Whether the space-separated attribute `attribute` holds `token` (as in
    /// `traits="button selected"`), read without copying the attribute out.
    public func attribute(_ attribute: String, containsToken token: String) -> Bool {
        guard !token.isEmpty else { return false }
        return withAttribute(attribute) { value in
            guard let value else { return false }
            return token.utf8.withContiguousStorageIfAvailable { Self.contains(value, token: $0) }
                ?? Self.contains(value, token: Array(token.utf8))
        }
    }

    /// Whether the space-separated list `value` holds `token` whole.
    private static func contains(_ value: UnsafePointer<xmlChar>, token: some RandomAccessCollection<UInt8>) -> Bool {
        var start = 0
        var index = 0
        while true {
            let byte = value[index]
            if byte == 0 || byte == UInt8(ascii: " ") {
                if index - start == token.count, token.enumerated().allSatisfy({ value[start + $0.offset] == $0.element }) {
                    return true
                }
                if byte == 0 { return false }
                start = index + 1
            }
            index += 1
        }
    }

    /// Child elements in document order (text, comments and the like skipped).
    public var elementChildren: [XMLNode] {
        guard pointer.isElement || pointer.pointee.type == XML_DOCUMENT_NODE else { return [] }
        var result: [XMLNode] = []
        var current = pointer.pointee.children
        while let child = current {
            if child.isElement { result.append(XMLNode(document: document, pointer: child)) }
            current = child.pointee.next
        }
        return result
    }

    /// XPath string-value: all descendant text, concatenated.
    public var textContent: String { pointer.content }

    /// The parent element (the owning element for an attribute); nil for the
    /// root element, whose parent is the document itself.
    public var parent: XMLNode? {
        guard let parent = pointer.pointee.parent, parent.isElement else { return nil }
        return XMLNode(document: document, pointer: parent)
    }

    /// A deep copy out as values, for re-using example snippets.
    ///
    /// Namespace declarations come first among the attributes (as libxml2
    /// serialises them). Direct text and CDATA children are joined into
    /// `text`; white space between child elements (indentation) is dropped;
    /// comments and processing instructions are left out. For a non-element
    /// node, an element with the node's name and string-value.
    public func copy() -> XMLElement {
        guard pointer.isElement else { return XMLElement(name, text: textContent) }
        return Self.copy(pointer)
    }

    private static func copy(_ node: xmlNodePtr) -> XMLElement {
        var attributes: [XMLAttribute] = []
        var declaration = node.pointee.nsDef
        while let namespace = declaration {
            let href = namespace.pointee.href.map { String(cString: $0) } ?? ""
            if let prefix = namespace.pointee.prefix {
                attributes.append(XMLAttribute("xmlns:" + String(cString: prefix), href))
            } else {
                attributes.append(XMLAttribute("xmlns", href))
            }
            declaration = namespace.pointee.next
        }
        var property = node.pointee.properties
        while let attribute = property {
            attributes.append(XMLAttribute(attribute.qualifiedName, attribute.value))
            property = attribute.pointee.next
        }

        var children: [XMLElement] = []
        var text = ""
        var ordered: [XMLElement.Content] = []
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                let element = copy(current)
                children.append(element)
                ordered.append(.element(element))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE, XML_ENTITY_REF_NODE:
                let content = current.content
                text += content
                if case .text(let earlier) = ordered.last {
                    ordered[ordered.count - 1] = .text(earlier + content)
                } else {
                    ordered.append(.text(content))
                }
            default:
                break
            }
            child = current.pointee.next
        }
        let ignorable = !children.isEmpty && text.unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        var element = XMLElement(
            node.qualifiedName,
            attributes: attributes,
            children: children,
            text: text.isEmpty || ignorable ? nil : text
        )
        if !children.isEmpty, !ignorable, !text.isEmpty { element.mixedContent = ordered }
        return element
    }
}

extension XMLNode: Hashable {
    public static func == (lhs: XMLNode, rhs: XMLNode) -> Bool {
        lhs.pointer == rhs.pointer
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(pointer)
    }
}

extension XMLNode: CustomStringConvertible {
    public var description: String {
        line > 0 ? "<\(name)> (line \(line))" : "<\(name)>"
    }
}
