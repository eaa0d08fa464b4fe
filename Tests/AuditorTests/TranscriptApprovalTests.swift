import AccessibilityModel
import Auditor
import BlockModels
import Foundation
import Testing
import XMLSupport

/// A built-in block with one element relabelled: the smallest model change a reviewer must
/// see before it ships.
struct RelabelledBlock: BlockModel {
    var base: any BlockModel
    var elementID: String
    var label: String

    var name: String { base.name }
    var summary: String { base.summary }
    var stateSpace: StateSpace { base.stateSpace }
    var sourcePath: String { base.sourcePath }
    var reviewScenarios: [ReviewScenario] { base.reviewScenarios }

    func snapshot(of state: BlockState) -> Snapshot {
        var snapshot = base.snapshot(of: state)
        if let index = snapshot.elements.firstIndex(where: { $0.id == elementID }) { snapshot.elements[index].label = label }
        return snapshot
    }

    /// ScopeHeader with the Saved scope read as "Bookmarks".
    static let bookmarks = RelabelledBlock(base: ScopeHeader(), elementID: "scope.saved", label: "Bookmarks")
}

/// Runs `a11y-audit ARGUMENTS` in process with the approved transcripts in `approved`.
func runTool(_ arguments: [String], blocks: [any BlockModel] = BuiltInBlocks.all, approved: URL) -> Invocation {
    let output = Capture(), errors = Capture()
    let tool = CommandLineTool(output: { output.append($0) }, errors: { errors.append($0) }, blocks: blocks,
                               approvedTranscripts: ApprovedTranscripts(directory: approved), environment: [:])
    let code = tool.run(arguments)
    return Invocation(code: code, output: output.value, errors: errors.value)
}

/// A state id of a built-in block's review scenario.
func scenarioStateID(_ block: any BlockModel, _ name: String) throws -> String {
    let scenario = try #require(block.reviewScenarios.first { $0.name == name })
    return try #require(try scenario.selection(in: block.stateSpace).first).id
}

/// A committed approved transcript's path as the tool prints it.
func committedPath(_ name: String) -> String {
    SpecLocation.displayPath(Checkout.specs.appendingPathComponent("transcripts/\(name)").path)
}

/// Approving transcripts: `--check` and `--record`, the diff they show, and the audit case
/// that holds a release when a reviewed transcript changed without approval.
@Suite("Approved transcripts")
struct TranscriptApprovalTests {
    // MARK: --check

    @Test("the relabelled test block really changes what VoiceOver says")
    func relabelledBlockDiffers() throws {
        let state = try ScopeHeader().stateSpace.state(id: try scenarioStateID(ScopeHeader(), "default"))
        #expect(ScopeHeader().snapshot(of: state).element("scope.saved")?.label == "Saved")
        #expect(RelabelledBlock.bookmarks.snapshot(of: state).element("scope.saved")?.label == "Bookmarks")
    }

