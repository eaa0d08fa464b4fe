import AccessibilityModel

/// What VoiceOver says as a user swipes through a block in one state: a header naming the
/// block and state, then one line per focus stop, in focus order.
public enum Transcript {
    public static func text(for snapshot: Snapshot) -> String {
        var lines = ["\(snapshot.block) · \(snapshot.state.id)"]
        for (position, element) in snapshot.focusOrder.enumerated() {
            lines.append("  \(position + 1). \(Speech(for: element).line)")
        }
        if snapshot.focusOrder.isEmpty { lines.append("  (nothing to focus)") }
        return lines.joined(separator: "\n") + "\n"
    }
}
