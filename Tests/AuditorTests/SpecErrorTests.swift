import Auditor
import BlockModels
import Foundation
import Testing

/// A spec file with one mistake, and where and how the error about it should read.
struct BadSpec: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    /// The error points at the first occurrence (or the given one) of this text, plus an
    /// offset in characters.
    var pointsAt: String
    var offset = 0
    var occurrence = 1
    var says: [String]

    var testDescription: String { name }
}

@Suite("Spec errors name the file, line and column")
struct SpecErrorTests {
    static let badSpecs: [BadSpec] = [
        BadSpec(name: "malformed XML: a <rule> left open",
                text: ruleFile(labelRule().replacingOccurrences(of: "\n  </rule>", with: "")),
                // libxml2 finds the mismatch once it has read the end tag that does not match.
                pointsAt: "</rules>", offset: "</rules>".count,
                says: ["Opening and ending tag mismatch: rule line 3 and rules"]),
        BadSpec(name: "schema: an unknown severity",
                text: ruleFile(labelRule(severity: "fatal")),
                pointsAt: "<rule id",
                says: ["attribute 'severity'", "'fatal' is not an element of the set {'error', 'warning', 'info'}"]),
        BadSpec(name: "schema: a rule without <context>",
                text: ruleFile(labelRule().replacingOccurrences(of: "    <context>element</context>\n", with: "")),
                pointsAt: "<assert",
                says: ["Element 'assert': This element is not expected. Expected is one of ( description, tag, context )."]),
        BadSpec(name: "schema: an unknown attribute",
                text: ruleFile(labelRule().replacingOccurrences(of: #"blocks="*">"#, with: #"blocks="*" colour="red">"#)),
                pointsAt: "<rule id",
                says: ["Element 'rule', attribute 'colour': The attribute 'colour' is not allowed."]),
        BadSpec(name: "an assert test that does not compile: the column is the offending character",
                text: ruleFile(labelRule(test: "@label = ] or true()")),
                pointsAt: "] or true()",
                says: ["rule 'has-label'", "XPath '@label = ] or true()'", "Invalid expression"]),
        BadSpec(name: "an unknown ax: function, listing the ones there are",
                text: ruleFile(labelRule(test: "ax:no-such(@label)")),
                pointsAt: "ax:no-such(",
                says: ["Unknown function 'ax:no-such()'", "ax:has-trait", "ax:is-actionable", "ax:pt"]),
        BadSpec(name: "an unknown block in blocks=, listing the known blocks",
                text: ruleFile(labelRule(blocks: "Nope")),
                pointsAt: "Nope",
                says: ["unknown block 'Nope'; known blocks: ScopeHeader, TopTabs, ScrollingTabStrip"]),
        BadSpec(name: "a rule id used twice in one file: at the second",
                text: ruleFile(labelRule(id: "twice") + "\n" + labelRule(id: "twice")),
                pointsAt: "<rule id", occurrence: 2,
                says: ["Duplicate key-sequence ['twice']"]),
    ]

    @Test("each bad spec is an InputError at the exact file, line and column", arguments: badSpecs)
    func located(_ bad: BadSpec) throws {
        let files = try TemporaryDirectory()
        let path = try files.write("bad.xml", bad.text)
        let expected = try #require(location(of: bad.pointsAt, in: bad.text, offset: bad.offset, occurrence: bad.occurrence))
        let error = try #require(specLoadError([path]), "the spec loaded")
        #expect(error.file == path)
        #expect(error.line == expected.line && error.column == expected.column,
                "expected \(expected.line):\(expected.column), got \(error.description)")
        for phrase in bad.says { #expect(error.message.contains(phrase), "\(error.message)") }
        #expect(error.description.hasPrefix("\(path):\(expected.line):\(expected.column): "))
    }

    @Test("a rule id used in two files is an error at the second, naming the first")
    func duplicateAcrossFiles() throws {
        let files = try TemporaryDirectory()
        let first = try files.write("first.xml", ruleFile(labelRule(id: "label-everywhere")))
        let secondText = ruleFile(labelRule(id: "other") + "\n" + labelRule(id: "label-everywhere"))
        let second = try files.write("second.xml", secondText)
        let expected = try #require(location(of: "<rule id", in: secondText, occurrence: 2))
        let error = try #require(specLoadError([first, second]))
        #expect(error == InputError(file: second, line: expected.line, column: expected.column,
                                    "rule id 'label-everywhere' is already used at \(first):3"))
    }

    @Test("a rule named after a bundled rule clashes with it when both are loaded")
    func duplicateOfBundledRule() throws {
        let files = try TemporaryDirectory()
        let mine = try files.write("mine.xml", ruleFile(labelRule(id: "target-size")))
        let error = try #require(specLoadError(Checkout.ruleFiles + [mine]))
        #expect(error.file == mine)
        #expect(error.message.hasPrefix("rule id 'target-size' is already used at \(Checkout.ruleFiles.first { $0.hasSuffix("/general.xml") } ?? ""):"))
    }

    // MARK: known issues

    @Test("a context that does not compile: the column is the offending character of the expression")
    func contextColumn() throws {
        let files = try TemporaryDirectory()
        let text = ruleFile(labelRule(context: "element[@id = ]"))
        let path = try files.write("bad.xml", text)
        let expected = try #require(location(of: "]</context>", in: text))
        let error = try #require(specLoadError([path]))
        #expect(error.file == path && error.line == expected.line)
        #expect(error.message.contains("XPath 'element[@id = ]'"))
        #expect(error.column == expected.column, "expected column \(expected.column), got \(error.description)")
    }

