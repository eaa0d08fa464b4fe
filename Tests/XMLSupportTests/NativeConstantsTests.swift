import Synchronization
import Testing
@testable import XMLSupport

/// A part of an expression that is the same wherever in the document it is evaluated is
/// worked out once per evaluation, however often it recurs and wherever it is written
/// again; a part that reads the context node, or calls a function that may, is worked out
/// at each node.
@Suite("Native constants: parts the same for every node worked out once")
struct NativeConstantsTests {
    static let document = """
        <state><environment width="300"/><element x="10"/><element x="200"/><element x="120"/><element x="90"/></state>
        """

    final class Calls: Sendable {
        private let count = Mutex(0)
        func add() { count.withLock { $0 += 1 } }
        var total: Int { count.withLock { $0 } }
        func reset() { count.withLock { $0 = 0 } }
    }

    /// A function that counts its calls and gives its argument back.
    static func counting(sameForEveryNode: Bool) -> (XPathFunctions, Calls) {
        let calls = Calls()
        var functions = XPathFunctions(namespaceURI: "urn:test")
        functions.register("echo", arity: 1...1, arguments: .numbers, sameForEveryNode: sameForEveryNode) { arguments, _ in
            calls.add()
            return arguments[0]
        }
        return (functions, calls)
    }

    @Test("calls of a function the same for every node, on constant arguments, are made once per evaluation for each call written differently",
          arguments: [
              ("element[@x > t:echo(/state/environment/@width div 3)]", 1),
              ("element[@x > t:echo(/state/environment/@width div 3) and @x < t:echo(/state/environment/@width div 3) * 2]", 1),
              ("element[@x > t:echo(/state/environment/@width div 3) and @x < t:echo(/state/environment/@width div 2)]", 2),
              ("element[@x > t:echo(t:echo(/state/environment/@width) div 3) and @x < t:echo(/state/environment/@width)]", 2),
              ("element[floor(t:echo(/state/environment/@width div 7)) < @x]", 1),
              ("element[@x > t:echo(@x - 1)]", 4),
          ])
    func once(source: String, calls expected: Int) throws {
        let (functions, calls) = Self.counting(sameForEveryNode: true)
        let document = try XMLDocument(parsing: Self.document, name: "constants.xml")
        let native = try #require(NativeExpression(source, namespaces: ["t": "urn:test"], functions: functions))
        let compiled = try XPathExpression(source, namespaces: ["t": "urn:test"], functions: functions)
        let evaluator = XPathEvaluator(document: document, namespaces: ["t": "urn:test"], functions: functions)
        let selected = try evaluator.nodes(compiled, at: document.root)
        calls.reset()
        #expect(try native.nodes(at: document.root) == selected)
        #expect(calls.total == expected)
    }

    @Test("a part written twice outside any predicate is worked out once")
    func writtenTwice() throws {
        let (functions, calls) = Self.counting(sameForEveryNode: true)
        let document = try XMLDocument(parsing: Self.document, name: "constants.xml")
        let source = "t:echo(/state/environment/@width) > 100 and t:echo(/state/environment/@width) < 1000"
        let native = try #require(NativeExpression(source, namespaces: ["t": "urn:test"], functions: functions))
        #expect(try native.boolean(at: document.root))
        #expect(calls.total == 1)
    }

    @Test("a call that may read the context node, written twice outside any predicate, is made once; inside a predicate, at every node each time",
          arguments: [("t:echo(@x) > 0 and t:echo(@x) < 1000", 1), ("element[t:echo(@x) > 0 and t:echo(@x) < 1000]", 8),
                      ("t:echo(@x) > 0 and ../element[t:echo(@x) > 0]", 5)])
    func readsContextWrittenTwice(source: String, calls expected: Int) throws {
        let (functions, calls) = Self.counting(sameForEveryNode: false)
        let document = try XMLDocument(parsing: Self.document, name: "constants.xml")
        let element = try #require(document.root.elementChildren.dropFirst().first)
        let native = try #require(NativeExpression(source, namespaces: ["t": "urn:test"], functions: functions))
        let compiled = try XPathExpression(source, namespaces: ["t": "urn:test"], functions: functions)
        let evaluator = XPathEvaluator(document: document, namespaces: ["t": "urn:test"], functions: functions)
        let at = source.hasPrefix("element") ? document.root : element
        let holds = try evaluator.boolean(compiled, at: at)
        calls.reset()
        #expect(try native.boolean(at: at) == holds)
        #expect(calls.total == expected)
    }

    @Test("a custom function named like a core function is not taken for it, in a predicate where both are kept")
    func customNamedLikeCore() throws {
        var functions = XPathFunctions(namespaceURI: "urn:test")
        functions.register("floor", arity: 1...1, arguments: .numbers, sameForEveryNode: true) { arguments, _ in
            .number(arguments[0].numberValue.rounded(.down) + 100)
        }
        let document = try XMLDocument(parsing: Self.document, name: "constants.xml")
        // 300 div 7 is 42.86: floor gives 42, t:floor 142.
        let source = "element[floor(/state/environment/@width div 7) + t:floor(/state/environment/@width div 7) = 184]"
        let native = try #require(NativeExpression(source, namespaces: ["t": "urn:test"], functions: functions))
        let compiled = try XPathExpression(source, namespaces: ["t": "urn:test"], functions: functions)
        let evaluator = XPathEvaluator(document: document, namespaces: ["t": "urn:test"], functions: functions)
        let selected = try evaluator.nodes(compiled, at: document.root)
        #expect(selected.count == 4)
        #expect(try native.nodes(at: document.root) == selected)
    }

    @Test("a function that may read the context node is called at every node")
    func readsContext() throws {
        let (functions, calls) = Self.counting(sameForEveryNode: false)
        let document = try XMLDocument(parsing: Self.document, name: "constants.xml")
        let native = try #require(NativeExpression("element[@x > t:echo(/state/environment/@width div 3)]",
                                                   namespaces: ["t": "urn:test"], functions: functions))
        #expect(try native.nodes(at: document.root).count == 2)
        #expect(calls.total == 4)
    }
}
