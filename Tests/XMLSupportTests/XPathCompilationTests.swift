import Testing
import XMLSupport

@Suite("Compiling XPath expressions")
struct XPathCompilationTests {
    static let namespaces = ["ax": "urn:a11y"]
    static var functions: XPathFunctions {
        var functions = XPathFunctions(namespaceURI: "urn:a11y")
        functions.register("has-trait", arity: 1...1) { _, _ in .boolean(true) }
        functions.register("role", arity: 0...0) { _, _ in .string("") }
        return functions
    }

    static func compile(_ source: String) throws(XMLError) -> XPathExpression {
        try XPathExpression(source, namespaces: namespaces, functions: functions)
    }

    @Test("Syntax errors give libxml2's message and the 1-based column where it stopped", arguments: [
        ("count(//b", 10, "Invalid expression"),
        ("1 +", 4, "Invalid expression"),
        ("foo bar", 5, "Invalid expression"),
        ("//b[", 5, "Invalid expression"),
        ("'abc", 5, "Unfinished literal"),
        ("é + +", 5, "Invalid expression"),   // columns count characters, not UTF-8 bytes
    ])
    func syntaxError(source: String, column: Int, message: String) {
        let error = caughtError { try Self.compile(source) }
        #expect(error == XMLError(file: "<xpath>", line: 0, column: column, message: message))
    }

    @Test("An unknown custom function is rejected, naming it and listing the known ones")
    func unknownCustomFunction() throws {
        let error = try #require(caughtError { try Self.compile("//button[ax:has-trait('a') and ax:hsa-trait('b')]") })
        #expect(error.column == 32)
        #expect(error.line == 0)
        #expect(error.message == "Unknown function 'ax:hsa-trait()'; the functions in namespace 'urn:a11y' are: ax:has-trait, ax:role")
    }

    @Test("An unknown unprefixed function is rejected, listing the XPath 1.0 functions")
    func unknownCoreFunction() throws {
        let error = try #require(caughtError { try Self.compile("count(//a) > 0 and matches(@id, 'x')") })
        #expect(error.column == 20)
        #expect(error.message.hasPrefix("Unknown function 'matches()'; the XPath 1.0 functions are: boolean, ceiling, concat, contains, count,"))
    }

    @Test("A function in a namespace without functions is rejected")
    func functionInOtherNamespace() throws {
        let error = try #require(caughtError {
            try XPathExpression("x:f()", namespaces: ["x": "urn:other"], functions: Self.functions)
        })
        #expect(error.message == "Unknown function 'x:f()'; no functions are known in namespace 'urn:other'")
        #expect(error.column == 1)
    }

    @Test("Undeclared prefixes are rejected, in function calls and in name tests", arguments: [
        ("zz:has-trait('a')", 1, "Undeclared namespace prefix 'zz' in function 'zz:has-trait()'; declared prefixes: ax"),
        ("//zz:item", 3, "Undeclared namespace prefix 'zz' in 'zz:item'; declared prefixes: ax"),
        ("count(zz:*)", 7, "Undeclared namespace prefix 'zz' in 'zz:*'; declared prefixes: ax"),
    ])
    func undeclaredPrefix(source: String, column: Int, message: String) {
        let error = caughtError { try Self.compile(source) }
        #expect(error == XMLError(file: "<xpath>", line: 0, column: column, message: message))
    }

    @Test("Node-type tests, axes, operator names, literals and the xml prefix are not mistaken for function calls", arguments: [
        "node() | text() | comment() | processing-instruction('x')",
        "child::button[@id] and (count(*) div 2 > 1)",
        "a and (b) or (c) mod (d)",
        "string-length('ax:nothing(') = 11",
        "@xml:lang = 'en' and ancestor-or-self::*[lang('en')]",
        "2 * (3) * count(*)",
        "//ax:button[ax:has-trait(\"a\")][ax:role() = 'x']",
        "ax:*",
        "$ax:var = 1 or true()",
        "- (1)",
    ])
    func validExpressions(source: String) throws {
        let expression = try Self.compile(source)
        #expect(expression.source == source)
    }
}
