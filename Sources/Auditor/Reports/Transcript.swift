import AccessibilityModel

/// What VoiceOver says as a user swipes through a block in one state: a header, then one
/// line per focus stop, in focus order, each the grammar's ``Speech/line``.
///
/// The header names the block and state; for a review scenario it names the scenario, its
/// purpose and the state id, which is the form approved under `specs/transcripts/`. Stops
/// are numbered so reviewers can refer to them ("stop 5 lost its hint").
public enum Transcript {
    public static func text(for snapshot: Snapshot, scenario: ReviewScenario? = nil) -> String {
        var lines: [String]
        if let scenario {
            lines = ["\(snapshot.block) · \(scenario.name)", "Purpose: \(scenario.purpose)", "State: \(snapshot.state.id)"]
        } else {
            lines = ["\(snapshot.block) · \(snapshot.state.id)"]
        }
        for (position, element) in snapshot.focusOrder.enumerated() {
            lines.append("  \(position + 1). \(Speech(for: element).line)")
        }
        if snapshot.focusOrder.isEmpty { lines.append("  (nothing to focus)") }
        return lines.joined(separator: "\n") + "\n"
    }
}
