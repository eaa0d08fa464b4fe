@testable import Auditor
import Testing

/// What memoisation may assume about a rule comes from its expressions alone.
@Suite("A rule's footprint says what of a state document it can see")
struct RuleFootprintTests {
    static func footprint(_ id: String) throws -> RuleFootprint {
        let rule = try #require(try Checkout.bundledSpec().rules.first { $0.id == id })
        return RuleFootprint(rule: rule)
    }

    @Test("a rule that reads one element or transition, the environment and named parameters is local to it",
          arguments: [("target-size", "element", ""), ("reduce-motion", "transition", ""),
                      ("selection-haptic", "transition", ""), ("scope-header.scopes", "element", "scope"),
                      ("scope-header.chips", "element", "on"), ("top-tabs.tabs", "element", "selection"),
                      ("top-tabs.paging", "transition", "")])
    func local(id: String, unit: String, parameter: String) throws {
        let footprint = try Self.footprint(id)
        #expect(footprint.scope == .unit(unit))
        #expect(footprint.parameters == (parameter.isEmpty ? [] : [parameter]))
    }

    @Test("a rule that looks beyond its subject, or at the whole state, sees the document",
          arguments: ["single-selection", "distinct-focus-stops", "top-tabs.indicator",
                      "top-tabs.strip-centres-selection", "scope-header.filters"])
    func documentWide(id: String) throws {
        #expect(try Self.footprint(id).scope == .document)
    }

    @Test("a document-wide rule about elements does not see transitions")
    func kinds() throws {
        let kinds = try #require(try Self.footprint("single-selection").kinds)
        #expect(kinds.contains("element") && !kinds.contains("transition"))
        #expect(try Self.footprint("scope-header.chip-row").kinds?.contains("scroll") == true)
        #expect(try Self.footprint("scope-header.chip-row").kinds?.contains("transition") == false)
    }

    /// The footprint of a rule with one context and one test.
    static func probe(_ context: String, _ test: String) -> RuleFootprint {
        func located(_ value: String) -> Located<String> { Located(value: value, file: "probe.xml", line: 1, column: 1) }
        return RuleFootprint(rule: Rule(id: "probe", severity: .error, title: "Probe", description: "", tags: [], blocks: [],
                                        context: located(context),
                                        assertions: [Rule.Assertion(test: located(test), message: located("m"))],
                                        passingExamples: [], failingExamples: [], file: "probe.xml", line: 1))
    }

    @Test("an expression the analysis cannot place widens the footprint",
          arguments: [("element[1]", "@label"), ("element", "../element[@id = 'x']"), ("element", "preceding-sibling::element"),
                      ("element", "id('x')"), ("element", "/state/element"), ("element[position() = 2]", "true()")])
    func conservative(context: String, test: String) throws {
        #expect(Self.probe(context, test).scope == .document)
    }

    @Test("a parameter named by a computed expression makes every parameter part of the key")
    func computedParameter() throws {
        #expect(Self.probe("element", "ax:param(@id) = 'x'").parameters == nil)
    }
}
