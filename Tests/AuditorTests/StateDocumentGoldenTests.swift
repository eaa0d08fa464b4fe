@testable import Auditor
import BlockModels
import Foundation
import Testing

/// State documents are what every rule reads; a change to how one is written must be seen.
@Suite("State documents match their reviewed golden files")
struct StateDocumentGoldenTests {
    /// After an intended change, regenerate a file with the `tree` command it names and
    /// review the diff.
    @Test("a state of each block is written exactly as its golden file", arguments: [
        ("ScopeHeader", ["scope=following", "chips=sample", "on=unread+audio", "count=auto", "stuck=yes", "onFilters=set",
                         "size=L", "motion=reduced", "width=393", "direction=rtl", "appearance=dark", "contrast=standard"]),
        ("TopTabs", ["tabs=reading", "sizing=automatic", "selection=world", "drag=next-50", "size=xxxL", "motion=full",
                     "width=393", "direction=ltr", "appearance=light", "contrast=increased"]),
        ("ScrollingTabStrip", ["selection=music", "size=L", "motion=full", "width=375", "direction=ltr",
                               "appearance=light", "contrast=standard"]),
    ])
    func golden(block: String, pairs: [String]) throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/\(block)-state.xml")
        let expected = try String(contentsOf: file, encoding: .utf8)
        let run = runTool(["tree", block] + whereArguments(pairs))
        #expect(run.code == .success, "\(run)")
        let diff = TranscriptDiff(approved: expected, model: run.output)
        #expect(run.output == expected, "a11y-audit tree \(block) \(whereArguments(pairs).joined(separator: " ")):\n\(diff.rendered())")
    }

    @Test("numbers are written to hundredths, without trailing zeros or an exponent", arguments: [
        (0.0, "0"), (-0.0, "0"), (-0.004, "0"), (0.005, "0.01"), (0.05, "0.05"), (0.5, "0.5"), (16.333, "16.33"),
        (-16.07, "-16.07"), (-0.3, "-0.3"), (44, "44"), (100, "100"), (1_234_567.891, "1234567.89"), (-1e12, "-1000000000000"),
        (.nan, "0"), (.infinity, "0"), (1e16, "0"),
    ])
    func numbers(value: Double, written: String) {
        #expect(StateDocument.number(value) == written)
    }
}
