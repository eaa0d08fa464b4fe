import Testing
import XMLSupport

@Suite("XPath 1.0 conversions of XPathValue")
struct XPathValueTests {
    @Test("boolean(), string() and number() of atomic values", arguments: [
        (XPathValue.boolean(true), true, "true", 1.0),
        (.boolean(false), false, "false", 0),
        (.number(0), false, "0", 0),
        (.number(-0.0), false, "0", -0.0),
        (.number(2), true, "2", 2),
        (.number(-3.5), true, "-3.5", -3.5),
        (.number(1e21), true, "1000000000000000000000", 1e21),
        (.number(1.5e-7), true, "0.00000015", 1.5e-7),
        (.number(0.1), true, "0.1", 0.1),
        (.number(.infinity), true, "Infinity", .infinity),
        (.number(-.infinity), true, "-Infinity", -.infinity),
        (.string(""), false, "", .nan),
        (.string("0"), true, "0", 0),
        (.string(" -12.5\n"), true, " -12.5\n", -12.5),
        (.string(".5"), true, ".5", 0.5),
        (.string("5."), true, "5.", 5),
        (.string("1e3"), true, "1e3", 1000),
        (.string("-1.5E2"), true, "-1.5E2", -150),
        (.string("5.e-1"), true, "5.e-1", 0.5),
        (.string("1e"), true, "1e", 1),
        (.string(".e3"), true, ".e3", .nan),
        (.string("1e3.5"), true, "1e3.5", .nan),
        (.string("+1"), true, "+1", .nan),
        (.string("abc"), true, "abc", .nan),
        (.string("-.5"), true, "-.5", -0.5),
        (.string("-"), true, "-", .nan),
        (.string("."), true, ".", .nan),
        (.string("1.2.3"), true, "1.2.3", .nan),
        (.string("0012"), true, "0012", 12),
        (.string("\u{A0}1"), true, "\u{A0}1", .nan),
        (.string("\u{0661}"), true, "\u{0661}", .nan),
        (.string("１"), true, "１", .nan),
    ])
    func atomicConversions(value: XPathValue, boolean: Bool, string: String, number: Double) {
        #expect(value.booleanValue == boolean)
        #expect(value.stringValue == string)
        if number.isNaN {
            #expect(value.numberValue.isNaN)
        } else {
            #expect(value.numberValue == number)
        }
    }

    /// Decimals as documents write them (lengths with up to two decimals, opacities, colour
    /// ratios) and some longer ones, which take another path.
    static let decimals: [String] = {
        var generator = SplitMix(state: 0x5EED)
        var decimals = ["-0", "0.07", "16.33", "0.1", "0.3", "999999999999999", "9007199254740993", "1.00000000000000000001",
                        "0000000000000000000000.5", "123456789.123456", "-42.125", "5.", ".25"]
        for _ in 0..<2_000 {
            let whole = String(UInt64.random(in: 0...999_999, using: &generator))
            let fraction = String(UInt64.random(in: 0...999_999_999, using: &generator)).prefix(Int.random(in: 0...9, using: &generator))
            decimals.append((Bool.random(using: &generator) ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction))
        }
        return decimals
    }()

    /// A seeded generator, so that every run reads the same decimals.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test("number() reads a decimal to the same double as Double(_:), sign of zero included")
    func decimalsReadExactly() {
        for text in Self.decimals {
            var literal = text.hasSuffix(".") ? text + "0" : text
            if literal.hasPrefix(".") { literal = "0" + literal }
            let expected = Double(literal)!
            #expect(XPathValue.string(text).numberValue.bitPattern == expected.bitPattern, "\(text)")
        }
    }

