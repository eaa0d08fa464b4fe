import AccessibilityModel

/// Where a device recording and the model disagree, focus stop by focus stop.
///
/// Utterances are compared by their words (``Speech/tokens(of:)``), not punctuation or case:
/// "Selected: Following. 4 new. Button." agrees with "Selected, Following, 4 new, Button".
/// A recorded utterance agrees with a stop when it says the stop's words with or without
/// the hint, since a device may have Speak Hints turned off. The two sequences are aligned
/// by longest common subsequence; a stop heard elsewhere is **reordered**, a stop whose
/// place holds other words **differs**, and the rest is **missing** (the model says it, the
/// device did not) or **extra** (the device said it, the model does not).
public struct RecordingComparison: Sendable {
    public enum Difference: Sendable, Hashable {
        /// `stop` is 1-based in the model's focus order.
        case missing(stop: Int, expected: String)
        case extra(recorded: DeviceRecording.Utterance, afterStop: Int)
        case differs(stop: Int, expected: String, recorded: DeviceRecording.Utterance)
        case reordered(stop: Int, expected: String, recorded: DeviceRecording.Utterance, recordedPosition: Int)
    }

    public let stops: [Speech]
    public let recording: DeviceRecording
    public let differences: [Difference]

    public var agrees: Bool { differences.isEmpty }

    public init(model stops: [Speech], recording: DeviceRecording) {
        self.stops = stops
        self.recording = recording
        let full = stops.map(\.tokens)
        let spokenOnly = stops.map { Speech.tokens(of: $0.description) }
        let heard = recording.utterances.map { Speech.tokens(of: $0.text) }
        let difference = SequenceDifference(
            oldCount: stops.count, newCount: heard.count,
            same: { heard[$1] == full[$0] || (!spokenOnly[$0].isEmpty && heard[$1] == spokenOnly[$0]) },
            similarity: { sharedWordCount(full[$0], heard[$1]) })

        // An extra utterance is placed after the last stop the recording agreed with before it.
        func stopBefore(_ new: Int) -> Int { (difference.matches.last { $0.new < new }?.old).map { $0 + 1 } ?? 0 }

        let utterances = recording.utterances
        differences = difference.changes.map { change in
            switch change {
            case .removed(let i): .missing(stop: i + 1, expected: stops[i].line)
            case .added(let j): .extra(recorded: utterances[j], afterStop: stopBefore(j))
            case .changed(let i, let j): .differs(stop: i + 1, expected: stops[i].line, recorded: utterances[j])
            case .moved(let i, let j): .reordered(stop: i + 1, expected: stops[i].line, recorded: utterances[j], recordedPosition: j + 1)
            }
        }
    }

    /// The report for people: one line per difference, then the counts.
    public func report(file: String, subject: String) -> String {
        var lines = ["Comparing \(file) (\(recording.utterances.count) utterances) with \(subject) (\(stops.count) focus stops)"]
        for difference in differences {
            switch difference {
            case .missing(let stop, let expected):
                lines.append("missing    stop \(stop): \(expected)")
                lines.append("           not in the recording")
            case .extra(let recorded, let afterStop):
                lines.append("extra      line \(recorded.line): \(recorded.text)")
                lines.append("           the model has no such stop (after stop \(afterStop))")
            case .differs(let stop, let expected, let recorded):
                lines.append("differs    stop \(stop): \(expected)")
                lines.append("           line \(recorded.line) says: \(recorded.text)")
            case .reordered(let stop, let expected, let recorded, let position):
                lines.append("reordered  stop \(stop): \(expected)")
                lines.append("           heard as utterance \(position), line \(recorded.line)")
            }
        }
        lines.append(agrees ? "The recording agrees with the model."
            : "\(differences.count) difference\(differences.count == 1 ? "" : "s"): \(summary)")
        return lines.joined(separator: "\n") + "\n"
    }

    /// "1 differs, 1 missing, 1 extra".
    public var summary: String {
        var counts: [(String, Int)] = [("differs", 0), ("missing", 0), ("extra", 0), ("reordered", 0)]
        for difference in differences {
            switch difference {
            case .differs: counts[0].1 += 1
            case .missing: counts[1].1 += 1
            case .extra: counts[2].1 += 1
            case .reordered: counts[3].1 += 1
            }
        }
        return counts.filter { $0.1 > 0 }.map { "\($0.1) \($0.0)" }.joined(separator: ", ")
    }
}