    @Test("an expression written with &gt; or &lt;: the column counts the characters in the file")
    func columnAfterEntity() throws {
        let files = try TemporaryDirectory()
        let text = ruleFile(labelRule(test: "@x &gt; 1 and @label = ] or true()"))
        let path = try files.write("bad.xml", text)
        let expected = try #require(location(of: "] or true()", in: text))
        let error = try #require(specLoadError([path]))
        #expect(error.file == path && error.line == expected.line)
        #expect(error.column == expected.column, "expected column \(expected.column), got \(error.description)")
    }

    @Test("a start tag over several lines: the error is on the line the attribute is written")
    func multiLineStartTag() throws {
        let files = try TemporaryDirectory()
        let text = ruleFile(labelRule().replacingOccurrences(
            of: #"<assert test="@label != ''">"#, with: "<assert\n        test=\"@label = ] or true()\"\n        >"))
        let path = try files.write("bad.xml", text)
        let expected = try #require(location(of: "] or true()", in: text))
        let error = try #require(specLoadError([path]))
        #expect(error.file == path)
        #expect(error.line == expected.line && error.column == expected.column,
                "expected \(expected.line):\(expected.column), got \(error.description)")
    }

    @Test("a duplicate id on a rule whose start tag spans lines: at its `<rule`, naming the first rule's line")
    func multiLineRuleTag() throws {
        let files = try TemporaryDirectory()
        let split = { (id: String) in
            labelRule(id: id).replacingOccurrences(of: #"<rule id="\#(id)" "#, with: "<rule id=\"\(id)\"\n        ")
        }
        let firstText = ruleFile(split("twice"))
        let first = try files.write("first.xml", firstText)
        let secondText = ruleFile(split("twice"))
        let second = try files.write("second.xml", secondText)
        let expected = try #require(location(of: "<rule id", in: secondText))
        let error = try #require(specLoadError([first, second]))
        #expect(error == InputError(file: second, line: expected.line, column: expected.column,
                                    "rule id 'twice' is already used at \(first):\(expected.line)"))
    }

    @Test("a message template with an unclosed `{`: at the `{`")
    func unclosedBrace() throws {
        let files = try TemporaryDirectory()
        let text = ruleFile(labelRule(message: "no label {@id"))
        let path = try files.write("bad.xml", text)
        let expected = try #require(location(of: "{@id", in: text))
        let error = try #require(specLoadError([path]))
        #expect(error.file == path && error.line == expected.line)
        #expect(error.message == "message template has '{' without a closing '}'")
        #expect(error.column == expected.column, "expected column \(expected.column), got \(error.description)")
    }

    @Test("a message expression that does not compile: the column is the offending character")
    func messageExpression() throws {
        let files = try TemporaryDirectory()
        let text = ruleFile(labelRule(message: "{@id} is {ax:no-such(@id)}"))
        let path = try files.write("bad.xml", text)
        let expected = try #require(location(of: "ax:no-such(", in: text))
        let error = try #require(specLoadError([path]))
        #expect(error.file == path && error.line == expected.line)
        #expect(error.message.contains("Unknown function 'ax:no-such()'"))
        #expect(error.column == expected.column, "expected column \(expected.column), got \(error.description)")
    }

    // MARK: through the command line

    @Test("`rules` with a bad spec exits 2 and prints file:line:column on stderr, nothing on stdout")
    func rulesCommand() throws {
        let files = try TemporaryDirectory()
        let text = ruleFile(labelRule(severity: "fatal"))
        let path = try files.write("bad.xml", text)
        let place = try #require(location(of: "<rule id", in: text))
        let run = runTool(["rules", "--no-bundled-rules", "--rules", path])
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains("\(path):\(place.line):\(place.column): Element 'rule', attribute 'severity'"), "\(run)")
        #expect(run.output.isEmpty, "\(run)")
    }

    @Test("`audit` with a bad spec exits 2 before auditing and writes no report")
    func auditCommand() throws {
        let files = try TemporaryDirectory()
        let text = ruleFile(labelRule(test: "ax:no-such(@label)"))
        let path = try files.write("rules/bad.xml", text)
        let place = try #require(location(of: "ax:no-such(", in: text))
        let report = files.path("junit.xml")
        let run = runTool(["audit", "--no-bundled-rules", "--rules", files.path("rules"), "--block", "ScrollingTabStrip",
                           "--where", "selection=music;size=L;motion=full;width=393;direction=ltr", "--junit", report])
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains("\(path):\(place.line):\(place.column): "), "\(run)")
        #expect(!FileManager.default.fileExists(atPath: report))
    }

    @Test("a missing rule file, or a folder without rule files, exits 2 naming it")
    func missingRules() throws {
        let files = try TemporaryDirectory()
        try files.write("empty/readme.txt", "no rules here")
        let missing = files.path("missing.xml")
        let noFile = runTool(["rules", "--no-bundled-rules", "--rules", missing])
        #expect(noFile.code == .invalidInput && noFile.errors.contains("\(missing): no such rule file or folder"), "\(noFile)")
        let emptyFolder = runTool(["rules", "--no-bundled-rules", "--rules", files.path("empty")])
        #expect(emptyFolder.code == .invalidInput && emptyFolder.errors.contains("\(files.path("empty")): the folder holds no .xml rule files"),
                "\(emptyFolder)")
    }
}
