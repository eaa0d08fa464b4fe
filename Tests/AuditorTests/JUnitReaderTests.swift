@testable import Auditor
import BlockModels
import Foundation
import Testing

@Suite("The JUnit report in the readers CI uses")
struct JUnitReaderTests {
    @Test("Ant's and Jenkins' schemas, xunitparser, junitparser merge and junit2html --report-matrix accept the report (scripts/check-junit.py)",
          .enabled(if: Python.hasJUnitReaders, "python3 with lxml, xunitparser, junitparser and junit2html is not available"))
    func readersAccept() throws {
        let files = try TemporaryDirectory()
        let path = files.path("junit.xml")
        try SampleAudit.shared.get().report().write(to: URL(fileURLWithPath: path))
        let output = try Python.script("check-junit.py", arguments: [path])
        #expect(output.hasPrefix("check-junit: OK"), "\(output)")
    }

    @Test("the script rejects what the readers reject: repeated property names and cases without time",
          .enabled(if: Python.hasJUnitReaders, "python3 with lxml, xunitparser, junitparser and junit2html is not available"))
    func readersRefuse() throws {
        let files = try TemporaryDirectory()
        let text = String(decoding: try SampleAudit.shared.get().report(), as: UTF8.self)
            .replacingOccurrences(of: #"time="[^"]*""#, with: #"time="0.000""#, options: .regularExpression)
            .replacingOccurrences(of: #"name="[A-Za-z]+\.states""#, with: #"name="states""#, options: .regularExpression)
        let path = try files.write("old.xml", text)
        #expect(throws: Python.PythonFailed.self) { try Python.script("check-junit.py", arguments: [path]) }
    }

    /// The failure body README.md shows: the body of the strip's target-size failure in
    /// the default audit's first failing state, its first two failures, then the command
    /// that reproduces it.
    static func readmeSample() throws -> String {
        let spec = try Checkout.bundledSpec()
        let block = ScrollingTabStrip()
        let outcome = try AuditEngine(spec: spec, jobs: 2).audit([request(block, [])])
        let report = JUnitReport(outcome: outcome, failOn: .error)
        let blockOutcome = try #require(outcome.blocks.first)
        let rule = try #require(blockOutcome.rules.first { $0.rule.id == "target-size" })
        let lines = report.body(rule, of: blockOutcome).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let firstState = try #require(lines.firstIndex(of: "First failing states:")) + 1
        let reproduce = try #require(lines.last { $0.hasPrefix("Reproduce: ") })
        // The tool names rule files as given, relative to the checkout.
        return (lines[...(firstState + 2)] + ["    …", reproduce]).joined(separator: "\n")
            .replacingOccurrences(of: Checkout.root.path + "/", with: "")
    }

    @Test("README.md's sample failure body is the real one")
    func readmeSampleIsCurrent() throws {
        let readme = try String(contentsOf: Checkout.root.appendingPathComponent("README.md"), encoding: .utf8)
        let sample = try Self.readmeSample()
        #expect(readme.contains("```\n\(sample)\n```"), "README.md should show:\n\(sample)")
    }
}

extension Python {
    static let hasJUnitReaders: Bool = (try? run("import lxml, xunitparser, junitparser, junit2htmlreport")) != nil

    /// Runs one of the checkout's scripts/ with python3.
    static func script(_ name: String, arguments: [String] = []) throws -> String {
        try run("import runpy, sys; sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')",
                arguments: [Checkout.root.appendingPathComponent("scripts/\(name)").path] + arguments)
    }
}
