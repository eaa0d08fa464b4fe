import AccessibilityModel
import Auditor
import BlockModels
import Foundation
import Testing

/// Transcripts as Markdown for a pull request.
@Suite("Markdown transcripts")
struct TranscriptMarkdownTests {
    /// Reviewed by reading it rendered. After an intended change, regenerate it with
    /// `a11y-audit transcript ScopeHeader --format markdown > Tests/AuditorTests/Golden/ScopeHeader-transcripts.md`
    /// and review the diff.
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden/ScopeHeader-transcripts.md")

    @Test("ScopeHeader's review scenarios render exactly as the golden Markdown file")
    func golden() throws {
        let expected = try String(contentsOf: Self.golden, encoding: .utf8)
        let run = runTool(["transcript", "ScopeHeader", "--format", "markdown"])
        #expect(run.code == .success, "\(run)")
        let diff = TranscriptDiff(approved: expected, model: run.output)
        #expect(run.output == expected, "\(diff.rendered())")
    }

    @Test("each scenario is a heading with its purpose and state, then numbered stops with the hint in italics after an em dash")
    func layout() throws {
        let run = runTool(["transcript", "ScopeHeader", "--scenario", "many-filters-on", "--format", "markdown"])
        #expect(run.code == .success, "\(run)")
        let scenario = try #require(ScopeHeader().reviewScenarios.first { $0.name == "many-filters-on" })
        #expect(run.output.components(separatedBy: "\n").prefix(11).map { $0 } == [
            "# VoiceOver transcripts: ScopeHeader",
            "",
            "What VoiceOver says in each review scenario, one focus stop per item in swipe order; a hint follows the em dash.",
            "",
            "## many-filters-on",
            "",
            scenario.purpose,
            "",
            "State: `scope=following;chips=sample;on=unread+downloaded+audio;count=6;stuck=no;onFilters=set;size=L;motion=full;width=393;direction=ltr;appearance=light;contrast=standard`",
            "",
            "1. Reading, Heading",
        ])
        #expect(run.outputLines.contains("6. Selected, Downloaded, Button — *Removes this filter from the feed.*"))
        #expect(run.outputLines.contains("9. Filters, 6 on, Button — *Opens the filter sheet.*"))
    }

    @Test("a state chosen with --where is headed by its id")
    func stateSections() {
        let run = runTool(["transcript", "ScrollingTabStrip", "--format", "markdown"]
                          + whereArguments(["selection=food", "size=L", "motion=full", "width=393", "direction=ltr", "appearance=dark",
                                          "contrast=increased"]))
        #expect(run.code == .success, "\(run)")
        #expect(run.outputLines.contains("## `selection=food;size=L;motion=full;width=393;direction=ltr;appearance=dark;contrast=increased`"))
        #expect(run.outputLines.contains("6. Selected, Food, Button"))
        #expect(!run.output.contains("State: "))
    }

    @Test("Markdown's own characters in labels and hints are escaped; a hint said in the label's place is not italic", arguments: [
        ("*New* items_", "Shows <all> [items].", AccessibilityTraits.button, #"\*New\* items\_, Button — *Shows \<all\> \[items\].*"#),
        ("", "Opens the menu.", AccessibilityTraits.button, "Opens the menu., Button"),
        ("", "Opens the menu.", AccessibilityTraits(), "Opens the menu."),
        ("Reading", "", AccessibilityTraits.header, "Reading, Heading"),
    ])
    func escaping(label: String, hint: String, traits: AccessibilityTraits, expected: String) throws {
        let state = StateSpace([Dimension("d", values: ["v"])]).all[0]
        let element = AccessibilityElement(id: "x", label: label, hint: hint, traits: traits, isInteractive: true,
                                           frame: Rect(x: 0, y: 0, width: 44, height: 44))
        let snapshot = Snapshot(block: "B", state: state, environment: state.environment, elements: [element])
        let document = TranscriptMarkdown.document(block: "B", sections: [.init(scenario: nil, snapshot: snapshot)])
        let item = try #require(document.components(separatedBy: "\n").first { $0.hasPrefix("1. ") })
        #expect(item == "1. " + expected)
    }
}

