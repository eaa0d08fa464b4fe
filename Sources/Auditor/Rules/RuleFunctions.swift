import AccessibilityModel
import XMLSupport

/// The project's XPath functions, in the namespace bound to the `ax` prefix.
///
/// They keep rules readable (`ax:has-trait('button')` rather than a `contains` over a
/// padded attribute) and hold the few heuristics rules need in one place. Every rule
/// expression sees the prefix `ax`; rule files declare it for readers. A function whose
/// result depends on its arguments and the document alone is registered `sameForEveryNode`,
/// so that a native evaluation works a call of it on constant arguments out once.
public enum RuleFunctions {
    public static let namespaceURI = "urn:a11y-audit:xpath"
    public static let namespaces = ["ax": namespaceURI]

    /// The control traits: an element with one of them is something a user acts on.
    static let actionableTraits = [
        "button", "link", "adjustable", "tab", "searchField", "keyboardKey", "switchButton", "textEntry",
    ]

    public static let all: XPathFunctions = {
        var functions = XPathFunctions(namespaceURI: namespaceURI)
        // ax:has-trait('button'): the context element has the trait.
        functions.register("has-trait", arity: 1...1, arguments: .strings) { arguments, node in
            .boolean(node.attribute("traits", containsToken: arguments[0].stringValue))
        }
        // ax:is-actionable(): responds to a tap or has a control trait.
        functions.register("is-actionable", arity: 0...0) { _, node in
            .boolean(isActionable(node))
        }
        // ax:fact('color'): the value of a model fact on the context element (or state).
        functions.register("fact", arity: 1...1, arguments: .strings) { arguments, node in
            .string(node.firstChild(named: "fact", where: "name", is: arguments[0].stringValue)?.attribute("value") ?? "")
        }
        // ax:with-fact(nodes, 'tab-index', 2): the nodes whose fact of that name, as ax:fact
        // reads it, has that value (compared as numbers when the value is one, else byte for
        // byte, as XPath compares strings). Like
        // nodes[fact[@name = …]/@value = …], but the value is worked out once, not per node.
        functions.register("with-fact", arity: 3...3, sameForEveryNode: true) { arguments, _ in
            guard case .nodes(let nodes) = arguments[0] else { return .nodes([]) }
            let (name, value) = (arguments[1].stringValue, comparand(arguments[2]))
            return .nodes(nodes.filter { $0.firstChild(named: "fact", where: "name", is: name, has: "value", equalTo: value) })
        }
        // ax:with-attribute(nodes, 'id', value): the nodes whose attribute of that name has
        // that value (compared as ax:with-fact compares). Like nodes[@id = …], but the value
        // is worked out once, not per node.
        functions.register("with-attribute", arity: 3...3, sameForEveryNode: true) { arguments, _ in
            guard case .nodes(let nodes) = arguments[0] else { return .nodes([]) }
            return .nodes(nodes.filter(having(arguments[1].stringValue, arguments[2])))
        }
        // ax:param('scope'): the value of a state dimension, from anywhere in the document.
        functions.register("param", arity: 1...1, arguments: .strings, sameForEveryNode: true) { arguments, node in
            var root = node
            while let parent = root.parent { root = parent }
            return .string(root.firstChild(named: "param", where: "name", is: arguments[0].stringValue)?.attribute("value") ?? "")
        }
        // ax:ends-with(s, suffix): XPath 1.0 has starts-with only.
        functions.register("ends-with", arity: 2...2, arguments: .strings, sameForEveryNode: true) { arguments, _ in
            .boolean(arguments[0].stringValue.hasSuffix(arguments[1].stringValue))
        }
        // ax:lower(s): lower case, for case-insensitive comparisons.
        functions.register("lower", arity: 1...1, arguments: .strings, sameForEveryNode: true) { arguments, _ in
            .string(arguments[0].stringValue.lowercased())
        }
        // ax:contains-word(s, word): whole-word, case-insensitive.
        functions.register("contains-word", arity: 2...2, arguments: .strings, sameForEveryNode: true) { arguments, _ in
            .boolean(words(arguments[0].stringValue).contains(arguments[1].stringValue.lowercased()))
        }
        // ax:first-word(s)
        functions.register("first-word", arity: 1...1, arguments: .strings, sameForEveryNode: true) { arguments, _ in
            .string(arguments[0].stringValue.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? "")
        }
        // ax:starts-with-verb(s): the first word is a capitalised verb in the third person
        // ("Opens", "Adds", "Shows"), as Apple asks of hints. A heuristic: a capitalised
        // word of three or more letters ending in "s" that is not a plural noun we know.
        functions.register("starts-with-verb", arity: 1...1, arguments: .strings, sameForEveryNode: true) { arguments, _ in
            .boolean(startsWithThirdPersonVerb(arguments[0].stringValue))
        }
        // ax:pt(n): a length in points for messages: at most one decimal.
        functions.register("pt", arity: 1...1, arguments: .numbers, sameForEveryNode: true) { arguments, _ in
            .string(points(arguments[0].numberValue))
        }
        // ax:near(a, b, tolerance): |a − b| ≤ tolerance, for geometry in points.
        functions.register("near", arity: 3...3, arguments: .numbers, sameForEveryNode: true) { arguments, _ in
            .boolean(abs(arguments[0].numberValue - arguments[1].numberValue) <= arguments[2].numberValue)
        }
        // ax:clamp(x, low, high)
        functions.register("clamp", arity: 3...3, arguments: .numbers, sameForEveryNode: true) { arguments, _ in
            .number(min(max(arguments[0].numberValue, arguments[1].numberValue), arguments[2].numberValue))
        }
        // ax:lerp(a, b, t): a + (b − a) × t, and a itself when t is 0 (b may then be absent).
        functions.register("lerp", arity: 3...3, arguments: .numbers, sameForEveryNode: true) { arguments, _ in
            let (a, b, t) = (arguments[0].numberValue, arguments[1].numberValue, arguments[2].numberValue)
            return .number(t == 0 ? a : a + (b - a) * t)
        }
        // ax:if(condition, then, else): for messages that read differently by case.
        functions.register("if", arity: 3...3, sameForEveryNode: true) { arguments, _ in
            arguments[0].booleanValue ? arguments[1] : arguments[2]
        }
        // ax:contrast(foreground, background): WCAG 2's contrast ratio of two `#RRGGBB[AA]`
        // colours, the foreground composited over the background; NaN when either is not a
        // colour, so every comparison with it is false.
        functions.register("contrast", arity: 2...2, arguments: .strings, sameForEveryNode: true) { arguments, _ in
            guard let foreground = SRGBColor(hex: arguments[0].stringValue),
                  let background = SRGBColor(hex: arguments[1].stringValue) else { return .number(.nan) }
            return .number(SRGBColor.contrastRatio(of: foreground, on: background))
        }
        // ax:ratio(n): a contrast ratio for messages, to one decimal and never rounded up
        // to a threshold it misses ("4.4:1", not "4.5:1").
        functions.register("ratio", arity: 1...1, arguments: .numbers, sameForEveryNode: true) { arguments, _ in
            let value = arguments[0].numberValue
            guard value.isFinite else { return .string("unknown") }
            return .string(points((value * 10).rounded(.down) / 10) + ":1")
        }
        // ax:distinct(nodes): no two nodes have the same string value.
        functions.register("distinct", arity: 1...1, sameForEveryNode: true) { arguments, _ in
            .boolean(firstRepeat(in: arguments[0]) == nil)
        }
        // ax:first-repeat(nodes): the first string value that occurs twice, or "".
        functions.register("first-repeat", arity: 1...1, sameForEveryNode: true) { arguments, _ in
            .string(firstRepeat(in: arguments[0]) ?? "")
        }
        // ax:mentions-any(s, 'w1 w2 …'): s contains one of the words, whole and in any case.
        functions.register("mentions-any", arity: 2...2, arguments: .strings, sameForEveryNode: true) { arguments, _ in
            let haystack = Set(words(arguments[0].stringValue))
            return .boolean(arguments[1].stringValue.lowercased().split(separator: " ").contains { haystack.contains(String($0)) })
        }
        // ax:next-stop(): the element VoiceOver stops on after the context element (its
        // `order` plus one), empty after the last stop or for an element it skips.
        functions.register("next-stop", arity: 0...0) { _, node in
            guard let order = node.integer("order"), order > 0 else { return .nodes([]) }
            return .nodes(node.parent?.firstChild(named: "element", where: "order", is: String(order + 1)).map { [$0] } ?? [])
        }
        // ax:reads-before(a, b): the first node of a comes before the first of b in reading
        // order: a row above (its bottom at or above b's top), or in b's row (tops within
        // VoiceOver's 8 pt) and wholly on its leading side, as the state's direction says.
        functions.register("reads-before", arity: 2...2) { arguments, node in
            guard case .nodes(let first) = arguments[0], case .nodes(let second) = arguments[1],
                  let a = first.first.flatMap(frame(of:)), let b = second.first.flatMap(frame(of:)) else { return .boolean(false) }
            if a.y + a.height <= b.y + 0.01 { return .boolean(true) }
            guard abs(a.y - b.y) < FocusOrder.rowTolerance else { return .boolean(false) }
            var root = node
            while let parent = root.parent { root = parent }
            let rightToLeft = root.firstChild(named: "environment", where: "direction", is: "rtl") != nil
            return .boolean(rightToLeft ? a.x >= b.x + b.width - 0.01 : a.x + a.width <= b.x + 0.01)
        }
        // ax:says-words-of(label, text): every word of text that is not a bare figure occurs
        // in label, whole, in the same order and in any case ("Filters" says "filters";
        // "Following" says "Following 4").
        functions.register("says-words-of", arity: 2...2, arguments: .strings, sameForEveryNode: true) { arguments, _ in
            .boolean(says(arguments[0].stringValue, wordsOf: arguments[1].stringValue))
        }
        return functions
    }()

