@testable import Auditor
import BlockModels
import Testing
@testable import XMLSupport

/// Rule contexts and assertions of the common shapes are evaluated in Swift
/// (``NativeExpression``); libxml2 stays the reference. Each test compares the two.
@Suite("Expressions evaluated natively")
struct NativeExpressionTests {
    /// Attribute values chosen to catch conversions that differ: padding, signs, exponents
    /// (libxml2 reads "1e3" as 1000, where XPath 1.0's grammar has NaN), empty strings,
    /// decomposed accents, figures with dots.
    static let corpus = """
        <state>
          <environment width="320" direction="rtl" reduce-motion="false"/>
          <param name="selection" value="b"/>
          <fact name="pager-offset" value="1.5"/>
          <element id="a" order="1" x="16" y="0" width="80" height="44" label=" For  you " hidden="false" rank="1e3">
            <fact name="tab-index" value="0"/><ink kind="text" foreground="#000000" background="#FFFFFF"/>
          </element>
          <element id="b" order="2" x=" 100 " y="0" width="60.50" height="44" label="Saved" hidden="false" rank="-0" traits="button selected">
            <fact name="tab-index" value="1"/>
          </element>
          <element id="c" order="3" x="-4" y="50" width=".5" height="44" label="e\u{301}" hidden="true" rank="5.">
            <fact name="role" value="page"/>
          </element>
          <element id="d" order="0" x="abc" y="" width="0" label="" hidden="false" rank="NaN"/>
          <element id="e" order="4" x="300" y="50" width="30" height="10" label="é" hidden="false" rank="+2"/>
          <scroll id="strip" scroll-enabled="true" offset="0" content-length="900" viewport-length="320"/>
          <transition action="activate" target="b" changes-selection="true"><motion subject="b" follows-finger="false"/></transition>
        </state>
        """

    /// Each expression, and the nodes it selects (ids) or its boolean, must come out of
    /// both evaluators alike; every one of them is of the native subset.
    static let expressions: [String] = [
        "element", "element[@hidden = 'false']", "element[@hidden != 'false']", "element[@x > 0]", "element[@x >= 0]",
        "element[@x + @width <= /state/environment/@width]", "element[@rank = 1000]", "element[@rank != 1000]",
        "element[@rank = 0]", "element[@rank]", "element[not(@height)]", "element[@missing != 'x']", "element[@missing = '']",
        "element[@label = 'é']", "element[@label = 'e\u{301}']", "element[normalize-space(@label) = 'For you']",
        "element[normalize-space(@label) != '']", "element[starts-with(@id, 'b')]", "element[contains(@label, 'av')]",
        "element[string-length(@label) = 1]", "element[translate(@x, '0123456789 ', '') = '']",
        "element[@order > 0 and ax:next-stop()[@x >= 0]]", "element[ax:next-stop()/@y = 50]", "element[ax:is-actionable()]",
        "element[ax:has-trait('selected')]", "element[ax:fact('tab-index') = 1]", "element[fact[@name = 'role']/@value = 'page']",
        "element[fact/@value = ../fact/@value]", "element[../environment/@direction = 'rtl']", "element[. = '']",
        "element[@width = 60.5]", "element[@x * 2 > 100 or @y div 0 = @y div 0]", "element[@width mod 7 < 3]",
        "element[floor(@width) = 60]", "element[ceiling(@width) = 1]", "element[@order = count(../element) - 1]",
        "element[@hidden = true()]", "element[@hidden = false()]", "element[boolean(@rank) = (@order > 1)]",
        "element[number(@rank) >= 5]", "element[string(@order) = '3']", "element[concat(@id, @order) = 'b2']",
        "element[2]", "element[@hidden = 'false'][2]", "element[@order][@order = 4]", "element/ink[@kind = 'text' and @foreground]",
        "element/fact", "/state[element[@order > 3]]", "/state[element[@order > 9]]", "/state/environment",
        "transition[/state/environment/@reduce-motion = 'false']/motion[not(@follows-finger = 'true')]",
        "scroll[@id = 'strip' and @scroll-enabled = 'true']", "element[ax:with-fact(../element, 'tab-index', 1)/@x = ' 100 ']",
        "element[ax:reads-before(ax:next-stop(), .)]", "element[@x < ax:next-stop()/@x]", "element[@label = ../element/@label]",
        "element[concat(@width * 3, '') = '181.5']", "element[string(0.1 + 0.2) = '0.3']", "element[string(1 div 3) = ../@none]",
        "element[ax:pt(@width div 3) = '20.2']", "element[concat(@order div 3, '') = string(@order div 3)]",
        "element[@x + @width <= /state/environment/@width and /state/@block != /state/environment/@direction]",
        // Parts the same for every node, worked out once, and written alike more than once.
        "element[@x > ax:clamp(/state/environment/@width div 10, 0, 100)]",
        "element[ax:near(@width, floor(ax:clamp(/state/fact/@value, 0, 3)) + 59, 1) or @x < floor(ax:clamp(/state/fact/@value, 0, 3))]",
        "element[ax:with-fact(/state/element, 'tab-index', floor(ax:clamp(/state/fact/@value, 0, 1)))/@id = @id]",
        "element[ax:with-attribute(../element, 'id', concat('', ax:param('selection')))/@order = @order - 1]",
        "element[(ax:param('selection') = 'b') = (@order > 1)]", "element[true() > @rank and ax:near(1, 1, 0) >= @width]",
        "element[ax:lerp(/state/environment/@width, 0, 0.5) < @x * 2][ax:if(/state/environment/@width > 100, 1, 2)]",
    ]

