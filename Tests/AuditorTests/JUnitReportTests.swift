import AccessibilityModel
import Auditor
import BlockModels
import Foundation
import Testing
import XMLSupport

/// A small audit of each built-in block and its JUnit report, read back as CI would.
struct SampleAudit: Sendable {
    /// A few states of each block: enough for passing, failing and skipped cases.
    static let subsets: [(block: any BlockModel, pairs: [String])] = [
        (ScopeHeader(), ["chips=sample", "onFilters=set", "count=auto", "stuck=no", "size=L", "motion=full", "width=393",
                         "direction=ltr", "on=unread+audio", "appearance=light", "contrast=standard"]),
        (TopTabs(), ["tabs=few", "sizing=automatic", "drag=none", "size=L", "width=393", "direction=ltr", "appearance=light",
                     "contrast=standard"]),
        (ScrollingTabStrip(), ["size=L", "width=393", "direction=ltr", "appearance=light", "contrast=standard"]),
    ]

    let spec: RuleSpec
    let requests: [BlockRequest]
    let outcome: AuditOutcome

    init(jobs: Int = 2, memoizes: Bool = true) throws {
        spec = try Checkout.bundledSpec()
        requests = try Self.subsets.map { try request($0.block, $0.pairs) }
        outcome = try AuditEngine(spec: spec, jobs: jobs, memoizes: memoizes).audit(requests)
    }

    func report(failOn: Severity? = .error, timestamp: Date = Date(), hostname: String = "ci-runner") -> Data {
        JUnitReport(outcome: outcome, failOn: failOn, timestamp: timestamp, hostname: hostname).data()
    }

    /// The audit most tests read; made once.
    static let shared = Result { try SampleAudit() }
}

/// The parts of a report the tests read.
struct ParsedReport {
    let document: XMLDocument
    var suites: [XMLNode] { document.root.elementChildren }

    init(_ data: Data, name: String = "junit.xml") throws {
        document = try XMLDocument(parsing: String(decoding: data, as: UTF8.self), name: name)
    }

    func suite(_ block: String) throws -> XMLNode {
        try #require(suites.first { $0.attribute("name") == block }, "no suite \(block)")
    }

    func testcase(_ block: String, _ rule: String) throws -> XMLNode {
        try #require(descendants(try suite(block), named: "testcase").first { $0.attribute("name") == rule }, "no case \(block)/\(rule)")
    }
}

/// A report with one thing wrong that the project's schema must reject.
enum ReportMutation: String, CaseIterable, Sendable {
    case timestampWithZone, failureAndSkipped, unknownFailureType, errorElement, suiteWithoutCases,
         timeWithComma, missingHostname, missingProperties, unknownAttribute, duplicateCase, otherPackage

