import AccessibilityModel

/// How an approved transcript differs from the model's, line by line: what a reviewer must
/// look at before approving again.
///
/// Lines are aligned by their text without the stop number, so a stop added near the top
/// reads as one added line, not as every later line renumbered. Line endings (`\r\n`) and a
/// missing final newline are not differences. When only numbering or spacing changed, the
/// lines are compared as written.
public struct TranscriptDiff: Sendable, Hashable {
    public enum Line: Sendable, Hashable {
        /// A model line the approved file lacks; `line` is its number in the model's text.
        case added(line: Int, text: String)
        /// An approved line the model no longer says; `line` is its number in the file.
        case removed(line: Int, text: String)
        /// The same place, other words.
        case changed(line: Int, approved: String, modelLine: Int, model: String)
        /// The same words at another place.
        case moved(line: Int, modelLine: Int, text: String)
    }

    public let lines: [Line]

    public var isEmpty: Bool { lines.isEmpty }

    public init(approved: String, model: String) {
        let old = Self.lines(of: approved), new = Self.lines(of: model)
        guard old != new else {
            lines = []
            return
        }
        let oldKeys = old.map(Self.key), newKeys = new.map(Self.key)
        let oldWords = oldKeys.map(Speech.tokens(of:)), newWords = newKeys.map(Speech.tokens(of:))
        let similarity = { (i: Int, j: Int) in sharedWordCount(oldWords[i], newWords[j]) }
        var difference = SequenceDifference(oldCount: old.count, newCount: new.count,
                                            same: { oldKeys[$0] == newKeys[$1] }, similarity: similarity)
        if difference.isEmpty {
            difference = SequenceDifference(oldCount: old.count, newCount: new.count,
                                            same: { old[$0] == new[$1] }, similarity: similarity)
        }
        lines = difference.changes.map { change in
            switch change {
            case .added(let j): .added(line: j + 1, text: new[j])
            case .removed(let i): .removed(line: i + 1, text: old[i])
            case .changed(let i, let j): .changed(line: i + 1, approved: old[i], modelLine: j + 1, model: new[j])
            case .moved(let i, let j): .moved(line: i + 1, modelLine: j + 1, text: new[j])
            }
        }
    }

    /// "1 changed, 1 added": the counts, for a one-line verdict.
    public var summary: String {
        var counts: [(String, Int)] = [("changed", 0), ("added", 0), ("removed", 0), ("moved", 0)]
        for line in lines {
            switch line {
            case .changed: counts[0].1 += 1
            case .added: counts[1].1 += 1
            case .removed: counts[2].1 += 1
            case .moved: counts[3].1 += 1
            }
        }
        let parts = counts.filter { $0.1 > 0 }.map { "\($0.1) \($0.0)" }
        return "\(parts.joined(separator: ", ")) line\(lines.count == 1 ? "" : "s")"
    }

    /// The diff for people: each change names its line and shows the text, `-` for the
    /// approved file and `+` for the model.
    public func rendered(indent: String = "") -> String {
        var out: [String] = []
        for line in lines {
            switch line {
            case .changed(let number, let approved, let modelLine, let model):
                let moved = modelLine == number ? "" : " (line \(modelLine) in the model)"
                out.append("changed line \(number)\(moved):")
                out.append("  - approved: \(approved)")
                out.append("  + model:    \(model)")
            case .added(let number, let text):
                out.append("added line \(number) (model):")
                out.append("  + model:    \(text)")
            case .removed(let number, let text):
                out.append("removed line \(number) (approved):")
                out.append("  - approved: \(text)")
            case .moved(let number, let modelLine, let text):
                out.append("moved line \(number) to line \(modelLine):")
                out.append("    \(text)")
            }
        }
        return out.map { indent + $0 }.joined(separator: "\n")
    }

    /// The file's lines, whatever the line endings, without a final empty line. (`"\r\n"` is
    /// one `Character`, so the split is on newline characters, not on `"\n"`.)
    static func lines(of text: String) -> [String] {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// A line without its leading spaces and stop number ("  3. Saved, Button" → "Saved, Button").
    static func key(_ line: String) -> String {
        let trimmed = line.drop { $0 == " " }
        let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
        let rest = trimmed.dropFirst(digits.count)
        guard !digits.isEmpty, rest.hasPrefix(". ") else { return String(trimmed) }
        return String(rest.dropFirst(2))
    }
}