    @Test("changing a label makes `--check` fail with a diff naming the changed line")
    func checkShowsChangedLine() {
        let run = runTool(["transcript", "ScopeHeader", "--check", "--scenario", "default"], blocks: [RelabelledBlock.bookmarks])
        #expect(run.code == .gateFailed, "\(run)")
        #expect(run.output == """
            FAIL ScopeHeader/default: \(committedPath("ScopeHeader/default.txt")) differs from the model (1 changed line); \
            approve with `a11y-audit transcript ScopeHeader --record --scenario default`
                 changed line 7:
                   - approved:   4. Saved, Button
                   + model:      4. Bookmarks, Button

            """, "\(run)")
        #expect(run.errors == "1 review transcript: 0 match, 1 differs, 0 missing\n")
    }

    @Test("changing a label fails every scenario that shows the element, and only those")
    func checkFailsEveryAffectedScenario() {
        let run = runTool(["transcript", "ScopeHeader", "--check"], blocks: [RelabelledBlock.bookmarks])
        #expect(run.code == .gateFailed, "\(run)")
        let failing = run.outputLines.filter { $0.hasPrefix("FAIL ") }.map { String($0.prefix { $0 != ":" }) }
        #expect(failing == ScopeHeader().reviewScenarios.map { "FAIL ScopeHeader/\($0.name)" })
        #expect(run.outputLines.filter { $0.contains("+ model:      4. Bookmarks, Button") }.count == failing.count)
    }

    @Test("a missing approved transcript fails `--check` naming the file")
    func checkReportsMissingFile() throws {
        let files = try TemporaryDirectory("transcripts")
        let run = runTool(["transcript", "TopTabs", "--check", "--scenario", "mid-drag"], approved: files.url)
        #expect(run.code == .gateFailed, "\(run)")
        #expect(run.output.contains("FAIL TopTabs/mid-drag: \(files.path("TopTabs/mid-drag.txt")) is missing"), "\(run)")
        #expect(run.errors == "1 review transcript: 0 match, 0 differ, 1 missing\n")
    }

    @Test("an approved file nobody's scenario names is pointed out")
    func checkNotesOrphans() throws {
        let files = try TemporaryDirectory("transcripts")
        #expect(runTool(["transcript", "ScrollingTabStrip", "--record"], approved: files.url).code == .success)
        try files.write("ScrollingTabStrip/retired.txt", "old\n")
        let run = runTool(["transcript", "ScrollingTabStrip", "--check"], approved: files.url)
        #expect(run.code == .success, "\(run)")
        #expect(run.errors.contains("note: \(files.path("ScrollingTabStrip/retired.txt")) belongs to no review scenario of ScrollingTabStrip"))
    }

    // MARK: --record

    @Test("`--record` into an empty folder creates every scenario's file, which `--check` then accepts")
    func recordCreatesFiles() throws {
        let files = try TemporaryDirectory("transcripts")
        let record = runTool(["transcript", "--record"], approved: files.url)
        #expect(record.code == .success, "\(record)")
        #expect(record.outputLines == ScenarioCase.all.map { "created \(files.path("\($0.block.name)/\($0.scenario.name).txt"))" })
        for item in ScenarioCase.all {
            let state = try item.block.stateSpace.state(id: try scenarioStateID(item.block, item.scenario.name))
            let written = try String(contentsOfFile: files.path("\(item.block.name)/\(item.scenario.name).txt"), encoding: .utf8)
            #expect(written == Transcript.text(for: item.block.snapshot(of: state), scenario: item.scenario))
        }
        #expect(try files.listing("ScopeHeader").allSatisfy { $0.hasSuffix(".txt") && !$0.hasPrefix(".") })

        let check = runTool(["transcript", "--check"], approved: files.url)
        #expect(check.code == .success, "\(check)")
        let again = runTool(["transcript", "--record"], approved: files.url)
        #expect(again.output.isEmpty && again.errors.contains("0 created, 0 updated, \(ScenarioCase.all.count) unchanged"), "\(again)")
    }

    @Test("`--record` after a change rewrites only the named scenario, and `--check` then passes for it")
    func recordApprovesChange() throws {
        let files = try TemporaryDirectory("transcripts")
        _ = runTool(["transcript", "ScopeHeader", "--record"], approved: files.url)
        let blocks: [any BlockModel] = [RelabelledBlock.bookmarks]
        let record = runTool(["transcript", "ScopeHeader", "--record", "--scenario", "stuck"], blocks: blocks, approved: files.url)
        #expect(record.outputLines == ["updated \(files.path("ScopeHeader/stuck.txt"))"], "\(record)")
        #expect(try String(contentsOfFile: files.path("ScopeHeader/stuck.txt"), encoding: .utf8).contains("  4. Bookmarks, Button\n"))

        let check = runTool(["transcript", "ScopeHeader", "--check"], blocks: blocks, approved: files.url)
        #expect(check.outputLines.contains("ok   ScopeHeader/stuck"), "\(check)")
        #expect(check.outputLines.contains { $0.hasPrefix("FAIL ScopeHeader/default:") }, "\(check)")
    }

    // MARK: the audit case

    @Test("changing a label fails the audit's transcripts.approved case, with the diff in the JUnit case body")
    func auditFailsOnChangedTranscript() throws {
        let files = try TemporaryDirectory("audit")
        let state = try scenarioStateID(ScopeHeader(), "default")
        let report = files.path("junit.xml")
        let blocks: [any BlockModel] = [RelabelledBlock.bookmarks, TopTabs(), ScrollingTabStrip()]
        let run = runTool(["audit", "--block", "ScopeHeader", "--where", state, "--junit", report], blocks: blocks)
        #expect(run.code == .gateFailed, "\(run)")

        let failure = try #require(try Self.transcriptCase(report, block: "ScopeHeader").elementChildren.first)
        #expect(failure.name == "failure" && failure.attribute("type") == "error")
        let body = failure.textContent
        #expect(body.hasPrefix("Reviewed VoiceOver transcripts are unchanged\n1 of 1 states fail, 1 failing subjects of 1 checked.\nTags: Review\n"), "\(body)")
        #expect(body.contains("""
                default: \(committedPath("ScopeHeader/default.txt")) differs from the model (1 changed line); \
            approve with `a11y-audit transcript ScopeHeader --record --scenario default`
                  changed line 7:
                    - approved:   4. Saved, Button
                    + model:      4. Bookmarks, Button
            """), "\(body)")
        #expect(run.output.contains("FAIL [error] transcripts.approved"), "\(run)")
    }

    @Test("an unchanged model passes the transcripts.approved case")
    func auditPassesOnUnchangedTranscript() throws {
        let files = try TemporaryDirectory("audit")
        let report = files.path("junit.xml")
        let run = runTool(["audit", "--block", "TopTabs", "--where", try scenarioStateID(TopTabs(), "mid-drag"), "--junit", report])
        #expect(run.code != .invalidInput, "\(run)")
        #expect(!run.output.contains("transcripts.approved"), "\(run)")
        #expect(try Self.transcriptCase(report, block: "TopTabs").elementChildren.isEmpty)
    }

    @Test("the audit checks the scenarios whose state it audits, says which file is missing, and skips when it audits none")
    func auditChecksAuditedScenarios() throws {
        let files = try TemporaryDirectory("audit")
        let empty = try TemporaryDirectory("transcripts")
        let report = files.path("junit.xml")
        // size=AX5 width=320 holds ScrollingTabStrip's largest-text scenario and no other.
        let run = runTool(["audit", "--block", "ScrollingTabStrip", "--where", "size=AX5", "--where", "width=320", "--junit", report],
                          approved: empty.url)
        #expect(run.code == .gateFailed, "\(run)")
        let failure = try #require(try Self.transcriptCase(report, block: "ScrollingTabStrip").elementChildren.first)
        #expect(failure.textContent.contains("1 failing subjects of 1 checked."), "\(failure.textContent)")
        #expect(failure.textContent.contains("largest-text: \(empty.path("ScrollingTabStrip/largest-text.txt")) is missing"), "\(failure.textContent)")

        let none = runTool(["audit", "--block", "ScrollingTabStrip", "--where", "size=xS", "--where", "width=320", "--junit", report],
                           approved: empty.url)
        #expect(none.code != .invalidInput, "\(none)")
        #expect(try Self.transcriptCase(report, block: "ScrollingTabStrip").elementChildren.map(\.name) == ["skipped"])
    }

    static func transcriptCase(_ report: String, block: String) throws -> XMLNode {
        let document = try XMLDocument(parsing: try String(contentsOfFile: report, encoding: .utf8), name: report)
        let cases = descendants(document.root, named: "testcase").filter { $0.attribute("classname") == block }
        return try #require(cases.first { $0.attribute("name") == "transcripts.approved" }, "no transcripts.approved case")
    }

    // MARK: the diff

    static let approved = """
        Block · default
        Purpose: P.
        State: s=1
          1. Reading, Heading
          2. For you, Button
          3. Saved, Button
          4. Filters, 1 on, Button (Opens the filter sheet.)

        """

    @Test("the line diff names added, removed, changed and moved lines", arguments: [
        // A stop added near the top is one added line, not every later line renumbered.
        ("Block · default\nPurpose: P.\nState: s=1\n  1. Reading, Heading\n  2. New, Button\n  3. For you, Button\n  4. Saved, Button\n  5. Filters, 1 on, Button (Opens the filter sheet.)\n",
         [TranscriptDiff.Line.added(line: 5, text: "  2. New, Button")]),
        ("Block · default\nPurpose: P.\nState: s=1\n  1. Reading, Heading\n  2. Saved, Button\n  3. Filters, 1 on, Button (Opens the filter sheet.)\n",
         [.removed(line: 5, text: "  2. For you, Button")]),
        ("Block · default\nPurpose: P.\nState: s=1\n  1. Reading, Heading\n  2. For you, Button\n  3. Saved, Button\n  4. Filters, 2 on, Button (Opens the filter sheet.)\n",
         [.changed(line: 7, approved: "  4. Filters, 1 on, Button (Opens the filter sheet.)", modelLine: 7,
                   model: "  4. Filters, 2 on, Button (Opens the filter sheet.)")]),
        ("Block · default\nPurpose: P.\nState: s=1\n  1. For you, Button\n  2. Saved, Button\n  3. Reading, Heading\n  4. Filters, 1 on, Button (Opens the filter sheet.)\n",
         [.moved(line: 4, modelLine: 6, text: "  3. Reading, Heading")]),
    ])
    func lineDiff(model: String, expected: [TranscriptDiff.Line]) {
        #expect(TranscriptDiff(approved: Self.approved, model: model).lines == expected)
    }

    @Test("line endings and a missing final newline are not differences; renumbering by hand is")
    func lineDiffTolerance() {
        #expect(TranscriptDiff(approved: Self.approved.replacingOccurrences(of: "\n", with: "\r\n"), model: Self.approved).isEmpty)
        #expect(TranscriptDiff(approved: String(Self.approved.dropLast()), model: Self.approved).isEmpty)
        let renumbered = Self.approved.replacingOccurrences(of: "  3. Saved", with: "  7. Saved")
        #expect(TranscriptDiff(approved: renumbered, model: Self.approved).lines
                == [.changed(line: 6, approved: "  7. Saved, Button", modelLine: 6, model: "  3. Saved, Button")])
    }
}