/// `transcript --check --format markdown`, and scenarios that say the same thing printed once.
@Suite("Transcript differences for a pull request")
struct TranscriptCheckMarkdownTests {
    /// A copy of the approved transcripts in which ScopeHeader's `default` and `stuck` say
    /// something else at stop 2 and TopTabs' `mid-drag` is missing.
    static func changedCopy() throws -> TemporaryDirectory {
        let files = try TemporaryDirectory()
        let approved = Checkout.specs.appendingPathComponent("transcripts")
        for block in try FileManager.default.contentsOfDirectory(atPath: approved.path) {
            for name in try FileManager.default.contentsOfDirectory(atPath: approved.appendingPathComponent(block).path) {
                var text = try String(contentsOf: approved.appendingPathComponent("\(block)/\(name)"), encoding: .utf8)
                if block == "TopTabs", name == "mid-drag.txt" { continue }
                if block == "ScopeHeader", name == "default.txt" || name == "stuck.txt" {
                    text = text.split(separator: "\n", omittingEmptySubsequences: false)
                        .map { $0.hasPrefix("  2. ") ? "  2. For `them`, Button" : String($0) }.joined(separator: "\n")
                }
                try files.write("\(block)/\(name)", text)
            }
        }
        return files
    }

    @Test("--check --format markdown prints each difference as a diff block, identical ones once under both names, and exits 1")
    func differences() throws {
        let files = try Self.changedCopy()
        let run = runTool(["transcript", "--check", "--format", "markdown"], approved: files.url)
        #expect(run.code == .gateFailed, "\(run)")
        let lines = run.output.components(separatedBy: "\n")
        #expect(lines.prefix(3) == ["## VoiceOver transcripts", "", "3 of 20 review transcripts differ from the approved ones or are missing."], "\(run.output)")
        #expect(lines.filter { $0.hasPrefix("### ") } == ["### ScopeHeader: `default`, `stuck`", "### TopTabs: `mid-drag`"], "\(run.output)")
        let diff = try #require(lines.firstIndex(of: "```diff"))
        #expect(Array(lines[diff...].prefix(5)) == ["```diff", "@@ line 5 @@", "-  2. For `them`, Button", "+  2. For you, Button", "```"], "\(run.output)")
        #expect(run.output.contains("approve it: `a11y-audit transcript ScopeHeader --record --scenario default --scenario stuck`"))
        #expect(run.output.contains("No approved transcript. The model says:\n\n```text\n  1. Top, Button\n"), "\(run.output)")
        #expect(run.output.contains("17 scenarios match: `ScopeHeader/loading`"), "\(run.output)")
        #expect(run.errors.contains("20 review transcripts: 17 match, 2 differ, 1 missing"), "\(run)")
    }

    @Test("when everything matches the Markdown says so and the check exits 0")
    func allMatch() throws {
        let run = runTool(["transcript", "--check", "--format", "markdown"])
        #expect(run.code == .success, "\(run)")
        #expect(run.output == "## VoiceOver transcripts\n\nAll 20 review transcripts match the approved ones.\n", "\(run)")
    }

    @Test("--format is refused with --record, which prints nothing to format")
    func formatWithRecord() {
        #expect(runTool(["transcript", "--record", "--format", "markdown"]).errors.contains("--format applies to printed transcripts and to --check"))
    }

    @Test("scenarios whose transcripts are the same are printed once, under every name, in text and in Markdown")
    func sameTranscriptOnce() throws {
        let text = runTool(["transcript", "ScrollingTabStrip"])
        #expect(text.code == .success, "\(text)")
        #expect(text.outputLines.filter { $0 == "  1. Selected, For You, Button" }.count == 1, "\(text)")
        for name in ["default", "largest-text", "reduce-motion", "right-to-left"] {
            #expect(text.outputLines.contains("ScrollingTabStrip · \(name)"), "\(name)")
        }
        let markdown = runTool(["transcript", "ScrollingTabStrip", "--format", "markdown"])
        #expect(markdown.outputLines.contains("## default, largest-text, reduce-motion, right-to-left"), "\(markdown)")
        #expect(markdown.outputLines.contains("The same transcript in 4 scenarios:"), "\(markdown)")
        #expect(markdown.outputLines.filter { $0 == "1. Selected, For You, Button" }.count == 1, "\(markdown)")
    }
}
