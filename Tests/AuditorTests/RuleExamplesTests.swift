import Auditor
import BlockModels
import Foundation
import Testing

/// Every rule carries examples that must pass and fail (SwiftLint's pattern): they are the
/// rule's documentation, and running them keeps the documentation honest.
@Suite("Rule examples")
struct RuleExamplesTests {
    @Test("the bundled spec loads: five files, every rule id unique")
    func bundledSpecLoads() throws {
        let spec = try Checkout.bundledSpec()
        #expect(spec.files.map { URL(fileURLWithPath: $0).lastPathComponent } == ["contrast.xml", "general.xml", "peer-checks.xml", "scope-header.xml", "top-tabs.xml"])
        #expect(spec.rules.count > 20)
        #expect(Set(spec.rules.map(\.id)).count == spec.rules.count)
    }

    @Test("every bundled rule's passing examples pass and its failing examples fail", arguments: Checkout.bundledRuleIDs)
    func bundledRuleExamples(ruleID: String) throws {
        let compiled = try Checkout.bundledSpec().compiled()
        let rule = try #require(compiled.rules.first { $0.rule.id == ruleID })
        let result = ExampleRunner.run(rule)
        #expect(result.problems == [], "\(ruleID): \(result.problems.joined(separator: "\n"))")
        #expect(result.passingExamples >= 1 && result.failingExamples >= 1)
    }

    @Test("a rule whose failing example passes is reported, at the example's line")
    func failingExampleThatPasses() throws {
        let files = try TemporaryDirectory()
        let text = ruleFile("""
              <rule id="broken" severity="error" blocks="*">
                <title>Elements have labels</title>
                <context>element</context>
                <assert test="@label != ''">{@id} has no label</assert>
                <pass><state><element id="a" label="A"/></state></pass>
                <fail why="has a label after all"><state><element id="b" label="B"/></state></fail>
              </rule>
            """)
        let path = try files.write("broken.xml", text)
        let spec = try RuleSpec.load(files: [path], schemaDirectory: Checkout.schemaDirectory, knownBlocks: BuiltInBlocks.names)
        let results = ExampleRunner.run(try spec.compiled())
        let line = try #require(location(of: "<state><element id=\"b\"", in: text)).line
        #expect(results.map(\.rule) == ["broken"])
        #expect(results.first?.isOK == false)
        #expect(results.first?.problems == ["\(path):\(line): failing example passes (1 subjects checked)"])
    }

    @Test("a passing example that fails, or that gives the rule nothing to check, is reported")
    func passingExamplesThatProveNothing() throws {
        let files = try TemporaryDirectory()
        let text = ruleFile("""
              <rule id="broken" severity="error" blocks="*">
                <title>Elements have labels</title>
                <context>element</context>
                <assert test="@label != ''">{@id} has no label</assert>
                <pass why="fails"><state><element id="a" label=""/></state></pass>
                <pass why="no subject"><state><transition action="activate"/></state></pass>
                <fail><state><element id="b" label=""/></state></fail>
              </rule>
            """)
        let path = try files.write("broken.xml", text)
        let spec = try RuleSpec.load(files: [path], schemaDirectory: Checkout.schemaDirectory, knownBlocks: BuiltInBlocks.names)
        let problems = ExampleRunner.run(try spec.compiled()).flatMap(\.problems)
        let failing = try #require(location(of: "<state><element id=\"a\"", in: text)).line
        let empty = try #require(location(of: "<state><transition", in: text)).line
        #expect(problems == [
            "\(path):\(failing): passing example fails: a: a has no label",
            "\(path):\(empty): passing example gives the rule no subject, so it proves nothing",
        ])
    }

    @Test("`rules` exits 1 and prints FAIL with the problem when a rule's examples are broken")
    func rulesCommandFailsOnBrokenExamples() throws {
        let files = try TemporaryDirectory()
        let path = try files.write("broken.xml", ruleFile(labelRule(id: "fine") + "\n" + """
              <rule id="broken" severity="warning" blocks="TopTabs">
                <title>Elements have labels</title>
                <context>element</context>
                <assert test="@label != ''">{@id} has no label</assert>
                <pass><state><element id="a" label="A"/></state></pass>
                <fail><state><element id="b" label="B"/></state></fail>
              </rule>
            """))
        let run = runTool(["rules", "--no-bundled-rules", "--rules", path])
        #expect(run.code == .gateFailed, "\(run)")
        #expect(run.outputLines.first?.hasPrefix("ok   fine\t") == true, "\(run)")
        #expect(run.outputLines.contains { $0.hasPrefix("FAIL broken\twarning\tTopTabs\t") }, "\(run)")
        #expect(run.output.contains("failing example passes (1 subjects checked)"), "\(run)")
        #expect(run.errors.contains("2 rules in 1 file; 1 with failing examples"), "\(run)")
    }
}
