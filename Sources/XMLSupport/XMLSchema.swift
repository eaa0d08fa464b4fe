@preconcurrency internal import CLibXML2

/// A compiled W3C XML Schema.
///
/// One schema may validate documents on several threads at once: each
/// `validate` call has its own validation context, libxml2's thread notes
/// list validation among its thread-safe parts, and the one validation path
/// that changes a schema (assembling one from `xsi:schemaLocation`) is only
/// taken when validating *without* a schema. libxml2's lazily built table of
/// built-in types, which `xmlSchemaParse` would race to create, is set up
/// once in advance (see `LibXML`).
public final class XMLSchema: @unchecked Sendable {
    private let pointer: xmlSchemaPtr

    /// Reads and compiles the schema at `path`; errors in it (or in a file it
    /// includes) are reported against that file.
    public init(contentsOfFile path: String) throws(XMLError) {
        LibXML.initialize()
        let source = try SourceFile.read(path)
        guard let parser = xmlSchemaNewParserCtxt(path) else {
            throw XMLError(file: path, line: 0, column: 0, message: "Cannot create a schema parser")
        }
        defer { xmlSchemaFreeParserCtxt(parser) }
        let collector = ErrorCollector(locatesElements: true)
        xmlSchemaSetParserStructuredErrors(parser, collectLibXMLError, collector.opaque)
        let schema = collector.capturing { xmlSchemaParse(parser) }
        if let error = collector.firstError {
            if let schema { xmlSchemaFree(schema) }
            let file = error.file ?? path
            let text = file == path ? source : try? SourceFile.read(file)
            throw error.located(file: file, source: text)
        }
        guard let schema else {
            throw XMLError(file: path, line: 0, column: 0, message: "Cannot compile the schema")
        }
        self.pointer = schema
    }

    deinit {
        xmlSchemaFree(pointer)
    }

    /// All validity errors of `document`, reported against `name`.
    ///
    /// Validation registers `xs:ID` attributes in the document's ID table,
    /// so it takes the document's lock; do not evaluate XPath on the same
    /// document on another thread meanwhile.
    ///
    /// libxml2 gives the line of the offending element but no column (and,
    /// for a start tag spread over several lines, the line where it ends).
    /// When the document was parsed from text, the error is placed at the
    /// element's `<name` in that text: its line and 1-based column. Built
    /// documents have neither (0).
    public func validate(_ document: XMLDocument, name: String) -> [XMLError] {
        LibXML.initialize()
        guard let context = xmlSchemaNewValidCtxt(pointer) else {
            return [XMLError(file: name, line: 0, column: 0, message: "Cannot create a schema validation context")]
        }
        defer { xmlSchemaFreeValidCtxt(context) }
        let collector = ErrorCollector(locatesElements: document.source != nil)
        xmlSchemaSetValidStructuredErrors(context, collectLibXMLError, collector.opaque)
        let result = document.exclusiveAccess.withLock {
            collector.capturing { xmlSchemaValidateDoc(context, document.pointer) }
        }
        var errors = collector.errors.filter(\.isError).map { $0.located(file: name, source: document.source) }
        if errors.isEmpty, result != 0 {
            errors.append(XMLError(file: name, line: 0, column: 0, message: "Schema validation failed (libxml2 code \(result))"))
        }
        return errors
    }
}

extension CollectedError {
    /// The error as an `XMLError` against `file`: at the start tag of the
    /// element it names when that can be found in `source`, else at
    /// libxml2's line and (for parser errors) column.
    func located(file: String, source: [UInt8]?) -> XMLError {
        if let element, let source,
           let location = StartTagLocator(source: source).location(ofStartTag: element.ordinal, named: element.qualifiedName),
           line == 0 || location.line <= line {
            return XMLError(file: file, line: location.line, column: location.column, message: message)
        }
        let parserDomains = [XML_FROM_PARSER, XML_FROM_NAMESPACE, XML_FROM_DTD].map { Int32($0.rawValue) }
        let column = parserDomains.contains(domain) ? int2 : 0
        return XMLError(file: file, line: line, column: column, message: message)
    }
}
