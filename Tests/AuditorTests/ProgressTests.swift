import Auditor
import BlockModels
import Foundation
import Testing

@Suite("Gate controls: the progress line and the summary")
struct ProgressTests {
    @Test("a progress line is drawn only on a terminal, and never in CI", arguments: [
        (true, [:], true), (true, ["CI": "true"], false), (false, [:], false), (false, ["CI": "1"], false),
    ] as [(Bool, [String: String], Bool)])
    func wanted(_ terminal: Bool, _ environment: [String: String], _ drawn: Bool) {
        #expect(ProgressLine.isWanted(stderrIsTerminal: terminal, environment: environment) == drawn)
    }

    @Test("an audit whose stderr is no terminal, or that runs in CI, writes no progress line", arguments: [
        (false, [:]), (true, ["CI": "true"]),
    ] as [(Bool, [String: String])])
    func silentInLogs(_ terminal: Bool, _ environment: [String: String]) throws {
        let files = try TemporaryDirectory()
        let run = runTool(["audit"] + Gate.strip + ["--fail-on", "never", "--junit", files.path("junit.xml")],
                          environment: environment, errorsAreTerminal: terminal)
        #expect(run.code == .success, "\(run)")
        #expect(!run.errors.contains("\r") && !run.errors.contains("audit: "), "\(run)")
    }

    @Test("an audit on a terminal outside CI redraws the line and clears it before the summary and the report paths")
    func drawnOnTerminal() throws {
        let files = try TemporaryDirectory()
        // Every state without memoisation: long enough for the line to be drawn.
        let run = runTool(["audit", "--block", "ScrollingTabStrip", "--no-memo", "--fail-on", "never",
                           "--junit", files.path("junit.xml")],
                          environment: [:], errorsAreTerminal: true)
        #expect(run.code == .success, "\(run)")
        #expect(run.errors.hasPrefix("\raudit: "), "\(run)")
        #expect(run.output.hasPrefix("ScrollingTabStrip: 7,680 states"), "the summary is on stdout: \(run)")
        let paths = try #require(run.errors.range(of: "JUnit report: "))
        #expect(run.errors[..<paths.lowerBound].hasSuffix("\r"), "\(run)")
        #expect(!run.errors[paths.lowerBound...].contains("\r"))
    }

    @Test("on a terminal the line is redrawn in place at most five times a second and cleared when the audit ends")
    func redrawn() throws {
        let writes = Capture()
        let progress = AuditProgress(total: 2_000)
        let started = Date()
        let line = ProgressLine(progress: progress) { writes.append($0 + "\u{0}") }
        Thread.sleep(forTimeInterval: 0.55)
        line.stop()
        let elapsed = Date().timeIntervalSince(started)
        let drawn = writes.value.split(separator: "\u{0}").map(String.init)
        #expect(drawn.count >= 2, "\(drawn)")
        #expect(Double(drawn.count - 1) <= elapsed / ProgressLineTiming.interval + 1, "\(drawn.count) redraws in \(elapsed) s")
        #expect(drawn.dropLast().allSatisfy { $0.hasPrefix("\raudit: 0 / 2,000 states (0 %)") }, "\(drawn)")
        // The last write blanks the line and returns to its start, for the summary.
        #expect(drawn.last?.hasPrefix("\r ") == true && drawn.last?.replacingOccurrences(of: " ", with: "") == "\r\r", "\(drawn)")
    }

    @Test("the line reads states done of all, the rate and the time left", arguments: [
        (48_000, 203_088, 10.0, "audit: 48,000 / 203,088 states (23 %), 4,800 states/s, about 33 s left"),
        (1_000, 203_088, 2.0, "audit: 1,000 / 203,088 states (0 %), 500 states/s, about 6 min 45 s left"),
        (0, 1_920, 0.2, "audit: 0 / 1,920 states (0 %)"),
        (1_920, 1_920, 3.0, "audit: 1,920 / 1,920 states (100 %), 640 states/s"),
    ] as [(Int, Int, Double, String)])
    func text(_ done: Int, _ total: Int, _ seconds: Double, _ expected: String) {
        #expect(ProgressLine.text(done: done, total: total, seconds: seconds) == expected)
    }

    @Test("the engine counts every audited state for the progress line")
    func engineCounts() throws {
        var engine = AuditEngine(spec: try Checkout.bundledSpec(), jobs: 2)
        let requests = [try request(ScrollingTabStrip(), ["size=L", "direction=ltr", "motion=full", "appearance=light",
                                                                  "contrast=standard"])]
        let progress = AuditProgress(total: 40)
        engine.progress = progress
        _ = try engine.audit(requests)
        #expect(progress.completed == 40)
    }

    @Test("the summary on stdout counts blocks, states, rules, failures by severity, baselined and gating ones, and the time")
    func summary() throws {
        let files = try TemporaryDirectory()
        let baseline = try files.write("baseline.xml", Gate.baseline(Gate.otherFindings))
        let run = runTool(["audit"] + Gate.strip + ["--baseline", baseline, "--junit", files.path("junit.xml")])
        let last = try #require(run.output.split(separator: "\n").first { $0.contains(" rules audited in ") })
        #expect(last.wholeMatch(of: /1 block, 40 states( \(exhaustive coverage\))?, 24 rules audited in [0-9.]+ s on [0-9]+ jobs?; failing: 4 error, 0 warning, [0-9]+ info; 3 baselined; 1 gating failure/) != nil, "\(last)")
    }
}

/// The ticker's interval, as the test reads it.
enum ProgressLineTiming {
    static let interval = 0.2
}
