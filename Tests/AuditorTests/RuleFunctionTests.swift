@testable import Auditor
import Testing
import XMLSupport

/// The `ax` functions rules call, on small documents worked by hand.
@Suite("The rules' own XPath functions")
struct RuleFunctionTests {
    static let tabs = """
        <state>
          <fact name="offset" value="1.5"/>
          <element id="a"><fact name="tab-index" value="0"/></element>
          <element id="b"><fact name="tab-index" value="1"/><fact name="tab-index" value="2"/></element>
          <element id="c"><fact name="role" value="page"/><fact name="tab-index" value="2.0"/></element>
          <element id="d"/>
          <element id="e"><fact name="label" value="e\u{301}"/></element>
        </state>
        """

    static func ids(_ expression: String, in text: String = tabs) throws -> String {
        let document = try XMLDocument(parsing: text, name: "tabs.xml")
        let evaluator = XPathEvaluator(document: document, namespaces: RuleFunctions.namespaces, functions: RuleFunctions.all)
        let compiled = try XPathExpression(expression, namespaces: RuleFunctions.namespaces, functions: RuleFunctions.all)
        return try evaluator.nodes(compiled, at: document.root).map { $0.attribute("id") ?? "?" }.joined(separator: " ")
    }

    @Test("ax:with-fact keeps the nodes whose named fact, as ax:fact reads it, has the value",
          arguments: [
              ("ax:with-fact(element, 'tab-index', 1)", "b"),
              ("ax:with-fact(element, 'tab-index', floor(fact[@name = 'offset']/@value) + 1)", "c"),
              ("ax:with-fact(element, 'tab-index', '2.0')", "c"),
              ("ax:with-fact(element, 'tab-index', '2')", ""),
              ("ax:with-fact(element, 'tab-index', 2)", "c"),
              ("ax:with-fact(element, 'role', 'page')", "c"),
              ("ax:with-fact(element, 'missing', '')", ""),
              ("ax:with-fact(element[@id != 'a'], 'tab-index', 0)", ""),
              ("ax:with-fact(element, 'label', 'e\u{301}')", "e"),
              ("ax:with-fact(element, 'label', '\u{e9}')", ""),
          ])
    func withFact(expression: String, expected: String) throws {
        #expect(try Self.ids(expression) == expected)
    }

    @Test("ax:with-fact agrees with the predicate it stands for, where each node has one such fact",
          arguments: [0.0, 1, 1.5, 2, 3])
    func withFactAsPredicate(value: Double) throws {
        let text = Self.tabs.replacingOccurrences(of: "<fact name=\"tab-index\" value=\"2\"/>", with: "")
        let predicate = "element[fact[@name = 'tab-index']][fact[@name = 'tab-index']/@value = \(value)]"
        #expect(try Self.ids("ax:with-fact(element, 'tab-index', \(value))", in: text) == (try Self.ids(predicate, in: text)))
    }

    @Test("ax:with-attribute keeps the nodes whose named attribute has the value, as the predicate it stands for does",
          arguments: [
              ("'id'", "concat('b', '')"), ("'id'", "'z'"), ("'rank'", "2"), ("'rank'", "'2'"), ("'rank'", "'2.0'"),
              ("'rank'", "1 + 1"), ("'missing'", "''"),
          ])
    func withAttribute(name: String, value: String) throws {
        let text = """
            <state><element id="a" rank="1"/><element id="b" rank="2.0"/><element id="c" rank="2"/><element/></state>
            """
        let attribute = name.dropFirst().dropLast()
        let function = try Self.ids("ax:with-attribute(element, \(name), \(value))", in: text)
        #expect(function == (try Self.ids("element[@\(attribute) = \(value)]", in: text)))
    }

    @Test("attributes whose value libxml2 holds as several nodes are still compared whole")
    func entityInAttribute() throws {
        let text = """
            <!DOCTYPE state [<!ENTITY on "on">]>
            <state><element id="a" traits="button selected"/><element id="b" state="t&on;" traits="b&on;"/></state>
            """
        #expect(try Self.ids("element[ax:has-trait('selected')]", in: text) == "a")
        #expect(try Self.ids("element[ax:has-trait('bon')]", in: text) == "b")
        let document = try XMLDocument(parsing: text, name: "entity.xml")
        #expect(document.root.firstChild(named: "element", where: "state", is: "ton")?.attribute("id") == "b")
        #expect(try Self.ids("ax:with-attribute(element, 'state', 'ton')", in: text) == "b")
    }

    @Test("an attribute a DTD gives by default is read as libxml2 reads it, though the element does not hold it")
    func attributeByDefault() throws {
        let text = """
            <!DOCTYPE state [<!ATTLIST element traits CDATA "button">]>
            <state><element id="a"/><element id="b" traits="header"/></state>
            """
        #expect(try Self.ids("element[ax:has-trait('button')]", in: text) == "a")
        let document = try XMLDocument(parsing: text, name: "defaults.xml")
        #expect(document.root.firstChild(named: "element", where: "traits", is: "button")?.attribute("id") == "a")
        #expect(try Self.ids("ax:with-attribute(element, 'traits', 'button')", in: text) == "a")
    }
}
