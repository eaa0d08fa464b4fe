import Testing
import XMLSupport

@Suite("Building documents from XMLElement values")
struct DocumentBuildingTests {
    static let tree = XMLElement("screen", attributes: [("title", "Home & <away>"), ("id", "s1")], children: [
        XMLElement("button", attributes: [("traits", "button selected"), ("label", "Say \"hi\"")], text: "OK"),
        XMLElement("group", children: [
            XMLElement("text", text: "a < b && c > d"),
            XMLElement("image"),
        ]),
    ])

    @Test("Serialising a built document and parsing it back gives the same tree")
    func roundTrip() throws {
        let built = XMLDocument(root: Self.tree)
        let text = built.serialized()
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<screen title=\"Home &amp; &lt;away&gt;\" id=\"s1\">"))
        let reparsed = try XMLDocument(parsing: text, name: "<string>")
        #expect(reparsed.root.copy() == Self.tree)
        #expect(built.root.copy() == Self.tree)
    }

    @Test("Attributes given as pairs are the attributes given one by one, equal only in the same order")
    func attributesAsPairs() {
        let pairs = XMLElement("button", attributes: [("traits", "button"), ("label", "OK")])
        #expect(pairs == XMLElement("button", attributes: [XMLAttribute("traits", "button"), XMLAttribute("label", "OK")]))
        #expect(pairs != XMLElement("button", attributes: [XMLAttribute("label", "OK"), XMLAttribute("traits", "button")]))
        #expect(pairs != XMLElement("button", attributes: [XMLAttribute("traits", "button"), XMLAttribute("label", "Ok")]))
        #expect(XMLDocument(root: pairs).root.copy() == pairs)
    }

    @Test("Formatted output indents; unformatted output does not")
    func formatting() {
        let document = XMLDocument(root: XMLElement("a", children: [XMLElement("b", text: "x")]))
        #expect(document.serialized() == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a>\n  <b>x</b>\n</a>\n")
        #expect(document.serialized(formatted: false) == "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a><b>x</b></a>\n")
    }

    @Test("Built nodes navigate like parsed ones, with line 0")
    func navigation() {
        let root = XMLDocument(root: Self.tree).root
        #expect(root.line == 0)
        #expect(root.attributes.map(\.name) == ["title", "id"])
        #expect(root.elementChildren[0].attribute("label") == "Say \"hi\"")
        #expect(root.elementChildren[1].elementChildren.map(\.name) == ["text", "image"])
        #expect(root.elementChildren[1].elementChildren[0].parent?.name == "group")
        #expect(root.textContent == "OKa < b && c > d")
    }

    @Test("Characters XML forbids are dropped from built documents")
    func forbiddenCharacters() throws {
        let document = XMLDocument(root: XMLElement("a", attributes: [("v", "x\u{0}y")], text: "esc\u{1B}ape\u{FFFE}"))
        #expect(document.root.attribute("v") == "xy")
        #expect(document.root.textContent == "escape")
        _ = try XMLDocument(parsing: document.serialized(), name: "<string>")
    }

    @Test("Namespace declarations take effect in built documents")
    func namespaces() throws {
        let tree = XMLElement("ax:screen", attributes: [("xmlns:ax", "urn:a11y"), ("ax:version", "2")], children: [
            XMLElement("ax:button"),
            XMLElement("plain"),
        ])
        let document = XMLDocument(root: tree)
        #expect(document.root.copy() == tree)
        #expect(document.root.attribute("ax:version") == "2")
        let expression = try XPathExpression("count(/ax:screen/ax:button) + count(//plain)", namespaces: ["ax": "urn:a11y"], functions: .none)
        let evaluator = XPathEvaluator(document: document, namespaces: ["ax": "urn:a11y"], functions: .none)
        #expect(try evaluator.evaluate(expression, at: document.root) == .number(2))
        let reparsed = try XMLDocument(parsing: document.serialized(), name: "<string>")
        #expect(reparsed.root.copy() == tree)
    }

    @Test("The hot path: build a document and ask a few boolean questions, many times")
    func buildAndEvaluateRepeatedly() throws {
        let isButton = try XPathExpression("ax:has-trait('button')", namespaces: accessibilityNamespaces, functions: accessibilityFunctions)
        let hasLabel = try XPathExpression("string-length(@label) > 0", namespaces: accessibilityNamespaces, functions: accessibilityFunctions)
        var count = 0
        for index in 0..<2_000 {
            let element = XMLElement("element", attributes: [("traits", index % 2 == 0 ? "button" : "image"), ("label", "L\(index)")])
            let document = XMLDocument(root: element)
            let evaluator = XPathEvaluator(document: document, namespaces: accessibilityNamespaces, functions: accessibilityFunctions)
            if try evaluator.boolean(isButton, at: document.root), try evaluator.boolean(hasLabel, at: document.root) {
                count += 1
            }
        }
        #expect(count == 1_000)
    }
}

