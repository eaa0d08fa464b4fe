import Auditor
import Foundation
import Testing
import XMLSupport

/// The hostile corpus's parsing cases: line ends and encodings, and other tools' reports.
@Suite("Hostile input: parsing")
struct HostileParsingTests {
    enum LineEnd: String, CaseIterable, CustomStringConvertible {
        case lf = "\n", crlf = "\r\n", cr = "\r"
        var description: String { ["\n": "LF", "\r\n": "CRLF", "\r": "CR"][rawValue]! }
    }

    /// A rule file whose second rule names an unknown block (a check of the loader) or has
    /// an attribute the schema does not allow (a check of libxml2's validation).
    static func brokenRules(_ problem: String) -> String {
        let second = problem == "block"
            ? "  <rule id=\"s\" severity=\"error\" blocks=\"Nope\">"
            : "  <rule id=\"s\" severity=\"error\" bogus=\"1\">"
        return ruleFile(labelRule(id: "r") + "\n" + labelRule(id: "s").split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
            .reduce(second) { $0 + "\n" + $1 })
    }

    @Test("errors point at the right line and column whatever the line ends", arguments: LineEnd.allCases, ["block", "schema"])
    func lineEnds(_ end: LineEnd, _ problem: String) throws {
        let files = try TemporaryDirectory()
        let text = Self.brokenRules(problem)
        let needle = problem == "block" ? "Nope" : "<rule id=\"s\""
        let place = try #require(location(of: needle, in: text))
        let file = try files.write("rules.xml", text.replacingOccurrences(of: "\n", with: end.rawValue))
        let run = runTool(["rules", "--no-bundled-rules", "--rules", file])
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains("\(file):\(place.line):\(place.column): "), "\(run)")
    }

    @Test("a Latin-1 rule file's columns count characters, not bytes, and not from column 1")
    func latin1Columns() throws {
        let files = try TemporaryDirectory()
        let text = Self.brokenRules("block").replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"ISO-8859-1\"")
            .replacingOccurrences(of: "  <rule id=\"s\"", with: "  <!--éé--><rule id=\"s\"")
        let place = try #require(location(of: "Nope", in: text))
        let file = files.path("rules.xml")
        try #require(text.data(using: .isoLatin1)).write(to: URL(fileURLWithPath: file))
        let run = runTool(["rules", "--no-bundled-rules", "--rules", file])
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains("\(file):\(place.line):\(place.column): unknown block 'Nope'"), "\(run)")
    }

    /// PHPUnit's `--log-junit` layout: suites nested in suites.
    static func nestedReport(cases: Int = 2, failing: Bool = true) -> String {
        let tests = (0..<cases).map { index in
            index == 0 && failing
                ? "<testcase name=\"test\(index)\" classname=\"FooTest\"><failure type=\"AssertionError\">broke</failure></testcase>"
                : "<testcase name=\"test\(index)\" classname=\"FooTest\"/>"
        }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites>
              <testsuite name="project" tests="\(cases)" failures="1" time="nan">
                <testsuite name="FooTest" file="tests/FooTest.php" tests="\(cases)" failures="1" time="0.5">
            \(tests)
                </testsuite>
              </testsuite>
            </testsuites>

            """
    }

    @Test("merge keeps other tools' nested suites: a failing nested test gates and stays in the report")
    func nestedSuites() throws {
        let files = try TemporaryDirectory()
        let shard = files.path("audit.xml")
        #expect(runTool(HostileInputTests.audit + ["--junit", shard]).code == .success)
        let other = try files.write("phpunit.xml", Self.nestedReport())
        let merged = files.path("merged.xml")
        let run = runTool(["merge", "-o", merged, shard, other])
        #expect(run.code == .gateFailed, "\(run)")
        #expect(run.output.contains("1 failing or in error"), "\(run)")
        let text = try String(contentsOfFile: merged, encoding: .utf8)
        #expect(text.contains("name=\"test0\"") && text.contains("broke"))
        #expect(!text.contains("\"nan\""))
        _ = try XMLDocument(contentsOfFile: merged)
    }

    @Test("merging other tools' suites is linear in their cases: 4N cases take less than 8 times N's time")
    func linearForeignMerge() throws {
        let files = try TemporaryDirectory()
        func seconds(_ count: Int) throws -> Double {
            let report = try files.write("other-\(count).xml", Self.nestedReport(cases: count, failing: false))
            var best = Double.infinity
            for _ in 0..<2 {
                let start = ContinuousClock.now
                let run = runTool(["merge", "-o", files.path("merged-\(count).xml"), report])
                #expect(run.code == .success, "\(run)")
                let elapsed = ContinuousClock.now - start
                best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            }
            return best
        }
        let small = try seconds(1_500), large = try seconds(6_000)
        #expect(large < small * 8, "1500 cases: \(small) s, 6000 cases: \(large) s")
    }

    @Test("`rules` exits 2 for a rule that cannot be evaluated, as `audit` does", arguments: ["sum('a' | 'b')", "@label = $undefined"])
    func unevaluableRule(_ test: String) throws {
        let files = try TemporaryDirectory()
        let file = try files.write("rules.xml", ruleFile(labelRule(id: "broken", test: test.replacingOccurrences(of: "'", with: "&apos;"))))
        let rules = runTool(["rules", "--no-bundled-rules", "--rules", file])
        #expect(rules.code == .invalidInput, "\(rules)")
        #expect(rules.errors.contains("rule broken cannot be evaluated"), "\(rules)")
        let audit = runTool(HostileInputTests.audit + ["--no-bundled-rules", "--rules", file, "--junit", files.path("j.xml")])
        #expect(audit.code == .invalidInput, "\(audit)")
        #expect(try files.listing() == ["rules.xml"])
    }

    @Test("building an example's element is linear in its attributes: 4N take less than 8 times N's time")
    func linearAttributes() throws {
        func seconds(_ count: Int) -> Double {
            let element = XMLElement("element", attributes: (0..<count).map { (name: "a\($0)", value: "v") })
            var best = Double.infinity
            for _ in 0..<3 {
                let start = ContinuousClock.now
                let document = XMLDocument(root: XMLElement("state", children: [element]))
                let elapsed = ContinuousClock.now - start
                #expect(document.root.elementChildren.count == 1)
                best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            }
            return best
        }
        let small = seconds(10_000), large = seconds(40_000)
        #expect(large < small * 8, "10000 attributes: \(small) s, 40000 attributes: \(large) s")
    }
}
