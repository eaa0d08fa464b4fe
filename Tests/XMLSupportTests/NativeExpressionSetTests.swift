import Synchronization
import Testing
import XMLSupport

/// Expressions compiled together share the parts they write alike at one node: each gives
/// what it gives alone, and a shared part is worked out once.
@Suite("Native expression sets: parts shared at one node")
struct NativeExpressionSetTests {
    /// How many times `t:tabs(…)` ran: the shared part whose work is counted.
    static let calls = Mutex(0)

    static let functions: XPathFunctions = {
        var functions = XPathFunctions(namespaceURI: "urn:test")
        // The tabs whose index fact is the argument, like the auditor's ax:with-fact.
        functions.register("tabs", arity: 1...1, arguments: .numbers, sameForEveryNode: true) { arguments, node in
            calls.withLock { $0 += 1 }
            var root = node
            while let parent = root.parent { root = parent }
            return .nodes(root.elementChildren.filter { $0.number("index") == arguments[0].numberValue })
        }
        functions.register("near", arity: 3...3, arguments: .numbers, sameForEveryNode: true) { arguments, _ in
            .boolean(abs(arguments[0].numberValue - arguments[1].numberValue) <= arguments[2].numberValue)
        }
        return functions
    }()

    static let namespaces = ["t": "urn:test"]

    static let document = """
        <state offset="1.5" count="3">
          <tab index="0" x="0" width="80"/><tab index="1" x="80" width="100"/><tab index="2" x="180" width="60"/>
          <bar id="indicator" x="130" width="80"/><fact name="pager" value="2"/>
        </state>
        """

    /// Tests written as TopTabs' indicator rule writes them: the same tabs found in each.
    static let sources = [
        "t:near(@x, t:tabs(floor(/state/@offset))/@x + (t:tabs(floor(/state/@offset) + 1)/@x - t:tabs(floor(/state/@offset))/@x) * 0.5, 0.5)",
        "t:near(@width, t:tabs(floor(/state/@offset))/@width + (t:tabs(floor(/state/@offset) + 1)/@width - t:tabs(floor(/state/@offset))/@width) * 0.5, 0.5)",
        // Paths from the root that the others do not write: numbered apart from theirs.
        "/state/fact[@name = 'pager']/@value = 2 and /state/@count = 3",
        "/state/@count = 3 and @id = 'indicator'",
        // Left to libxml2: a member that is not native leaves the others as they are.
        "count(//tab) = 3",
    ]

    @Test("each member gives at a node what it gives compiled alone, and what libxml2 gives")
    func membersAgree() throws {
        let document = try XMLDocument(parsing: Self.document, name: "<string>")
        let set = NativeExpressionSet(Self.sources, namespaces: Self.namespaces, functions: Self.functions)
        #expect(set.members.map { $0 != nil } == [true, true, true, true, false])
        let evaluator = XPathEvaluator(document: document, namespaces: Self.namespaces, functions: Self.functions)
        for node in document.root.elementChildren + [document.root] {
            let shared = set.evaluations(at: node)
            for (index, source) in Self.sources.enumerated() {
                let expected = try evaluator.boolean(try XPathExpression(source, namespaces: Self.namespaces,
                                                                         functions: Self.functions), at: node)
                if let alone = NativeExpression(source, namespaces: Self.namespaces, functions: Self.functions) {
                    #expect(try alone.boolean(at: node) == expected, "\(source) alone at \(node)")
                    #expect(try shared.boolean(index) == expected, "\(source) in the set at \(node)")
                } else {
                    #expect(throws: NativeExpressionError.self) { try shared.boolean(index) }
                }
            }
        }
    }

    @Test("a part two members write alike is worked out once at a node, and again at the next")
    func sharedPartsOnce() throws {
        let document = try XMLDocument(parsing: Self.document, name: "<string>")
        let indicator = try #require(document.root.elementChildren.first { $0.attribute("id") == "indicator" })
        let set = NativeExpressionSet(Array(Self.sources.prefix(2)), namespaces: Self.namespaces, functions: Self.functions)
        // The tabs looked up by one evaluation, and its verdict.
        func counted(_ evaluation: () throws -> Bool) throws -> (calls: Int, holds: Bool) {
            let before = Self.calls.withLock { $0 }
            let holds = try evaluation()
            return (Self.calls.withLock { $0 } - before, holds)
        }
        // Two tabs looked up, whichever member asks first and however often it writes them.
        let shared = set.evaluations(at: indicator)
        let first = try counted { try shared.boolean(0) }
        let second = try counted { try shared.boolean(1) }
        let afresh = try counted { try set.evaluations(at: indicator).boolean(1) }
        #expect(first.holds && second.holds && afresh.holds)
        #expect(first.calls == 2)
        #expect(second.calls == 0)
        #expect(afresh.calls == 2)
    }
}