@Suite("Updating a built document in place")
struct DocumentUpdateTests {
    static func state(_ names: [String]) -> XMLElement {
        XMLElement("state", attributes: [("id", "1")], children: names.map { XMLElement("element", attributes: [("id", $0)]) })
    }

    @Test("children given are rebuilt in their place, the others kept, and the rest removed or added",
          arguments: [(["a", "b", "c"], ["a", "x", "c"]), (["a", "b", "c"], ["a"]), (["a"], ["a", "b", "c"]),
                      (["a", "b"], ["y", "z"]), (["a", "b", "c"], [])])
    func update(before: [String], after: [String]) throws {
        let document = XMLDocument(root: Self.state(before))
        let kept = document.root.elementChildren.first
        document.updateRootChildren(count: after.count) { index in
            index < before.count && before[index] == after[index] ? nil : XMLElement("element", attributes: [("id", after[index])])
        }
        #expect(document.root.copy() == Self.state(after))
        if let first = after.first, first == before.first {
            #expect(document.root.elementChildren.first == kept, "an unchanged child is the same node")
        }
        let functions = XPathFunctions(namespaceURI: "urn:test")
        let path = try XPathExpression("element[last()]/@id", namespaces: [:], functions: functions)
        let evaluator = XPathEvaluator(document: document, namespaces: [:], functions: functions)
        #expect(try evaluator.string(path, at: document.root) == (after.last ?? ""))
    }

    /// A child element in the test's `before` shape, with one fact nested in it.
    static func element(_ attributes: [(String, String)], fact: String = "0", text: String? = nil,
                        facts: Int = 1) -> XMLElement {
        XMLElement("element", attributes: attributes,
                   children: Array(repeating: XMLElement("fact", attributes: [("name", "index"), ("value", fact)]), count: facts),
                   text: text)
    }

    @Test("a child of the same shape is written into its node value by value; any other is built anew",
          arguments: [
              (element([("id", "a"), ("x", "4")]), true),
              (element([("id", "a"), ("x", "")]), true),
              (element([("id", "a"), ("x", "4")], fact: "1"), true),
              (element([("id", "a"), ("x", "a\u{1}b")]), true),
              (element([("id", "a"), ("x", "3\u{0}")]), true),
              (element([("id", "a"), ("x", "")]), true),
              (element([("x", "4"), ("id", "a")]), false),
              (element([("id", "a"), ("x", "4"), ("y", "0")]), false),
              (element([("id", "a")]), false),
              (element([("id", "a"), ("x", "4")], facts: 2), false),
              (element([("id", "a"), ("x", "4")], facts: 0), false),
              (element([("id", "a"), ("x", "4")], text: "label"), false),
              (XMLElement("transition", attributes: [("id", "a"), ("x", "4")]), false),
          ])
    func updateInPlace(replacement: XMLElement, keepsNode: Bool) throws {
        let before = Self.element([("id", "a"), ("x", "3")])
        let document = XMLDocument(root: XMLElement("state", children: [before]))
        let node = try #require(document.root.elementChildren.first)
        document.updateRootChildren(count: 1) { _ in replacement }
        let built = XMLDocument(root: XMLElement("state", children: [replacement]))
        #expect(document.serialized() == built.serialized(), "the same document as one built afresh")
        #expect((document.root.elementChildren.first == node) == keepsNode)
    }

    @Test("values written over longer and shorter ones, in place or not, give the document built afresh")
    func valuesOfEveryLength() throws {
        let values = ["3", "12.5", "", "-1000.25", "7", "a\u{1}b", "123456789012345678901234567890", "0", "3\u{0}9", "é"]
        let document = XMLDocument(root: XMLElement("state", children: [Self.element([("id", "a"), ("x", "3")])]))
        let node = try #require(document.root.elementChildren.first)
        for (round, value) in (values + values.reversed()).enumerated() {
            let replacement = Self.element([("id", "a"), ("x", value)], fact: String(round % 3))
            document.updateRootChildren(count: 1) { _ in replacement }
            let built = XMLDocument(root: XMLElement("state", children: [replacement]))
            #expect(document.serialized() == built.serialized(), "after \(value.debugDescription)")
            #expect(document.root.elementChildren.first == node, "updated in its node")
        }
    }

    /// Children of four shapes, the shape and count of each round's children cycling apart.
    static func round(_ round: Int) -> [XMLElement] {
        (0..<(round % 5)).map { place in
            switch (round + place) % 4 {
            case 0: element([("id", "e\(place)"), ("x", String(round))])
            case 1: element([("id", "e\(place)"), ("value", "v\(round)"), ("x", "1")], facts: 2)
            case 2: XMLElement("transition", attributes: [("action", "activate"), ("target", "t\(round)")])
            default: element([("id", "e\(place)")], facts: 0)
            }
        }
    }