    func apply(to report: String) -> String {
        switch self {
        case .timestampWithZone:
            return report.replacingOccurrences(of: #"(timestamp="[^"]*)""#, with: "$1Z\"", options: .regularExpression)
        case .failureAndSkipped:
            return report.replacingOccurrences(of: "</failure>", with: #"</failure><skipped message="both"/>"#)
        case .unknownFailureType:
            return report.replacingOccurrences(of: #"<failure type="error""#, with: #"<failure type="fatal""#)
        case .errorElement:
            return report.replacingOccurrences(of: "<failure ", with: "<error ").replacingOccurrences(of: "</failure>", with: "</error>")
        case .suiteWithoutCases:
            return report.replacingOccurrences(of: #"(?s)<testcase [^>]*/>|<testcase [^>]*[^/]>.*?</testcase>"#, with: "",
                                               options: .regularExpression)
        case .timeWithComma:
            return report.replacingOccurrences(of: #"time="([0-9]+)\.([0-9]+)""#, with: #"time="$1,$2""#, options: .regularExpression)
        case .missingHostname:
            return report.replacingOccurrences(of: #" hostname="[^"]*""#, with: "", options: .regularExpression)
        case .missingProperties:
            return report.replacingOccurrences(of: #"(?s)<properties>.*?</properties>"#, with: "", options: .regularExpression)
        case .unknownAttribute:
            return report.replacingOccurrences(of: "<testcase ", with: #"<testcase file="x.swift" "#)
        case .duplicateCase:
            guard let start = report.range(of: "<testcase "), let end = report.range(of: "</testcase>", range: start.upperBound..<report.endIndex)
            else { return report }
            return report.replacingCharacters(in: start.lowerBound..<start.lowerBound, with: report[start.lowerBound..<end.upperBound])
        case .otherPackage:
            return report.replacingOccurrences(of: #"package="a11y-audit""#, with: #"package="other""#)
        }
    }
}

@Suite("The JUnit report")
struct JUnitReportTests {
    func sample() throws -> SampleAudit { try SampleAudit.shared.get() }

    // MARK: schemas

    @Test("the report is valid against the project's specs/schema/junit.xsd")
    func validAgainstOwnSchema() throws {
        let report = try ParsedReport(try sample().report())
        #expect(try Checkout.schema("junit.xsd").validate(report.document, name: "junit.xml").map(\.description) == [])
    }

    @Test("the project's junit.xsd is strict: it rejects a report with one thing wrong", arguments: ReportMutation.allCases)
    func ownSchemaIsStrict(_ mutation: ReportMutation) throws {
        let original = String(decoding: try sample().report(), as: UTF8.self)
        let mutated = mutation.apply(to: original)
        #expect(mutated != original, "the mutation changed nothing")
        let document = try XMLDocument(parsing: mutated, name: mutation.rawValue)
        #expect(!(try Checkout.schema("junit.xsd").validate(document, name: mutation.rawValue)).isEmpty)
    }

    @Test("the report is valid against Ant's strict JUnit.xsd and Jenkins' junit-10.xsd (cross-check with ../shared when present)",
          .enabled(if: Shared.hasJUnitSchemas, "../shared/reference/junit-schemas is not beside the package"),
          arguments: ["JUnit.xsd", "junit-10.xsd"])
    func validAgainstReaderSchemas(_ schemaName: String) throws {
        let schema = try XMLSchema(contentsOfFile: Shared.schemaPath(schemaName))
        for failOn in [Severity.error, nil] {
            let report = try ParsedReport(try sample().report(failOn: failOn))
            #expect(schema.validate(report.document, name: "junit.xml").map(\.description) == [])
        }
    }

    // MARK: shape

    @Test("one suite per block; one case per (block, rule) with classname the block and name the rule id")
    func shape() throws {
        let sample = try sample()
        let report = try ParsedReport(sample.report())
        #expect(report.suites.map { $0.attribute("name") } == ["ScopeHeader", "TopTabs", "ScrollingTabStrip"])
        #expect(report.suites.map { $0.attribute("id") } == ["0", "1", "2"])
        for suite in report.suites {
            let block = try #require(suite.attribute("name"))
            let cases = descendants(suite, named: "testcase")
            #expect(cases.map { $0.attribute("name") ?? "" } == sample.spec.rules.filter { $0.applies(to: block) }.map(\.id))
            #expect(cases.allSatisfy { $0.attribute("classname") == block })
            #expect(suite.elementChildren.map(\.name) == ["properties"] + cases.map { _ in "testcase" } + ["system-out", "system-err"])
        }
    }

    @Test("each suite's counts equal its cases")
    func counts() throws {
        for failOn in [Severity.error, .warning, nil] {
            let report = try ParsedReport(try sample().report(failOn: failOn))
            for suite in report.suites {
                let cases = descendants(suite, named: "testcase")
                #expect(suite.attribute("tests") == String(cases.count))
                #expect(suite.attribute("failures") == String(descendants(suite, named: "failure").count))
                #expect(suite.attribute("skipped") == String(descendants(suite, named: "skipped").count))
                #expect(suite.attribute("errors") == "0")
            }
        }
    }

    @Test("properties record the rule files that apply, the states audited and the --where constraints, each name once in the file")
    func properties() throws {
        let sample = try sample()
        let report = try ParsedReport(sample.report())
        let suite = try report.suite("ScrollingTabStrip")
        // No rule of scope-header.xml or top-tabs.xml applies to the strip; the general files' rules do.
        #expect(AuditorTests.properties(suite, "spec") == [sample.spec.files.filter {
            $0.hasSuffix("general.xml") || $0.hasSuffix("peer-checks.xml") || $0.hasSuffix("contrast.xml")
        }.joined(separator: "\n")])
        #expect(AuditorTests.properties(suite, "states") == ["20"])
        #expect(AuditorTests.properties(suite, "where") == ["size=L width=393 direction=ltr appearance=light contrast=standard"])
        #expect(AuditorTests.properties(suite, "failing-rules") == ["4"])
        let names = descendants(report.document.root, named: "property").map { $0.attribute("name") ?? "" }
        #expect(Set(names).count == names.count, "a name repeats")
    }

    @Test("each case's time is its share of the block's time; a suite's time is the sum of its cases'")
    func caseTimes() throws {
        let report = try ParsedReport(try sample().report())
        for suite in report.suites {
            let times = descendants(suite, named: "testcase").map { Double($0.attribute("time") ?? "") ?? -1 }
            #expect(times.allSatisfy { $0 >= 0 })
            #expect(times.contains { $0 > 0 }, "every case of \(suite.attribute("name") ?? "") took no time")
            let total = try #require(Double(suite.attribute("time") ?? ""))
            #expect(abs(times.reduce(0, +) - total) < 0.0005)
        }
    }

    // MARK: a failing case

    @Test("a failing case says how many states fail, lists the first failures and how to reproduce one")
    func failingCaseBody() throws {
        let sample = try sample()
        let failure = try #require(descendants(try ParsedReport(sample.report()).testcase("ScrollingTabStrip", "target-size"),
                                               named: "failure").first)
        let firstState = sample.requests[2].selection[0].id
        #expect(firstState == "selection=for-you;size=L;motion=full;width=393;direction=ltr;appearance=light;contrast=standard")
        #expect(failure.attribute("type") == "error")
        #expect(failure.attribute("message")?.hasPrefix("20 of 20 states fail: answers to ") == true)
        let body = failure.textContent
        let general = try #require(sample.spec.files.first { $0.hasSuffix("general.xml") })
        let ruleLine = try #require(location(of: #"<rule id="target-size""#,
                                             in: try String(contentsOfFile: general, encoding: .utf8))).line
        #expect(body.contains("20 of 20 states fail, "))
        #expect(body.contains("Rule: \(general):\(ruleLine)"))
        #expect(body.contains("First failing states:\n  \(firstState)\n    tab."))
        #expect(body.contains("pt short in height"))
        #expect(body.hasSuffix("Reproduce: a11y-audit audit --block ScrollingTabStrip --where '\(firstState)'"))
    }

    @Test("the Reproduce command of a failing case reproduces the failure")
    func reproduce() throws {
        let body = descendants(try ParsedReport(try sample().report()).testcase("ScrollingTabStrip", "selection-haptic"),
                                   named: "failure").first?.textContent ?? ""
        let command = try #require(body.split(separator: "\n").last { $0.hasPrefix("Reproduce: ") })
        let words = command.dropFirst("Reproduce: ".count).split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "'")) }
        #expect(words.first == "a11y-audit")
        let files = try TemporaryDirectory()
        let run = runTool(Array(words.dropFirst()) + ["--junit", files.path("junit.xml")])
        #expect(run.code == .gateFailed, "\(run)")
        #expect(run.output.contains("FAIL [error] selection-haptic: 1 of 1 state,"), "\(run)")
    }

    @Test("a failing case names up to five different failing states, not one state's elements five times")
    func distinctFailingStates() throws {
        let failure = try #require(descendants(try ParsedReport(try sample().report()).testcase("ScrollingTabStrip", "target-size"),
                                               named: "failure").first)
        let listed = failure.textContent.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("    ") }
        #expect(Set(listed).count == 5, "\(listed)")
    }

    @Test("a rule no audited state gives a subject is skipped, with the reason")
    func skipped() throws {
        let testcase = try ParsedReport(try sample().report()).testcase("ScrollingTabStrip", "hint-style")
        #expect(testcase.elementChildren.map(\.name) == ["skipped"])
        #expect(testcase.elementChildren.first?.attribute("message") == "ScrollingTabStrip gives no element a hint: no state has a subject for this rule")
    }

    @Test("rules that fail below the gate are no failures but are summarised in system-out")
    func belowTheGate() throws {
        let report = try ParsedReport(try sample().report(failOn: nil))
        let suite = try report.suite("ScrollingTabStrip")
        #expect(descendants(suite, named: "failure").isEmpty)
        let out = try #require(suite.elementChildren.first { $0.name == "system-out" }).textContent
        for rule in ["target-size", "title-is-heading", "selection-haptic"] {
            #expect(out.contains("[error] \(rule): 20 of 20 states fail"), "\(out)")
        }
        #expect(out.contains("Reproduce: a11y-audit audit --block ScrollingTabStrip"))
    }

    @Test("the timestamp is UTC to the second without a zone; times are decimal seconds with three places")
    func timesAndTimestamp() throws {
        let date = Date(timeIntervalSince1970: 1_800_000_000.75)
        let report = try ParsedReport(try sample().report(timestamp: date))
        for suite in report.suites {
            #expect(suite.attribute("timestamp") == "2027-01-15T08:00:00")
            #expect(suite.attribute("time")?.wholeMatch(of: /[0-9]+\.[0-9]{3}/) != nil)
            #expect(descendants(suite, named: "testcase").allSatisfy { $0.attribute("time")?.wholeMatch(of: /[0-9]+\.[0-9]{3}/) != nil })
        }
    }

    // MARK: stability

    /// A report with its timestamps and times blanked.
    static func normalised(_ data: Data) -> String {
        String(decoding: data, as: UTF8.self)
            .replacingOccurrences(of: #" (timestamp|time)="[^"]*""#, with: #" $1="""#, options: .regularExpression)
    }

    @Test("the report is the same from run to run, on one job or two, but for timestamps and times")
    func stable() throws {
        let first = try SampleAudit(jobs: 1).report()
        let second = try SampleAudit(jobs: 2).report()
        #expect(Self.normalised(first) == Self.normalised(second))
        #expect(Self.normalised(first).contains("<failure "))
        #expect(String(decoding: first, as: UTF8.self) != Self.normalised(first))
    }

    @Test("memoising evaluations changes nothing in the report")
    func memoisation() throws {
        let memoised = try SampleAudit(jobs: 2, memoizes: true).report()
        let plain = try SampleAudit(jobs: 2, memoizes: false).report()
        #expect(Self.normalised(memoised) == Self.normalised(plain))
    }

    @Test("memoising changes nothing, also where a group's memo stops paying and it evaluates afresh",
          arguments: [("ScrollingTabStrip", ["direction=ltr", "motion=full"]),
                      ("TopTabs", ["tabs=few", "size=L", "direction=ltr"])])
    func memoisationOverManyStates(name: String, pairs: [String]) throws {
        let block = try #require(BuiltInBlocks.named(name))
        let spec = try Checkout.bundledSpec()
        let selection = block.stateSpace.states(matching: try StateFilter(parsing: pairs, in: block.stateSpace))
        #expect(selection.count >= 200, "enough states for every group to be judged")
        let request = BlockRequest(block: block, selection: selection, constraints: pairs)
        func report(memoizes: Bool) throws -> String {
            let outcome = try AuditEngine(spec: spec, jobs: 2, memoizes: memoizes).audit([request])
            return Self.normalised(JUnitReport(outcome: outcome, failOn: .info, hostname: "ci-runner").data())
        }
        #expect(try report(memoizes: true) == report(memoizes: false))
    }

    @Test("suite ids count from 0 over the suites written, and a block no rule applies to gets none")
    func suiteIDs() throws {
        let files = try TemporaryDirectory()
        let rules = try files.write("tabs.xml", ruleFile(labelRule(id: "tabs-only", blocks: "TopTabs")))
        let spec = try RuleSpec.load(files: [rules], schemaDirectory: Checkout.schemaDirectory, knownBlocks: BuiltInBlocks.names)
        let requests = try SampleAudit.subsets.map { try request($0.block, $0.pairs) }
        let report = try ParsedReport(JUnitReport(outcome: try AuditEngine(spec: spec, jobs: 1).audit(requests), failOn: .error).data())
        #expect(report.suites.map { $0.attribute("name") } == ["TopTabs"])
        #expect(report.suites.map { $0.attribute("id") } == ["0"])
    }

    // MARK: characters

    @Test("characters XML forbids never reach the report, wherever they come from")
    func forbiddenCharacters() throws {
        let spec = try Checkout.bundledSpec()
        let block = OddBlock()
        let outcome = try AuditEngine(spec: spec, jobs: 1).audit([request(block, [])])
        let data = JUnitReport(outcome: outcome, failOn: .warning, hostname: "ci\u{1B}-runner\u{0}").data()
        let forbidden = Set<UInt8>((0x00...0x1F).filter { ![0x09, 0x0A, 0x0D].contains($0) })
        #expect(!data.contains { forbidden.contains($0) })
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.range(of: #"&#x?0*(1[bB]|27|0|7);"#, options: .regularExpression) == nil)
        #expect(!text.contains("\u{FFFE}") && !text.contains("\u{FFFF}"))
        let report = try ParsedReport(data)
        #expect(try Checkout.schema("junit.xsd").validate(report.document, name: "odd.xml").map(\.description) == [])
        // The failure itself survives, without the characters.
        #expect(report.suites.first?.attribute("name") == "OddBlock")
        #expect(report.suites.first?.attribute("hostname") == "ci-runner")
        #expect(text.contains("mode=escape"))
        #expect(report.document.root.textContent.contains(#"label "lowercase bell" does not start with a capital"#))
    }

    // MARK: a real reader

    @Test("Python's junitparser reads the same suites, cases and results (cross-check when junitparser is importable)",
          .enabled(if: Python.hasJUnitParser, "python3 with junitparser is not available"))
    func junitparser() throws {
        let sample = try sample()
        let files = try TemporaryDirectory()
        let path = files.path("junit.xml")
        try sample.report().write(to: URL(fileURLWithPath: path))
        let script = """
            import sys
            from junitparser import JUnitXml, Failure, Skipped, Error
            xml = JUnitXml.fromfile(sys.argv[1])
            for suite in xml:
                print("suite", suite.name, suite.tests, suite.failures, suite.errors, suite.skipped)
                for case in suite:
                    kinds = [type(r).__name__ for r in case.result]
                    print("case", case.classname, case.name, ",".join(kinds) or "passed")
            """
        let lines = try Python.run(script, arguments: [path]).split(separator: "\n").map(String.init)
        let report = try ParsedReport(sample.report())
        var expected: [String] = []
        for suite in report.suites {
            let attribute = { (name: String) in suite.attribute(name) ?? "?" }
            expected.append("suite \(attribute("name")) \(attribute("tests")) \(attribute("failures")) \(attribute("errors")) \(attribute("skipped"))")
            for testcase in descendants(suite, named: "testcase") {
                let result = testcase.elementChildren.first.map { $0.name == "failure" ? "Failure" : "Skipped" } ?? "passed"
                expected.append("case \(testcase.attribute("classname") ?? "") \(testcase.attribute("name") ?? "") \(result)")
            }
        }
        #expect(lines == expected)
        #expect(lines.contains("case ScrollingTabStrip target-size Failure"))
    }
}

/// A block whose names and values carry characters XML 1.0 forbids (ESC, NUL, BEL).
struct OddBlock: BlockModel {
    let name = "Odd\u{1B}Block"
    let summary = "carries forbidden characters"
    let sourcePath = "Tests/AuditorTests/JUnitReportTests.swift"
    let stateSpace = StateSpace([Dimension("mode", values: ["esc\u{1B}ape", "n\u{0}ul"])])
    var reviewScenarios: [ReviewScenario] { [] }

    func snapshot(of state: BlockState) -> Snapshot {
        Snapshot(block: name, state: state, environment: state.environment, elements: [
            AccessibilityElement(id: "tab.\u{1B}[31m", label: "lower\u{1B}case \u{7}bell", traits: .button, isInteractive: true,
                                 frame: Rect(x: 0, y: 0, width: 20, height: 20), hitRegion: Rect(x: 0, y: 0, width: 20, height: 20)),
        ])
    }
}

/// Python 3, when there is one, for cross-checks with real readers.
enum Python {
    static let hasJUnitParser: Bool = (try? run("import junitparser")) != nil

    /// Runs a script; its stdout, or an error when it fails.
    static func run(_ script: String, arguments: [String] = []) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw PythonFailed(status: process.terminationStatus) }
        return String(decoding: data, as: UTF8.self)
    }

    struct PythonFailed: Error { var status: Int32 }
}
