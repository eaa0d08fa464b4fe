import AccessibilityModel

/// Review scenarios that say the same thing, grouped so a reader sees each transcript once
/// under all its names (a block's default, largest-text and right-to-left scenarios often
/// read alike: what differs is the layout, not the words).
enum SameTranscript {
    /// `items` grouped by `key`, each group where its first item was, items in their order.
    static func groups<Item, Key: Hashable>(_ items: [Item], by key: (Item) -> Key) -> [[Item]] {
        var groups: [[Item]] = []
        var index: [Key: Int] = [:]
        for item in items {
            let key = key(item)
            if let position = index[key] {
                groups[position].append(item)
            } else {
                index[key] = groups.count
                groups.append([item])
            }
        }
        return groups
    }

    /// What VoiceOver says in a snapshot, stop by stop: two snapshots with the same lines
    /// have the same transcript whatever their states.
    static func key(_ snapshot: Snapshot) -> [String] {
        snapshot.focusOrder.map { Speech(for: $0).line }
    }
}

extension Transcript {
    /// The transcript of several scenarios that say the same thing: each one's header, then
    /// the stops once. For one scenario it is ``text(for:scenario:)``.
    public static func text(for group: [TranscriptMarkdown.Section]) -> String {
        guard let last = group.last else { return "" }
        let headers = group.dropLast().map { section in
            text(for: section.snapshot, scenario: section.scenario).split(separator: "\n", omittingEmptySubsequences: false)
                .prefix { !$0.hasPrefix("  ") }.filter { !$0.isEmpty }.map { $0 + "\n" }.joined()
        }
        return headers.joined() + text(for: last.snapshot, scenario: last.scenario)
    }
}

extension [ScenarioReview] {
    /// `--scenario default --scenario stuck`: the options that name these scenarios.
    var scenarioOptions: String { map { "--scenario \($0.scenario.name)" }.joined(separator: " ") }
}