    @Test("children taken off the root come back for a later child of their shape, and the document is always the one built afresh")
    func changingShapes() throws {
        let document = XMLDocument(root: XMLElement("state", children: Self.round(0)))
        let functions = XPathFunctions(namespaceURI: "urn:test")
        let count = try XPathExpression("count(/state/*)", namespaces: [:], functions: functions)
        for round in 1...60 {
            let children = Self.round(round)
            document.updateRootChildren(count: children.count) { children[$0] }
            let built = XMLDocument(root: XMLElement("state", children: children))
            #expect(document.serialized() == built.serialized(), "round \(round)")
            let evaluator = XPathEvaluator(document: document, namespaces: [:], functions: functions)
            #expect(try evaluator.evaluate(count, at: document.root) == .number(Double(children.count)), "spares are out of reach")
        }
        // A transition in the first place, then an element there: the element taken off
        // before comes back rather than being built.
        let element = Self.element([("id", "a"), ("x", "1")])
        let transition = XMLElement("transition", attributes: [("action", "activate"), ("target", "b")])
        document.updateRootChildren(count: 1) { _ in element }
        let node = try #require(document.root.elementChildren.first)
        document.updateRootChildren(count: 1) { _ in transition }
        document.updateRootChildren(count: 1) { _ in Self.element([("id", "c"), ("x", "2")]) }
        #expect(document.root.elementChildren.first == node, "the spare element moved back")
        #expect(document.serialized() == XMLDocument(root: XMLElement("state", children: [Self.element([("id", "c"), ("x", "2")])])).serialized())
    }

    /// Choices from the seeded generator the number tests use, so that a failing round can
    /// be replayed.
    typealias Choices = XPathValueTests.SplitMix

    /// Values that are the same small string, the same buffer, the same bytes in another
    /// buffer, a character XML forbids, or empty.
    static let sharedLong = String(repeating: "long value ", count: 4)
    static func value(_ choices: inout Choices) -> String {
        switch Int.random(in: 0..<7, using: &choices) {
        case 0: "3"
        case 1: String(Int.random(in: 0..<4, using: &choices))
        case 2: sharedLong
        case 3: String(repeating: "long value ", count: 4)
        case 4: "a\u{1}b"
        case 5: ""
        default: "é\(Int.random(in: 0..<3, using: &choices))"
        }
    }

    static func child(_ choices: inout Choices) -> XMLElement {
        let names = ["id", "label", "value", "x", "width"]
        let attributes = names.prefix(Int.random(in: 1...names.count, using: &choices)).map { ($0, value(&choices)) }
        switch Int.random(in: 0..<6, using: &choices) {
        case 0: return XMLElement("transition", attributes: attributes)
        case 1: return XMLElement("element", attributes: attributes, text: "text")
        default:
            let facts = (0..<Int.random(in: 0..<3, using: &choices)).map { _ in XMLElement("fact", attributes: [("name", "n"), ("value", value(&choices))]) }
            return XMLElement("element", attributes: attributes, children: facts)
        }
    }

    @Test("children kept, rewritten, moved in from spares or built, over rounds chosen at random, always give the document built afresh",
          arguments: [1, 2, 3] as [UInt64])
    func randomRounds(seed: UInt64) throws {
        var choices = Choices(state: seed)
        var current = (0..<3).map { _ in Self.child(&choices) }
        let document = XMLDocument(root: XMLElement("state", children: current))
        let functions = XPathFunctions(namespaceURI: "urn:test")
        let count = try XPathExpression("count(/state/*)", namespaces: [:], functions: functions)
        for round in 1...300 {
            let size = Int.random(in: 0..<9, using: &choices)
            let next = (0..<size).map { place in
                place < current.count && Int.random(in: 0..<3, using: &choices) == 0 ? nil : Self.child(&choices)
            }
            document.updateRootChildren(count: size) { next[$0] }
            current = next.indices.map { next[$0] ?? current[$0] }
            let built = XMLDocument(root: XMLElement("state", children: current))
            #expect(document.serialized() == built.serialized(), "seed \(seed), round \(round)")
            let evaluator = XPathEvaluator(document: document, namespaces: [:], functions: functions)
            #expect(try evaluator.evaluate(count, at: document.root) == .number(Double(size)), "seed \(seed), round \(round)")
        }
    }

    @Test("the root's attributes can be set")
    func rootAttribute() {
        let document = XMLDocument(root: Self.state(["a"]))
        document.setRootAttribute("id", to: "2")
        #expect(document.root.attribute("id") == "2")
    }
}
