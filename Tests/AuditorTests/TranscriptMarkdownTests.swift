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
