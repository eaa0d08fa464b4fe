import Testing
import XMLSupport

@Suite("Validating against an XML Schema")
struct SchemaTests {
    static let schemaText = """
        <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
          <xs:element name="root">
            <xs:complexType>
              <xs:sequence>
                <xs:element name="item" maxOccurs="unbounded">
                  <xs:complexType><xs:attribute name="id" type="xs:int"/></xs:complexType>
                </xs:element>
              </xs:sequence>
            </xs:complexType>
          </xs:element>
        </xs:schema>
        """

    static let invalidDocument = """
        <root>
          <item id="1"/><item id="x"/>
          <item
             id="y"
          />
          <!-- <item id="z"/> is only a comment -->
          <bad/>
        </root>
        """

    @Test("Validity errors carry the document name, the line and the column of the element's start tag")
    func validityErrorsAreLocated() throws {
        let files = try TestFiles()
        let schema = try XMLSchema(contentsOfFile: try files.write("items.xsd", Self.schemaText))
        let path = try files.write("items.xml", Self.invalidDocument)
        let errors = schema.validate(try XMLDocument(contentsOfFile: path), name: "items.xml")
        #expect(errors == [
            // Second element on its line: column of the second `<item`.
            XMLError(file: "items.xml", line: 2, column: 17,
                     message: "Element 'item', attribute 'id': 'x' is not a valid value of the atomic type 'xs:int'."),
            // A start tag over three lines: libxml2 says line 5 (where it ends); the tag starts on line 3.
            XMLError(file: "items.xml", line: 3, column: 3,
                     message: "Element 'item', attribute 'id': 'y' is not a valid value of the atomic type 'xs:int'."),
            XMLError(file: "items.xml", line: 7, column: 3,
                     message: "Element 'bad': This element is not expected. Expected is ( item )."),
        ])
    }

    @Test("Documents parsed from text are located too")
    func validityErrorsInParsedText() throws {
        let files = try TestFiles()
        let schema = try XMLSchema(contentsOfFile: try files.write("items.xsd", Self.schemaText))
        let document = try XMLDocument(parsing: "<root>\n\t<item id='1'/> <other/>\n</root>", name: "<string>")
        let errors = schema.validate(document, name: "snippet")
        #expect(errors.map(\.description) == ["snippet:2:17: Element 'other': This element is not expected. Expected is ( item )."])
    }

    @Test("A valid document has no errors")
    func validDocument() throws {
        let files = try TestFiles()
        let schema = try XMLSchema(contentsOfFile: try files.write("items.xsd", Self.schemaText))
        let document = try XMLDocument(parsing: "<root><item id='1'/><item/></root>", name: "<string>")
        #expect(schema.validate(document, name: "<string>").isEmpty)
    }

    @Test("Built documents have no source text: line and column 0")
    func builtDocumentErrors() throws {
        let files = try TestFiles()
        let schema = try XMLSchema(contentsOfFile: try files.write("items.xsd", Self.schemaText))
        let document = XMLDocument(root: XMLElement("root", children: [XMLElement("bad")]))
        let errors = schema.validate(document, name: "built")
        #expect(errors == [XMLError(file: "built", line: 0, column: 0,
                                    message: "Element 'bad': This element is not expected. Expected is ( item ).")])
    }

    @Test("An invalid schema fails to load with a located error")
    func brokenSchema() throws {
        let files = try TestFiles()
        let path = try files.write("broken.xsd", """
            <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
              <xs:element name="root" type="xs:nosuchtype"/>
            </xs:schema>
            """)
        let error = try #require(caughtError { try XMLSchema(contentsOfFile: path) })
        #expect(error.file == path)
        #expect(error.line == 2)
        #expect(error.column == 3)
        #expect(error.message.contains("nosuchtype"))
    }

    @Test("A malformed schema fails with the parser's location")
    func malformedSchema() throws {
        let files = try TestFiles()
        let path = try files.write("malformed.xsd", "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\">\n  <xs:element\n")
        let error = try #require(caughtError { try XMLSchema(contentsOfFile: path) })
        #expect(error.file == path)
        #expect(error.line > 0)
    }

    @Test("A missing schema file is an XMLError")
    func missingSchema() {
        let error = caughtError { try XMLSchema(contentsOfFile: "/nonexistent/schema.xsd") }
        #expect(error?.message == "Cannot read file: No such file or directory")
    }
}