    @Test("number() reads a string as libxml2's number() does, exponents included", arguments: [
        "1e3", "1E3", "1e+3", "1e-3", "1e", "1e+", "1e-", ".e3", "e3", "1.5e2", " 1e3 ", "-1e3", "1e3.5", ".5e1",
        "5.e1", "1e400", "-1e-400", "-.e1", "1e03", "+1e3", "1 e3", "1e 3", "1e3e3", "16.33", "-0", "",
    ])
    func numbersReadAsLibXML2ReadsThem(text: String) throws {
        let document = try XMLDocument(parsing: "<r/>", name: "<string>")
        let evaluator = XPathEvaluator(document: document, namespaces: [:], functions: .none)
        let libxml2 = try evaluator.evaluate(try XPathExpression("number('\(text)')", namespaces: [:], functions: .none),
                                             at: document.root).numberValue
        let swift = XPathValue.string(text).numberValue
        #expect(swift.isNaN == libxml2.isNaN, "\(text)")
        if !libxml2.isNaN { #expect(swift == libxml2, "\(text)") }
    }

    @Test("An attribute read as a number in place: NaN when absent or not a number")
    func attributeNumbers() throws {
        let document = try XMLDocument(parsing: #"<r x="16.33" y=" -2 " w="1e3"/>"#, name: "<string>")
        #expect(document.root.number("x") == 16.33)
        #expect(document.root.number("y") == -2)
        #expect(document.root.number("w") == 1000)
        #expect(document.root.number("h").isNaN)
    }

    @Test("Four attributes read in one pass are each what number(_:) reads, wherever and however they are held",
          arguments: [
              #"<r x="16.33" y=" -2 " width="1e3" height="44"/>"#,
              #"<r height="44" id="a" width="80" label="b" y="0" x="16"/>"#,
              #"<r x="16" width="" height="x"/>"#,
              #"<r xmlns:p="urn:p" p:x="1" x="2" p:y="3"/>"#,
              #"<r x="1&#x2E;5" y="2&amp;3" width="7"/>"#,
              #"<!DOCTYPE r [<!ATTLIST r y CDATA "12.5">]><r x="3"/>"#,
              #"<r/>"#,
          ])
    func fourAttributesInOnePass(source: String) throws {
        let root = try XMLDocument(parsing: source, name: "<string>").root
        let (x, y, width, height) = root.numbers(("x", "y", "width", "height"))
        for (read, name) in [(x, "x"), (y, "y"), (width, "width"), (height, "height")] {
            let alone = root.number(name)
            #expect(read.isNaN == alone.isNaN && (read.isNaN || read == alone), "\(name) in \(source)")
        }
    }

    @Test("An attribute read as an integer in place is what Int(_:) makes of its value",
          arguments: ["7", "+7", "-7", "0", "-0", "007", "", "+", "-", " 7", "7 ", "7.0", "1e3", "x", "9223372036854775807",
                      "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "٣"])
    func integerAttribute(value: String) {
        let root = XMLDocument(root: XMLElement("r", attributes: [XMLAttribute("order", value)])).root
        #expect(root.integer("order") == Int(value))
        #expect(root.integer("absent") == nil)
    }

    @Test("A child's attribute compared in place is what the child found, then its attribute read, give",
          arguments: [XPathValue.number(2), .number(2.5), .number(.nan), .string("2"), .string("2.0"), .string("two"), .string("")])
    func childAttributeCompared(value: XPathValue) throws {
        let root = try XMLDocument(parsing: #"""
            <e><fact name="other" value="2"/><fact name="index" value="2.0"/><fact name="index" value="2"/><fact name="blank"/></e>
            """#, name: "<string>").root
        for key in ["index", "other", "blank", "absent"] {
            let child = root.firstChild(named: "fact", where: "name", is: key)
            let expected: Bool
            if case .number(let number) = value {
                expected = child.map { $0.number("value") == number } ?? false
            } else {
                expected = child.map { $0.attribute("value", is: value.stringValue) } ?? false
            }
            #expect(root.firstChild(named: "fact", where: "name", is: key, has: "value", equalTo: value) == expected,
                    "\(key) against \(value)")
        }
    }

    @Test("An attribute compared in place is equal byte for byte, absent or in a namespace never")
    func attributesComparedInPlace() throws {
        let document = try XMLDocument(parsing: #"<r xmlns:p="urn:p" id="tab.for-you" label="Für dich" p:id="tab.other" empty=""/>"#,
                                       name: "<string>")
        #expect(document.root.attribute("id", is: "tab.for-you"))
        #expect(!document.root.attribute("id", is: "tab.for-yo"))
        #expect(!document.root.attribute("id", is: "tab.for-you."))
        #expect(!document.root.attribute("id", is: "tab.other"))
        #expect(document.root.attribute("label", is: "Für dich"))
        #expect(!document.root.attribute("label", is: "Fur dich"))
        #expect(document.root.attribute("empty", is: ""))
        #expect(!document.root.attribute("missing", is: ""))
    }

    @Test("NaN is false and written NaN")
    func notANumber() {
        #expect(XPathValue.number(.nan).booleanValue == false)
        #expect(XPathValue.number(.nan).stringValue == "NaN")
    }

    @Test("A node-set is true when non-empty; its string is the first node's in document order")
    func nodeSets() throws {
        let document = try XMLDocument(parsing: "<r><a>first</a><b> 42 </b></r>", name: "<string>")
        let a = document.root.elementChildren[0]
        let b = document.root.elementChildren[1]
        #expect(XPathValue.nodes([]).booleanValue == false)
        #expect(XPathValue.nodes([]).stringValue == "")
        #expect(XPathValue.nodes([]).numberValue.isNaN)
        #expect(XPathValue.nodes([b, a]).booleanValue)
        #expect(XPathValue.nodes([b, a]).stringValue == "first")
        #expect(XPathValue.nodes([b]).numberValue == 42)
        #expect(XPathValue.nodes([document.root]).stringValue == "first 42 ")
    }
}
