import Testing
import XMLSupport

/// The kind of custom function the auditor registers: `ax:has-trait('button')`
/// is true when the context node's space-separated `traits` contain the word.
let accessibilityFunctions: XPathFunctions = {
    var functions = XPathFunctions(namespaceURI: "urn:a11y")
    functions.register("has-trait", arity: 1...1) { arguments, node in
        let wanted = arguments[0].stringValue
        let traits = node.attribute("traits")?.split(separator: " ") ?? []
        return .boolean(traits.contains { $0 == wanted })
    }
    functions.register("join", arity: 1...3) { arguments, _ in
        .string(arguments.map(\.stringValue).joined(separator: "|"))
    }
    functions.register("labelled", arity: 0...0) { _, node in
        .nodes(node.elementChildren.filter { $0.attribute("label") != nil })
    }
    functions.register("sum", arity: 1...3, arguments: .numbers) { arguments, _ in
        guard arguments.allSatisfy({ if case .number = $0 { true } else { false } }) else { return .string("not numbers") }
        return .number(arguments.map(\.numberValue).reduce(0, +))
    }
    functions.register("concat-strings", arity: 1...3, arguments: .strings) { arguments, _ in
        guard arguments.allSatisfy({ if case .string = $0 { true } else { false } }) else { return .string("not strings") }
        return .string(arguments.map(\.stringValue).joined(separator: "+"))
    }
    functions.register("fail", arity: 0...0) { _, _ in
        throw XMLError(file: "", line: 0, column: 0, message: "deliberate failure")
    }
    return functions
}()

let accessibilityNamespaces = ["ax": "urn:a11y"]

@Suite("Evaluating XPath expressions")
struct XPathEvaluationTests {
    let document: XMLDocument
    let evaluator: XPathEvaluator

    init() throws {
        document = try XMLDocument(parsing: """
            <screen>
              <button id="a" traits="button selected" label="Save">Save</button>
              <button id="b" traits="image">Icon</button>
              <text id="c" traits="statictext">3.5</text>
            </screen>
            """, name: "screen.xml")
        evaluator = XPathEvaluator(document: document, namespaces: accessibilityNamespaces, functions: accessibilityFunctions)
    }

    func compile(_ source: String) throws -> XPathExpression {
        try XPathExpression(source, namespaces: accessibilityNamespaces, functions: accessibilityFunctions)
    }

    @Test("A custom function gets its arguments and the context node")
    func customFunctionSeesContextNode() throws {
        let buttons = try evaluator.nodes(compile("//*[ax:has-trait('button')]"), at: document.root)
        #expect(buttons.map { $0.attribute("id") } == ["a"])

        let isImage = try compile("ax:has-trait('image')")
        let children = document.root.elementChildren
        #expect(try children.map { try evaluator.boolean(isImage, at: $0) } == [false, true, false])
    }

    @Test("Arguments arrive in order, converted to XPath values")
    func argumentsInOrder() throws {
        let value = try evaluator.string(compile("ax:join(1 + 1, 'two', //button)"), at: document.root)
        #expect(value == "2|two|Save")
    }

    @Test("A function asking for numbers or strings gets them as XPath's number() and string() give them",
          arguments: [("ax:sum(//text, '1.5', true())", "6"), ("ax:sum(//button)", "NaN"),
                      ("ax:concat-strings(//button, 2, false())", "Save+2+false"),
                      ("concat(ax:sum(1, 2), ax:concat-strings('a'), ax:sum(3), ax:concat-strings('b'))", "3a3b")])
    func convertedArguments(expression: String, expected: String) throws {
        #expect(try evaluator.string(compile(expression), at: document.root) == expected)
    }

    @Test("A custom function may return nodes, which XPath can keep navigating")
    func customFunctionReturnsNodes() throws {
        let value = try evaluator.evaluate(compile("ax:labelled()/@id"), at: document.root)
        guard case .nodes(let nodes) = value else {
            Issue.record("expected a node-set, got \(value)")
            return
        }
        #expect(nodes.map(\.name) == ["id"])
        #expect(nodes.first?.textContent == "a")
        #expect(nodes.first?.line == 2)
    }

