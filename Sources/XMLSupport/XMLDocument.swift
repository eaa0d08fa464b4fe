@preconcurrency internal import CLibXML2

/// An XML document owned by libxml2, parsed from text or built from values.
///
/// Immutable once created but for the updates its owner makes between evaluations
/// (``updateRootChildren(count:element:)``, ``setRootAttribute(_:to:)``), so it may be
/// read (navigated, evaluated) from several threads at once; libxml2 supports shared
/// documents only when they are read-only. Those updates, and the two libxml2
/// operations that briefly write to a document, serialising (swaps `doc->encoding`) and
/// schema validation (registers `xs:ID` attributes), take a per-document lock.
public final class XMLDocument: @unchecked Sendable {
    let pointer: xmlDocPtr
    /// The text the document was parsed from, kept to compute the columns of
    /// schema validity errors (libxml2 only reports lines). nil when built.
    let source: [UInt8]?
    let exclusiveAccess = Lock()

    /// Parse options: line numbers beyond 65535, no network access. No DTD
    /// loading, no entity substitution, no default attributes (none requested).
    private static let parseOptions = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue)

    /// Parses the file at `path`. Errors (including a missing or unreadable
    /// file) name `path`.
    ///
    /// A file that declares entities (`<!ENTITY …>`) is refused: no rule file, baseline or
    /// report needs one, and refusing them closes entity expansion (one entity referenced
    /// many times costs quadratic time and memory) and external entities altogether.
    public convenience init(contentsOfFile path: String) throws(XMLError) {
        var bytes = try SourceFile.read(path)
        // XML reads a CR not followed by LF as a line end, but libxml2 counts lines at LF
        // only: a CR-only file would be one long line 1. Each lone CR becomes the LF XML
        // reads it as (one byte for one, so columns stay), when the text is ASCII-based.
        if !bytes.contains(0) {
            for index in bytes.indices where bytes[index] == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A) {
                bytes[index] = 0x0A
            }
        }
        try self.init(source: bytes, name: path, encoding: nil)
        if let subset = pointer.pointee.intSubset, subset.pointee.entities != nil || subset.pointee.pentities != nil {
            let place = SourcePosition.of(Array("<!ENTITY".utf8), in: bytes)
            throw XMLError(file: path, line: place.line, column: place.column,
                           message: "entity declarations are not accepted (the file declares one here); write the text itself")
        }
    }

    /// Parses `text`; `name` (a path or something like `"<string>"`) is what
    /// errors are reported against.
    public convenience init(parsing text: String, name: String) throws(XMLError) {
        try self.init(source: Array(text.utf8), name: name, encoding: "UTF-8")
    }

    private init(source: [UInt8], name: String, encoding: String?) throws(XMLError) {
        LibXML.initialize()
        guard let parser = xmlNewParserCtxt() else {
            throw XMLError(file: name, line: 0, column: 0, message: "Cannot create an XML parser")
        }
        defer { xmlFreeParserCtxt(parser) }
        let collector = ErrorCollector()
        let parsed: xmlDocPtr? = collector.capturing {
            source.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    xmlCtxtReadMemory(parser, chars.baseAddress, Int32(chars.count), name, encoding, Self.parseOptions)
                }
            }
        }
        if let error = collector.firstError {
            if let parsed { xmlFreeDoc(parsed) }
            throw XMLError(file: name, line: error.line, column: error.int2, message: error.message)
        }
        guard let parsed, xmlDocGetRootElement(parsed) != nil else {
            if let parsed { xmlFreeDoc(parsed) }
            throw XMLError(file: name, line: 0, column: 0, message: "Document is empty")
        }
        self.pointer = parsed
        self.source = source
    }

    /// Builds a document directly with libxml2's tree API (no serialise and
    /// re-parse): this is the hot path, called for every audited item.
    ///
    /// Characters XML 1.0 forbids are dropped from names, values and text.
    /// Names are not checked; attribute names must be unique per element.
    public init(root: XMLElement) {
        LibXML.initialize()
        self.pointer = TreeBuilder.makeDocument(root)
        self.source = nil
    }

    /// Children an update took off the root, unlinked but kept, so that a later update
    /// needing a child of the same shape moves one back rather than building it and
    /// freeing another: a document updated for state after state meets the same few
    /// shapes in turn (an element with a value and one without, a scroll region where an
    /// element stood), and building an element costs some twenty-five times updating one.
    ///
    /// Invariant: each is an element node of this document, linked to no parent or
    /// sibling, held nowhere else and freed once, in `deinit` or when the list is full;
    /// the list is read and changed only under `exclusiveAccess`. Unlinked, no XPath
    /// evaluation can reach one. `DocumentUpdateTests` updates through changing shapes,
    /// some chosen at random, and compares with documents built afresh.
    private var spares: [Spare] = []

    /// A spare, with its counts of attributes and of children: only a spare whose counts
    /// are an element's is compared with it.
    private struct Spare {
        let node: xmlNodePtr
        let attributes: Int
        let children: Int
    }

    /// Enough for the shapes one group's documents take in turn; each holds an element's
    /// few kilobytes.
    static let spareCapacity = 32

    /// For each of the root's element children, the element an update last wrote into it
    /// and checked it against, node for node (nil where that is not known: a child as
    /// built, or one an update compared and left): a later update compares the new
    /// element with this one, and reads the node only where the two may differ.
    ///
    /// Invariant: an element is kept for a place only while its node holds exactly that
    /// element's names and values; read and changed only under `exclusiveAccess`.
    /// `DocumentUpdateTests` writes values through it and compares with documents built
    /// afresh; a comparison that passed over values it should read fails them.
    private var written: [XMLElement?] = []

    deinit {
        for spare in spares { xmlFreeNode(spare.node) }
        xmlFreeDoc(pointer)
    }

    /// Brings the root element's children to `count` elements: those `element(at:)` gives
    /// take their place, the others (nil) are kept as they are, and any beyond `count` are
    /// removed. A new element of the same shape as the one in its place (the same names
    /// and attributes, only values differ) is written into it value by value, compared with
    /// the element written there last where that is known (``written``); any other is
    /// written likewise into a spare child of its shape (``spares``), or built anew. A
    /// document updated for each of a run of similar states costs only what changed
    /// between them, not a whole new tree. Text and comments under the root are left
    /// alone; namespace declarations in new children are not supported.
    public func updateRootChildren(count: Int, element: (Int) -> XMLElement?) {
        exclusiveAccess.withLock {
            let root = xmlDocGetRootElement(pointer)!
            var node = xmlFirstElementChild(root)
            // Taken out while the children are updated, so that each access is not checked
            // for exclusivity, and put back at the end.
            var written: [XMLElement?] = []
            swap(&written, &self.written)
            defer { swap(&written, &self.written) }
            for index in 0..<count {
                if index == written.count { written.append(nil) }
                let next = node.flatMap { xmlNextElementSibling($0) }
                if let replacement = element(index) {
                    if let current = node {
                        let fast = written[index].map { TreeBuilder.update(current, from: $0, to: replacement) } ?? false
                        if fast || TreeBuilder.update(current, to: replacement) {
                            written[index] = replacement
                            node = next
                            continue
                        }
                        // Compared, perhaps partly written: what it holds is no longer known.
                        written[index] = nil
                    }
                    if let spare = takeSpare(shapedLike: replacement) {
                        _ = TreeBuilder.update(spare, to: replacement)
                        if let node {
                            xmlAddPrevSibling(node, spare)
                        } else {
                            xmlAddChild(root, spare)
                        }
                        written[index] = replacement
                    } else {
                        let built = TreeBuilder.appendChild(replacement, to: root, in: pointer)
                        if let node, node != built { xmlAddPrevSibling(node, built) }
                        written[index] = nil
                    }
                    if let node { keepSpare(node) }
                } else {
                    precondition(node != nil, "an element kept beyond the root's children")
                }
                node = next
            }
            while let extra = node {
                node = xmlNextElementSibling(extra)
                keepSpare(extra)
            }
            if written.count > count { written.removeSubrange(count...) }
        }
    }

    /// A spare child `element` can be written into, the one kept last, taken out of the list.
    private func takeSpare(shapedLike element: XMLElement) -> xmlNodePtr? {
        let (attributes, children) = (element.attributes.count, element.children.count)
        guard let index = spares.lastIndex(where: {
            $0.attributes == attributes && $0.children == children && TreeBuilder.update($0.node, to: element, writing: false)
        }) else { return nil }
        return spares.remove(at: index).node
    }

    /// Unlinks `node` from the root and keeps it as a spare, the oldest spare freed when
    /// the list is full.
    private func keepSpare(_ node: xmlNodePtr) {
        xmlUnlinkNode(node)
        if spares.count == Self.spareCapacity { xmlFreeNode(spares.removeFirst().node) }
        var attributes = 0
        var attribute = node.pointee.properties
        while let current = attribute {
            attributes += 1
            attribute = current.pointee.next
        }
        var children = 0
        var child = node.pointee.children
        while let current = child {
            children += 1
            child = current.pointee.next
        }
        spares.append(Spare(node: node, attributes: attributes, children: children))
    }

    /// Sets an attribute of the root element.
    public func setRootAttribute(_ name: String, to value: String) {
        exclusiveAccess.withLock {
            withXMLChars(name) { name in
                withXMLChars(value) { value in _ = xmlSetProp(xmlDocGetRootElement(pointer)!, name, value) }
            }
        }
    }

    /// The root element.
    public var root: XMLNode {
        XMLNode(document: self, pointer: xmlDocGetRootElement(pointer)!)
    }

    /// The document as UTF-8 text with an XML declaration; `formatted`
    /// indents elements that have no text of their own.
    public func serialized(formatted: Bool = true) -> String {
        exclusiveAccess.withLock {
            var buffer: UnsafeMutablePointer<xmlChar>?
            var size: Int32 = 0
            ErrorCollector().capturing {
                xmlDocDumpFormatMemoryEnc(pointer, &buffer, &size, "UTF-8", formatted ? 1 : 0)
            }
            guard let buffer else { return "" }
            defer { cxml_free(buffer) }
            return String(decoding: UnsafeBufferPointer(start: buffer, count: Int(size)), as: UTF8.self)
        }
    }
}