    /// Whether a node's `attribute` has `value` (``XMLNode/attribute(_:equals:)``), the
    /// value worked out once.
    static func having(_ attribute: String, _ value: XPathValue) -> (XMLNode) -> Bool {
        let value = comparand(value)
        return { $0.attribute(attribute, equals: value) }
    }

    /// `value` as ``XMLNode/attribute(_:equals:)`` compares nodes with it: a number as it
    /// is, anything else as its string, worked out once rather than for every node.
    static func comparand(_ value: XPathValue) -> XPathValue {
        if case .number = value { return value }
        return .string(value.stringValue)
    }

    static func isActionable(_ node: XMLNode) -> Bool {
        node.attribute("interactive") == "true" || actionableTraits.contains { node.attribute("traits", containsToken: $0) }
    }

    /// An element's frame, when it has a width and a height; its attributes read as XPath
    /// numbers, as the rule's own comparisons read them.
    static func frame(of node: XMLNode) -> (x: Double, y: Double, width: Double, height: Double)? {
        let (x, y, width, height) = node.numbers(("x", "y", "width", "height"))
        guard !x.isNaN, !y.isNaN, width > 0, height > 0 else { return nil }
        return (x, y, width, height)
    }

    static func says(_ label: String, wordsOf text: String) -> Bool {
        let spoken = words(label)
        var next = spoken.startIndex
        for word in words(text) where !word.allSatisfy(\.isNumber) {
            guard let found = spoken[next...].firstIndex(of: word) else { return false }
            next = spoken.index(after: found)
        }
        return true
    }

    static func firstRepeat(in value: XPathValue) -> String? {
        guard case .nodes(let nodes) = value else { return nil }
        var seen = Set<String>()
        for node in nodes where !seen.insert(node.textContent).inserted { return node.textContent }
        return nil
    }

    static func words(_ text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "-") }.map(String.init)
    }

    static func startsWithThirdPersonVerb(_ text: String) -> Bool {
        guard let first = text.split(whereSeparator: \.isWhitespace).first,
              let initial = first.first, initial.isUppercase, first.count >= 3 else { return false }
        let word = first.lowercased()
        return word.hasSuffix("s") && !word.hasSuffix("ss") && !nounsEndingInS.contains(word)
    }

    /// Plural nouns that open a phrase and would fool the verb test.
    static let nounsEndingInS: Set<String> = ["filters", "articles", "items", "settings", "stories", "news", "tabs", "chips"]

    static func points(_ value: Double) -> String {
        guard value.isFinite else { return String(value) }
        let tenths = (value * 10).rounded() / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
    }
}