    static func evaluator(for document: XMLDocument) -> XPathEvaluator {
        XPathEvaluator(document: document, namespaces: RuleFunctions.namespaces, functions: RuleFunctions.all)
    }

    static func native(_ source: String) -> NativeExpression? {
        NativeExpression(source, namespaces: RuleFunctions.namespaces, functions: RuleFunctions.all)
    }

    @Test("an expression of the subset selects the same nodes, and has the same boolean and string, natively and in libxml2",
          arguments: expressions)
    func agreesWithLibXML2(source: String) throws {
        let document = try XMLDocument(parsing: Self.corpus, name: "corpus.xml")
        let compiled = try XPathExpression(source, namespaces: RuleFunctions.namespaces, functions: RuleFunctions.all)
        let native = try #require(Self.native(source), "outside the subset")
        let evaluator = Self.evaluator(for: document)
        let expected = try evaluator.nodes(compiled, at: document.root)
        #expect(try native.nodes(at: document.root) == expected)
        #expect(try native.boolean(at: document.root) == (try evaluator.boolean(compiled, at: document.root)))
        #expect(try native.string(at: document.root) == (try evaluator.string(compiled, at: document.root)))
        // Also from each element, as an assertion is evaluated at each subject.
        for element in document.root.elementChildren {
            let place = "at \(element.attribute("id") ?? element.name)"
            #expect(try native.boolean(at: element) == (try evaluator.boolean(compiled, at: element)), "\(place)")
            #expect(try native.string(at: element) == (try evaluator.string(compiled, at: element)), "\(place)")
        }
    }

    @Test("expressions outside the subset are left to libxml2",
          arguments: ["//element", "element[last()]", "element[position() = 2]", "-@x", "$width", "ancestor::state",
                      "element | scroll", "(element)[1]", "*", "element/@*", "text()", "element[@x = substring(@y, 1)]"])
    func leftToLibXML2(source: String) {
        #expect(Self.native(source) == nil)
    }

    @Test("the geometry rules are evaluated natively: every context and assertion of focus order and TopTabs' contract",
          arguments: ["focus-order", "top-tabs.indicator", "top-tabs.strip-centres-selection", "top-tabs.sizing"])
    func geometryRulesAreNative(ruleID: String) throws {
        let rule = try #require(try Checkout.bundledSpec().compiled().rules.first { $0.rule.id == ruleID })
        #expect(rule.nativeContext != nil)
        #expect(rule.nativeTests.members.allSatisfy { $0 != nil })
    }

    @Test("every bundled rule selects the same subjects and gives the same verdicts and messages natively, on its examples and on states of every block",
          arguments: Checkout.bundledRuleIDs)
    func bundledRulesAgree(ruleID: String) throws {
        let rule = try #require(try Checkout.bundledSpec().compiled().rules.first { $0.rule.id == ruleID })
        var documents = (rule.rule.passingExamples + rule.rule.failingExamples).map { XMLDocument(root: $0.value) }
        for block in BuiltInBlocks.all where rule.rule.applies(to: block.name) {
            let states = block.stateSpace.all
            // About forty states of each block, spread over its whole space.
            for position in stride(from: 0, to: states.count, by: max(1, states.count / 40)) {
                documents.append(StateDocument.document(for: block.snapshot(of: states[position])))
            }
        }
        var compared = 0
        for document in documents {
            let evaluator = Self.evaluator(for: document)
            let subjects = try evaluator.nodes(rule.context, at: document.root)
            if let native = rule.nativeContext, let nodes = try? native.nodes(at: document.root) {
                #expect(nodes == subjects)
                compared += 1
            }
            for subject in subjects {
                // The tests at one subject share what they write alike, as the engine evaluates them.
                let natives = rule.nativeTests.evaluations(at: subject)
                for (index, (test, message)) in rule.assertions.enumerated() {
                    // Each part of its message, at every subject, whether it fails there or not.
                    for case .expression(let expression, let native?) in message.parts {
                        guard let string = try? native.string(at: subject) else { continue }
                        #expect(string == (try evaluator.string(expression, at: subject)),
                                "{\(expression.source)} at \(CompiledRule.name(of: subject))")
                    }
                    guard rule.nativeTests.members[index] != nil, let holds = try? natives.boolean(index) else { continue }
                    #expect(holds == (try evaluator.boolean(test, at: subject)), "\(test.source) at \(CompiledRule.name(of: subject))")
                    compared += 1
                }
            }
        }
        if rule.nativeContext != nil { #expect(compared >= documents.count) }
    }
}
