import Auditor
import Foundation
import Testing
import XMLSupport

/// An input `merge` must refuse, and what the error must say.
struct BadMergeInput: CustomTestStringConvertible, Sendable {
    var name: String
    /// The file's text; nil for a file that does not exist.
    var text: String?
    /// The `file:line` (or `file:line:column`) prefix the error must carry, `FILE` standing for the path.
    var place: String
    var message: String

    var testDescription: String { name }

    static let all: [BadMergeInput] = [
        BadMergeInput(name: "not XML", text: "Tests passed: 12\n", place: "FILE:1:", message: "not a JUnit report: "),
        BadMergeInput(name: "an empty file", text: "", place: "FILE", message: "not a JUnit report: "),
        BadMergeInput(name: "XML that is not JUnit", text: "<?xml version=\"1.0\"?>\n<!-- a page -->\n<html><body/></html>\n", place: "FILE:3:1: ",
                      message: "not a JUnit report: the root element is <html>, not <testsuites> or <testsuite>"),
        BadMergeInput(name: "a missing file", text: nil, place: "FILE: ", message: "no such report"),
        BadMergeInput(name: "an a11y-audit suite whose numbers are garbled",
                      text: suite(outcome: #"{"assume":[],"audited":[[4]],"rules":[{"rule":"target-size","states_with_subjects":"lots"}],"specs":[]}"#),
                      place: "FILE:5:7: ", message: "'ScrollingTabStrip.outcome' is not the outcome JSON a11y-audit writes: the value at .rules[0].states_with_subjects has the wrong type"),
        BadMergeInput(name: "an a11y-audit suite whose outcome is not JSON",
                      text: suite(outcome: "target-size states-with-subjects=4"),
                      place: "FILE:5:7: ", message: "'ScrollingTabStrip.outcome' is not the outcome JSON a11y-audit writes: not JSON"),
        BadMergeInput(name: "an a11y-audit suite whose counts are impossible",
                      text: suite(outcome: #"{"assume":[],"audited":[[4]],"rules":[{"rule":"target-size","states_with_subjects":9,"subjects":9,"failing_states":0,"failing_subjects":0,"failing_values":[[0]],"samples":[]}],"specs":[]}"#),
                      place: "FILE:5:7: ", message: "rule 'target-size' has impossible counts"),
    ]

    /// A one-case a11y-audit suite of 4 states with the given outcome JSON.
    static func suite(outcome: String) -> String {
        let value = outcome.replacingOccurrences(of: "\"", with: "&quot;")
        return """
            <testsuites>
              <testsuite name="ScrollingTabStrip" package="a11y-audit" id="0" tests="1" failures="0" errors="0" skipped="0" time="0.000" timestamp="2025-01-01T00:00:00" hostname="h">
                <properties>
                  <property name="ScrollingTabStrip.states" value="4"/>
                  <property name="ScrollingTabStrip.outcome" value="\(value)"/>
                </properties>
                <testcase name="target-size" classname="ScrollingTabStrip" time="0.000"/>
              </testsuite>
            </testsuites>
            """
    }
}

@Suite("Merging reports")
struct MergeTests {
    /// Another tool's report, as a test writes it: one passing and one failing case.
    static func foreign(passing: String, failing: String?, suite: String = "unit") -> String {
        let failure = failing.map { #"<testcase classname="app.Tests" name="\#($0)" time="0.5" file="Tests/AppTests.swift"><failure message="expected 2" type="XCTAssertEqual">AppTests.swift:12</failure></testcase>"# } ?? ""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuite name="\(suite)" tests="2" failures="\(failing == nil ? 0 : 1)" time="1.5">
              <testcase classname="app.Tests" name="\(passing)" time="1.0"/>
              \(failure)
            </testsuite>

            """
    }

    @Test("merge input that is not a JUnit report exits 2 naming the place, and writes nothing", arguments: BadMergeInput.all)
    func rejected(_ bad: BadMergeInput) throws {
        let files = try TemporaryDirectory()
        let input = files.path("input.xml")
        if let text = bad.text { try files.write("input.xml", text) }
        let output = try files.write("merged.xml", Gate.untouched)
        let good = try files.write("other.xml", Self.foreign(passing: "testA", failing: nil))
        let run = runTool(["merge", "-o", output, good, input])
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains("a11y-audit: error: " + bad.place.replacingOccurrences(of: "FILE", with: input)), "\(run)")
        #expect(run.errors.contains(bad.message), "\(run)")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == Gate.untouched)
    }

    @Test("shard reports must be one audit's N shares, each once", arguments: [
        (["1/4", "2/4", "4/4"], "shard 3/4 missing"),
        (["1/2", "2/2", "2/2"], "shard 2/2 is given twice"),
        (["1/2", "2/3"], "does not belong with shard"),
        (["whole", "1/2"], "its states would count twice"),
    ])
    func incompleteShards(_ shards: [String], _ message: String) throws {
        let files = try TemporaryDirectory()
        var reports: [String] = []
        for (index, shard) in shards.enumerated() {
            reports.append(files.path("\(index).xml"))
            let split = shard == "whole" ? [] : ["--shard", shard]
            let run = runTool(["audit"] + Gate.strip + whereArguments(["width=393"]) + split + ["--fail-on", "never", "--junit", reports.last!])
            #expect(run.code == .success, "\(run)")
        }
        let run = runTool(["merge", "-o", files.path("merged.xml")] + reports)
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains(message), "\(run)")
        #expect(!FileManager.default.fileExists(atPath: files.path("merged.xml")))
    }

    @Test("a failure body where text and markup interleave is carried over in its order")
    func mixedFailureBody() throws {
        let files = try TemporaryDirectory()
        let report = try files.write("mixed.xml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites><testsuite name="unit" tests="1" failures="1">
            <testcase classname="AppTests" name="testA"><failure message="m">before <b>bold</b> after <i>tail</i></failure></testcase>
            </testsuite></testsuites>
            """)
        let merged = files.path("merged.xml")
        #expect(runTool(["merge", "-o", merged, report]).code == .gateFailed)
        let written = try String(contentsOfFile: merged, encoding: .utf8)
        #expect(written.contains("before <b>bold</b> after <i>tail</i></failure>"), "\(written)")
    }

    @Test("a failure message and body of a megabyte each merge whole")
    func megabyteMessage() throws {
        let files = try TemporaryDirectory()
        let big = String(repeating: "x", count: 1_100_000)
        let report = try files.write("big.xml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites><testsuite name="unit" tests="1" failures="1">
            <testcase classname="AppTests" name="testA"><failure message="\(big)">\(big)</failure></testcase>
            </testsuite></testsuites>
            """)
        let merged = files.path("merged.xml")
        #expect(runTool(["merge", "-o", merged, report]).code == .gateFailed)
        let failure = try #require(descendants(try Gate.parse(merged).suite("unit"), named: "failure").first)
        #expect(failure.attribute("message")?.count == big.count && failure.textContent.count == big.count)
    }

    @Test("other tools' cases are carried over by classname and name; a case failing in any input fails")
    func foreignCases() throws {
        let files = try TemporaryDirectory()
        let first = try files.write("a.xml", Self.foreign(passing: "testA", failing: nil))
        let second = try files.write("b.xml", Self.foreign(passing: "testB", failing: "testA"))
        let merged = files.path("merged.xml")
        let run = runTool(["merge", "-o", merged, first, second])
        #expect(run.code == .gateFailed, "\(run)")
        #expect(run.output.contains("other tools: 1 suite, 2 cases, 1 failing or in error"), "\(run)")
        let suite = try Gate.parse(merged).suite("unit")
        let cases = descendants(suite, named: "testcase")
        #expect(cases.map { $0.attribute("name") } == ["testA", "testB"])
        let failure = try #require(descendants(cases[0], named: "failure").first)
        #expect(failure.attribute("type") == "XCTAssertEqual" && failure.textContent == "AppTests.swift:12")
        #expect(cases[0].attribute("file") == "Tests/AppTests.swift")
        #expect(suite.attribute("tests") == "2" && suite.attribute("failures") == "1" && suite.attribute("time") == "3.000")
        #expect(runTool(["merge", "-o", merged, "--fail-on", "never", first, second]).code == .success)
    }

    @Test("the JUnit files of Jenkins, GitLab and cucumber in ../shared merge with an audit's shards, cases and results intact (cross-check with ../shared when present)",
          .enabled(if: Shared.hasJUnitSamples, "../shared/reference/junit-samples is not beside the package"))
    func referenceSamples() throws {
        let files = try TemporaryDirectory()
        var inputs: [String] = []
        for index in 1...2 {
            inputs.append(files.path("shard-\(index).xml"))
            _ = runTool(["audit"] + Gate.strip + ["--shard", "\(index)/2", "--fail-on", "never", "--junit", inputs.last!])
        }
        let samples = try Shared.junitSamples()
        let merged = files.path("merged.xml")
        let run = runTool(["merge", "-o", merged] + inputs + samples)
        #expect(run.code == .gateFailed, "\(run)")
        let report = try Gate.parse(merged)
        // Every case of every sample, with its result, once.
        var expected: [String] = []
        for sample in samples {
            let document = try XMLDocument(contentsOfFile: sample)
            for testcase in descendants(document.root, named: "testcase") {
                let result = testcase.elementChildren.map(\.name).filter { ["failure", "error", "skipped"].contains($0) }
                expected.append("\(testcase.attribute("classname") ?? "") \(testcase.attribute("name") ?? "") \(result)")
            }
        }
        let foreignSuites = report.suites.filter { $0.attribute("package") != "a11y-audit" }
        let carried = foreignSuites.flatMap { descendants($0, named: "testcase") }.map { testcase in
            "\(testcase.attribute("classname") ?? "") \(testcase.attribute("name") ?? "") \(testcase.elementChildren.map(\.name).filter { ["failure", "error", "skipped"].contains($0) })"
        }
        #expect(carried.sorted() == expected.sorted())
        for suite in foreignSuites {
            let cases = descendants(suite, named: "testcase")
            #expect(suite.attribute("tests") == String(cases.count))
            #expect(suite.attribute("errors") == String(cases.filter { $0.elementChildren.contains { $0.name == "error" } }.count))
        }
        // The a11y-audit part is the audit's, whole again.
        let audit = try report.suite("ScrollingTabStrip")
        #expect(properties(audit, "states") == ["40"])
        #expect(report.suites.map { $0.attribute("id") ?? "" } == report.suites.indices.map(String.init))
    }

    @Test("merge without -o or without reports exits 2 saying what it needs", arguments: [
        (["merge", "a.xml"], "merge needs -o FILE"), (["merge", "-o", "out.xml"], "merge needs the reports to merge"),
    ])
    func usage(_ arguments: [String], _ message: String) {
        let run = runTool(arguments)
        #expect(run.code == .invalidInput && run.errors.contains(message), "\(run)")
    }
}

extension Shared {
    static let junitSampleDirectory = directory.appendingPathComponent("reference/junit-samples")
    static var hasJUnitSamples: Bool { (try? junitSamples().isEmpty == false) ?? false }

    /// The other tools' JUnit files the team keeps for reference.
    static func junitSamples() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: junitSampleDirectory.path).filter { $0.hasSuffix(".xml") }.sorted()
            .map { junitSampleDirectory.appendingPathComponent($0).path }
    }
}