    @Test("Calling a custom function with the wrong number of arguments is an XMLError")
    func wrongArity() throws {
        let expression = try compile("ax:has-trait('a', 'b')")
        let error = caughtError { try evaluator.boolean(expression, at: document.root) }
        #expect(error == XMLError(file: "<xpath>", line: 0, column: 0, message: "ax:has-trait() takes 1 argument, not 2"))
        // The evaluator is still usable afterwards.
        #expect(try evaluator.boolean(compile("ax:has-trait('x')"), at: document.root) == false)
    }

    @Test("An error thrown by a custom function comes back with its message")
    func thrownError() throws {
        let expression = try compile("count(//button) > 1 and ax:fail()")
        let error = caughtError { try evaluator.evaluate(expression, at: document.root) }
        #expect(error?.message == "ax:fail(): deliberate failure")
    }

    @Test("Evaluation errors from libxml2 are XMLErrors too")
    func libxml2EvaluationError() throws {
        let error = caughtError { try evaluator.evaluate(compile("$undefined"), at: document.root) }
        #expect(error?.message == "Undefined variable")
    }

    @Test("nodes() refuses results that are not node-sets")
    func nodesOfNonNodeSet() throws {
        let error = caughtError { try evaluator.nodes(compile("count(//button)"), at: document.root) }
        #expect(error?.message == "Expression 'count(//button)' gives a number, not a node-set")
    }

    @Test("The result types map onto XPathValue", arguments: [
        ("count(//button)", XPathValue.number(2)),
        ("//text = 3.5", .boolean(true)),
        ("concat(//button[2], '!')", .string("Icon!")),
        ("string(//text)", .string("3.5")),
    ])
    func resultTypes(source: String, expected: XPathValue) throws {
        #expect(try evaluator.evaluate(compile(source), at: document.root) == expected)
    }

    @Test("Relative expressions are evaluated from the given node")
    func contextNode() throws {
        let second = document.root.elementChildren[1]
        #expect(try evaluator.string(compile("@id"), at: second) == "b")
        #expect(try evaluator.string(compile("../text/@traits"), at: second) == "statictext")
    }

    @Test("Nodes from an evaluation keep their document alive")
    func nodesOutliveDocumentReference() throws {
        var nodes: [XMLNode] = []
        do {
            let document = try XMLDocument(parsing: "<a><b>kept</b></a>", name: "<string>")
            let evaluator = XPathEvaluator(document: document, namespaces: [:], functions: .none)
            nodes = try evaluator.nodes(XPathExpression("//b", namespaces: [:], functions: .none), at: document.root)
        }
        #expect(nodes.first?.textContent == "kept")
        #expect(nodes.first?.parent?.name == "a")
    }

    @Test("One evaluator can serve nodes of many documents")
    func evaluatorFollowsTheNodesDocument() throws {
        let isButton = try compile("ax:has-trait('button') and count(/*/*) = 0")
        let first = XMLDocument(root: XMLElement("a", attributes: [("traits", "button")]))
        let second = XMLDocument(root: XMLElement("b", attributes: [("traits", "image")]))
        let shared = XPathEvaluator(document: first, namespaces: accessibilityNamespaces, functions: accessibilityFunctions)
        #expect(try shared.boolean(isButton, at: first.root))
        #expect(try shared.boolean(isButton, at: second.root) == false)
        #expect(try shared.string(compile("name(/*)"), at: second.root) == "b")
        #expect(try shared.nodes(compile("//*[ax:has-trait('selected')]"), at: document.root).map(\.name) == ["button"])
    }

    @Test("A compiled expression can be reused across evaluators and documents, and copied")
    func reuseAcrossDocuments() throws {
        let expression = try compile("count(//*[ax:has-trait('button')])")
        let other = try XMLDocument(parsing: "<r><x traits='button'/><y traits='button'/><z/></r>", name: "<string>")
        let otherEvaluator = XPathEvaluator(document: other, namespaces: accessibilityNamespaces, functions: accessibilityFunctions)
        #expect(try evaluator.evaluate(expression, at: document.root) == .number(1))
        #expect(try otherEvaluator.evaluate(expression, at: other.root) == .number(2))
        #expect(try otherEvaluator.evaluate(expression.copy(), at: other.root) == .number(2))
        #expect(expression.copy().source == expression.source)
    }
}
