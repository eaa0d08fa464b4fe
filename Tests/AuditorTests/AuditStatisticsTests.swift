import AccessibilityModel
@testable import Auditor
import BlockModels
import Foundation
import Testing

/// The benchmark's hidden audit options: `--stats` (figures as JSON), `--findings` (every
/// failure) and `--scale` (larger fixtures).
@Suite("Benchmark support: audit --stats, --findings and --scale")
struct AuditStatisticsTests {
    static let sample = ["--block", "ScrollingTabStrip", "--where", "size=L", "--where", "width=393"]

    static func statistics(_ arguments: [String]) throws -> AuditStatistics {
        let directory = try TemporaryDirectory()
        let path = directory.path("stats.json")
        let run = runTool(["audit"] + arguments + ["--stats", path, "--junit", directory.path("junit.xml"), "--fail-on", "never"])
        #expect(run.code == .success, "\(run)")
        return try JSONDecoder().decode(AuditStatistics.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test("--stats counts what was audited: states, each state's transitions, rule applications and subjects checked",
          arguments: [["--jobs", "1"], ["--jobs", "2", "--no-memo"], ["--jobs", "2", "--coverage", "pairwise"]])
    func counts(_ options: [String]) throws {
        let statistics = try Self.statistics(Self.sample + options)
        let block = try #require(statistics.blocks.first)
        let model = ScrollingTabStrip()
        var selection = try request(model, ["size=L", "width=393"]).selection
        if options.contains("pairwise") { selection = Coverage.pairwise.states(of: selection) }
        #expect(block.block == "ScrollingTabStrip")
        #expect(block.states == selection.count && statistics.states == selection.count)
        #expect(block.transitions == selection.reduce(0) { $0 + model.snapshot(of: $1).transitions.count })
        #expect(block.ruleApplications == block.states * block.rules)
        #expect(block.subjectsChecked >= block.states)
        #expect(block.failing.sorted() == ["selection-haptic", "target-size", "text-contrast", "title-is-heading"])
        #expect(Set(block.phases.keys) == ["enumerate", "render", "document", "evaluate"])
        #expect(statistics.memoizes == !options.contains("--no-memo"))
        #expect(statistics.jobs == Int(options[1]))
        #expect(statistics.coverage == (options.contains("pairwise") ? "pairwise" : "exhaustive"))
        #expect(statistics.peakResidentKilobytes > 0 && statistics.processCPUSeconds > 0)
        let memo = block.memo
        if options.contains("--no-memo") {
            #expect(memo["unitHits"] == 0 && memo["documentHits"] == 0 && memo["foldedGroups"] == 0)
        } else {
            #expect((memo["unitHits"] ?? 0) + (memo["documentHits"] ?? 0) > 0)
            // The sample leaves motion, direction, appearance and contrast free.
            if !options.contains("pairwise") { #expect((memo["foldedGroups"] ?? 0) > 0) }
        }
    }

    @Test("subjects checked are the same with and without memoisation")
    func subjectsDoNotDependOnMemo() throws {
        let on = try #require(try Self.statistics(Self.sample).blocks.first)
        let off = try #require(try Self.statistics(Self.sample + ["--no-memo"]).blocks.first)
        #expect(on.subjectsChecked == off.subjectsChecked)
        #expect(on.transitions == off.transitions)
    }

    // MARK: --findings

    struct Finding: Decodable, Hashable, Comparable {
        var rule: String
        var state: String
        var subject: String
        var message: String

        static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.rule, lhs.state, lhs.subject, lhs.message) < (rhs.rule, rhs.state, rhs.subject, rhs.message)
        }
    }

    /// Runs the built executable (a log is process-wide, so not in this test process).
    static func findings(_ arguments: [String], in directory: TemporaryDirectory) throws -> [Finding]? {
        guard let executable = BuiltExecutableTests.executable else { return nil }
        let path = directory.path("findings-\(UUID().uuidString).jsonl")
        let run = try BuiltExecutableTests.run(executable, ["audit"] + arguments + [
            "--findings", path, "--junit", directory.path("junit.xml"), "--fail-on", "never"], in: directory.url)
        #expect(run.status == 0, "\(run.errors)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try text.split(separator: "\n").map { try JSONDecoder().decode(Finding.self, from: Data($0.utf8)) }
    }

    @Test("--findings logs every failing subject of every state, the same with memoisation on and off")
    func findingsLog() throws {
        let directory = try TemporaryDirectory()
        guard let on = try Self.findings(Self.sample, in: directory),
              let off = try Self.findings(Self.sample + ["--no-memo", "--jobs", "1"], in: directory) else {
            print("skipping: no a11y-audit executable beside the tests")
            return
        }
        #expect(on.sorted() == off.sorted())
        let outcome = try AuditEngine(spec: try Checkout.bundledSpec())
            .audit([try request(ScrollingTabStrip(), ["size=L", "width=393"])])
        let rules = try #require(outcome.blocks.first).rules
        for rule in rules {
            let logged = on.filter { $0.rule == rule.rule.id }
            #expect(logged.count == rule.failingSubjects, "\(rule.rule.id)")
            #expect(Set(logged.map(\.state)).count == rule.failingStates, "\(rule.rule.id)")
            for sample in rule.samples {
                #expect(logged.contains(Finding(rule: rule.rule.id, state: sample.stateID, subject: sample.subject,
                                                message: sample.message)))
            }
        }
    }

    @Test("a JSON string in the log escapes quotes, backslashes and control characters")
    func quoting() throws {
        let text = "say \"hi\"\\\n\t\u{1}é"
        let quoted = FindingsLog.quoted(text)
        #expect(quoted == #""say \"hi\"\\\n\t\u0001é""#)
        #expect(try JSONDecoder().decode(String.self, from: Data(quoted.utf8)) == text)
    }

    // MARK: --scale

    @Test("--scale N gives every built-in block N times its states, N distinct widths for each",
          arguments: BuiltInBlocks.names, [1, 4, 16])
    func scale(_ name: String, factor: Int) throws {
        let block = try #require(BuiltInBlocks.named(name))
        let scaled = try #require(try Scale.blocks([block], by: factor).first)
        #expect(scaled.name == name)
        #expect(scaled.stateSpace.count == block.stateSpace.count * factor)
        let widths = try #require(scaled.stateSpace.dimension(named: "width")).values.compactMap(Int.init)
        let original = try #require(block.stateSpace.dimension(named: "width")).values.compactMap(Int.init)
        #expect(widths.count == original.count * factor && Set(widths).count == widths.count)
        #expect(Set(original).isSubset(of: Set(widths)))
    }

    @Test("audit --scale 4 audits four times the states")
    func scaleOption() throws {
        let arguments = ["--block", "ScrollingTabStrip", "--where", "size=L", "--where", "direction=ltr"]
        let one = try Self.statistics(arguments)
        let four = try Self.statistics(arguments + ["--scale", "4"])
        #expect(four.states == 4 * one.states)
    }

    @Test("--scale takes a whole number from 1 to 64", arguments: ["0", "65", "two", "-1"])
    func invalidScale(_ value: String) {
        let run = runTool(["audit", "--block", "ScrollingTabStrip", "--scale", value])
        #expect(run.code == .invalidInput)
        #expect(run.errors.contains("--scale takes a whole number from 1 to 64, not '\(value)'"), "\(run)")
    }
}
