#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif
@preconcurrency internal import CLibXML2

/// A streaming XML writer (libxml2's `xmlTextWriter`, to memory).
///
/// libxml2 escapes text (`<`, `&`, `>`, `"`) and attribute values (also
/// tab, line feed and carriage return). On top of that, characters XML 1.0
/// forbids (NUL, ESC and the other C0 controls except tab, line feed and
/// carriage return; U+FFFE and U+FFFF) are dropped, so the output is always
/// well-formed (given sensible names). Not thread-safe. Calls libxml2
/// rejects (ending an element that is not open) and calls after `finish()`
/// are ignored.
public final class XMLWriter {
    private let buffer: xmlBufferPtr
    private let writer: xmlTextWriterPtr
    private let collector = ErrorCollector()
    private var result: Data?
    private let indents: Bool

    /// `indent`: one element per line, indented by two spaces (elements with
    /// text are kept on one line).
    public init(indent: Bool = true) {
        indents = indent
        LibXML.initialize()
        guard let buffer = xmlBufferCreate(), let writer = xmlNewTextWriterMemory(buffer, 0) else {
            fatalError("libxml2 could not allocate an XML writer")
        }
        self.buffer = buffer
        self.writer = writer
        collector.capturing {
            if indent {
                xmlTextWriterSetIndent(writer, 1)
                xmlTextWriterSetIndentString(writer, "  ")
            }
            xmlTextWriterStartDocument(writer, nil, "UTF-8", nil)
        }
    }

    deinit {
        xmlFreeTextWriter(writer)   // flushes into, but does not free, the buffer
        xmlBufferFree(buffer)
    }

    /// Writes what `body` writes without indentation, whitespace being content there (text
    /// and elements that interleave); the writer indents again afterwards, if it did.
    public func unindented(_ body: () -> Void) {
        guard indents else { return body() }
        write { xmlTextWriterSetIndent(writer, 0) }
        body()
        write { xmlTextWriterSetIndent(writer, 1) }
    }

    public func startElement(_ name: String) {
        write { withXMLChars(name) { xmlTextWriterStartElement(writer, $0) } }
    }

    /// An attribute of the element just started.
    public func attribute(_ name: String, _ value: String) {
        write {
            withXMLChars(name) { name in
                withXMLChars(value) { xmlTextWriterWriteAttribute(writer, name, $0) }
            }
        }
    }

    public func text(_ text: String) {
        write { withXMLChars(text) { xmlTextWriterWriteString(writer, $0) } }
    }

    /// A CDATA section; a `]]>` inside `text` would end it early, so the text
    /// is split there into consecutive sections (`]]` | `>`).
    public func cdata(_ text: String) {
        var pieces: [Substring] = []
        var rest = Substring(text)
        while let end = rest.firstRange(of: "]]>") {
            let cut = rest.index(end.lowerBound, offsetBy: 2)
            pieces.append(rest[..<cut])
            rest = rest[cut...]
        }
        pieces.append(rest)
        write {
            var status: Int32 = 0
            for piece in pieces where status >= 0 {
                status = withXMLChars(String(piece)) { xmlTextWriterWriteCDATA(writer, $0) }
            }
            return status
        }
    }

    /// A comment; a `--` inside it (which XML forbids there) is written `- -`.
    public func comment(_ text: String) {
        var safe = text
        while safe.contains("--") { safe = safe.replacing("--", with: "- -") }
        if safe.hasSuffix("-") { safe += " " }
        write { withXMLChars(safe) { xmlTextWriterWriteComment(writer, $0) } }
    }

    public func endElement() {
        write { xmlTextWriterEndElement(writer) }
    }

    /// A whole element with attributes and optional text.
    public func element(_ name: String, attributes: [(name: String, value: String)] = [], text: String? = nil) {
        startElement(name)
        for attribute in attributes {
            self.attribute(attribute.name, attribute.value)
        }
        if let text {
            self.text(text)
        }
        endElement()
    }

    /// Ends open elements and the document; the UTF-8 bytes, with XML
    /// declaration. Calling it again returns the same bytes.
    public func finish() -> Data {
        if let result { return result }
        collector.capturing {
            xmlTextWriterEndDocument(writer)
            xmlTextWriterFlush(writer)
        }
        let length = Int(xmlBufferLength(buffer))
        let data = xmlBufferContent(buffer).map { Data(bytes: $0, count: length) } ?? Data()
        result = data
        return data
    }

    @inline(__always)
    private func write(_ body: () -> Int32) {
        guard result == nil else { return }
        _ = collector.capturing(body)
        if !collector.errors.isEmpty { collector.errors.removeAll() }
    }
}
