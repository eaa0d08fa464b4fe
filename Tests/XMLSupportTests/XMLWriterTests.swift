import Foundation
import Testing
import XMLSupport

@Suite("Writing XML with XMLWriter")
struct XMLWriterTests {
    func output(indent: Bool = false, _ write: (XMLWriter) -> Void) -> String {
        let writer = XMLWriter(indent: indent)
        write(writer)
        return String(decoding: writer.finish(), as: UTF8.self)
    }

    @Test("Text and attribute values are escaped")
    func escaping() {
        let text = output { writer in
            writer.element("a", attributes: [("title", "<&\"")], text: "<&\" >")
        }
        #expect(text == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a title=\"&lt;&amp;&quot;\">&lt;&amp;&quot; &gt;</a>\n")
    }

    @Test("Characters XML 1.0 forbids are dropped", arguments: ["\u{1B}", "\u{0}", "\u{1}", "\u{FFFF}", "\u{FFFE}"])
    func forbiddenCharacters(character: String) throws {
        let text = output { writer in
            writer.startElement("a")
            writer.attribute("v", "x\(character)y")
            writer.text("p\(character)q")
            writer.cdata("r\(character)s")
            writer.endElement()
        }
        #expect(text == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a v=\"xy\">pq<![CDATA[rs]]></a>\n")
        _ = try XMLDocument(parsing: text, name: "<string>")
    }

    @Test("Allowed control characters survive", arguments: ["\t", "\n", "\r"])
    func allowedCharacters(character: String) throws {
        let text = output { $0.element("a", attributes: [("v", character)], text: "x\(character)y") }
        let document = try XMLDocument(parsing: text, name: "<string>")
        #expect(document.root.attribute("v") == character)
        #expect(document.root.textContent == "x\(character == "\r" ? "\r" : character)y")
    }

    @Test("A ]]> inside CDATA is split across sections and reads back intact")
    func cdataSplitting() throws {
        let content = "a]]>b]]>]]>c"
        let text = output { writer in
            writer.startElement("script")
            writer.cdata(content)
            writer.endElement()
        }
        #expect(text.contains("<![CDATA[a]]]]><![CDATA[>b]]]]><![CDATA[>]]]]><![CDATA[>c]]>"))
        let document = try XMLDocument(parsing: text, name: "<string>")
        #expect(document.root.textContent == content)
    }

    @Test("finish() closes open elements; indentation is two spaces")
    func finishAndIndent() {
        let text = output(indent: true) { writer in
            writer.startElement("report")
            writer.startElement("file")
            writer.attribute("path", "a.swift")
            writer.element("issue", text: "Missing label")
        }
        #expect(text == """
            <?xml version="1.0" encoding="UTF-8"?>
            <report>
              <file path="a.swift">
                <issue>Missing label</issue>
              </file>
            </report>

            """)
    }

    @Test("finish() is idempotent and later writes are ignored")
    func finishTwice() {
        let writer = XMLWriter(indent: false)
        writer.element("a")
        let first = writer.finish()
        writer.element("b")
        #expect(writer.finish() == first)
    }

    @Test("A comment keeps its text; a `--` inside it, which would end it early, is broken up", arguments: [
        (" a11y-audit 0.9.0 ", "<!-- a11y-audit 0.9.0 -->"), ("a--b---c-", "<!--a- -b- - -c- -->"),
    ])
    func comment(_ text: String, _ expected: String) throws {
        let written = output { $0.comment(text); $0.element("r") }
        #expect(written.contains(expected + "<r/>"), "\(written)")
        _ = try XMLDocument(parsing: written, name: "comment.xml")
    }
}
