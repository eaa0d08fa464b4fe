import Testing
import XMLSupport

@Suite("Parsing XML")
struct ParsingTests {
    @Test("A malformed document fails with libxml2's line, column and message")
    func parseErrorLocation() {
        let error = caughtError { try XMLDocument(parsing: "<a>\n  <b></c>\n</a>", name: "<string>") }
        #expect(error == XMLError(file: "<string>", line: 2, column: 10, message: "Opening and ending tag mismatch: b line 2 and c"))
        #expect(error?.description == "<string>:2:10: Opening and ending tag mismatch: b line 2 and c")
    }

    @Test("Parse errors in files are reported against the file's path")
    func parseErrorInFile() throws {
        let files = try TestFiles()
        let path = try files.write("broken.xml", "<root>\n  <item a='1' a='2'/>\n</root>\n")
        let error = caughtError { try XMLDocument(contentsOfFile: path) }
        #expect(error?.file == path)
        #expect(error?.line == 2)
        #expect(error?.column == 20)
        #expect(error?.message == "Attribute a redefined")
    }

    @Test("A missing file is an XMLError, not a crash or a warning")
    func missingFile() {
        let error = caughtError { try XMLDocument(contentsOfFile: "/nonexistent/rules.xml") }
        #expect(error == XMLError(file: "/nonexistent/rules.xml", line: 0, column: 0, message: "Cannot read file: No such file or directory"))
    }

    @Test("An undeclared namespace prefix is an error")
    func undeclaredPrefix() {
        let error = caughtError { try XMLDocument(parsing: "<a><p:b/></a>", name: "ns.xml") }
        #expect(error?.message == "Namespace prefix p on b is not defined")
        #expect(error?.line == 1)
    }

    @Test("External entities are neither loaded nor substituted")
    func noExternalEntities() throws {
        let text = """
            <!DOCTYPE a [<!ENTITY secret SYSTEM "file:///etc/hostname">]>
            <a>&secret;</a>
            """
        let document = try XMLDocument(parsing: text, name: "<string>")
        #expect(document.root.textContent == "")
    }

    @Test("Nodes expose names, attributes in order, lines, text and parents")
    func navigation() throws {
        let text = """
            <screen xmlns:ax="urn:ax" title="Home">
              <button id="ok" ax:traits="button selected">OK &amp; go</button>
              <label>Hi</label>
            </screen>
            """
        let document = try XMLDocument(parsing: text, name: "<string>")
        let root = document.root
        #expect(root.name == "screen")
        #expect(root.line == 1)
        #expect(root.parent == nil)
        let children = root.elementChildren
        #expect(children.map(\.name) == ["button", "label"])
        let button = children[0]
        #expect(button.line == 2)
        #expect(button.attribute("id") == "ok")
        #expect(button.attribute("ax:traits") == "button selected")
        #expect(button.attribute("traits") == nil)
        #expect(button.attribute("missing") == nil)
        #expect(button.attributes.map(\.name) == ["id", "ax:traits"])
        #expect(button.textContent == "OK & go")
        #expect(button.parent == root)
        #expect(children[1].line == 3)
    }

    @Test("copy() gives the element as values, without indentation white space")
    func copyOut() throws {
        let text = """
            <example xmlns:ax="urn:ax" kind="good">
              <button ax:label="Save">Save</button>
              <group><item/></group>
            </example>
            """
        let document = try XMLDocument(parsing: text, name: "<string>")
        let expected = XMLElement("example", attributes: [("xmlns:ax", "urn:ax"), ("kind", "good")], children: [
            XMLElement("button", attributes: [("ax:label", "Save")], text: "Save"),
            XMLElement("group", children: [XMLElement("item")]),
        ])
        #expect(document.root.copy() == expected)
    }
}
