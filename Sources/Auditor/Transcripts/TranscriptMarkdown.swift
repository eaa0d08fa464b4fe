import AccessibilityModel

/// A block's transcripts as Markdown for a pull request: a heading per scenario (or state),
/// its purpose and state id, then a numbered list of what VoiceOver says, the hint in
/// italics after an em dash, where the pause falls.
///
/// Review scenarios whose transcripts are the same share one section, headed by all their
/// names, each with its purpose and state.
///
/// The words are ``Speech``'s, as in ``Transcript``; only the layout differs. Markdown's
/// own characters in labels and hints are escaped so a label reads as written.
public enum TranscriptMarkdown {
    /// One section of the document: a scenario's transcript, or a state's when no scenario
    /// names it.
    public struct Section: Sendable {
        public var scenario: ReviewScenario?
        public var snapshot: Snapshot

        public init(scenario: ReviewScenario?, snapshot: Snapshot) {
            self.scenario = scenario
            self.snapshot = snapshot
        }
    }

    public static func document(block: String, sections: [Section]) -> String {
        let reviewed = sections.contains { $0.scenario != nil }
        var lines = ["# VoiceOver transcripts: \(escaped(block))", ""]
        lines.append(reviewed
            ? "What VoiceOver says in each review scenario, one focus stop per item in swipe order; a hint follows the em dash."
            : "What VoiceOver says in each state, one focus stop per item in swipe order; a hint follows the em dash.")
        // Review scenarios that say the same thing are printed once, under all their names.
        let groups = reviewed ? SameTranscript.groups(sections) { SameTranscript.key($0.snapshot) } : sections.map { [$0] }
        for group in groups {
            lines.append("")
            let named = group.compactMap { section in section.scenario.map { (scenario: $0, state: section.snapshot.state.id) } }
            if named.count == 1, let only = named.first {
                lines += ["## \(escaped(only.scenario.name))", "", escaped(only.scenario.purpose), ""]
                lines.append("State: `\(only.state)`")
            } else if !named.isEmpty {
                lines += ["## " + named.map { escaped($0.scenario.name) }.joined(separator: ", "), ""]
                lines.append("The same transcript in \(named.count) scenarios:")
                lines.append("")
                lines += named.map { "- **\(escaped($0.scenario.name))**: \(escaped($0.scenario.purpose)) State: `\($0.state)`" }
            } else {
                lines.append("## `\(group[0].snapshot.state.id)`")
            }
            lines.append("")
            let stops = group[0].snapshot.focusOrder
            if stops.isEmpty { lines.append("*Nothing to focus.*") }
            for (index, element) in stops.enumerated() {
                lines.append("\(index + 1). \(item(Speech(for: element)))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "Selected, Unread, Button — *Removes this filter from the feed.*"
    static func item(_ speech: Speech) -> String {
        switch (speech.description.isEmpty, speech.hint.isEmpty) {
        case (false, true): escaped(speech.description)
        case (true, false): "*\(escaped(speech.hint))*"
        case (false, false): "\(escaped(speech.description)) — *\(escaped(speech.hint))*"
        case (true, true): "*(silent)*"
        }
    }

    /// Backslash-escapes the characters Markdown would read as emphasis, code, links or HTML.
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            if "\\`*_[]<>#|".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
