/// `transcript --check --format markdown`: the review scenarios whose transcripts differ
/// from their approved files, as Markdown for a pull-request comment.
///
/// Each difference is a `diff` code block (`-` the approved line, `+` the model's), under a
/// heading naming the block and scenario; scenarios whose differences and transcripts are
/// the same share one section. The scenarios that match are listed in one line at the end.
enum TranscriptCheckMarkdown {
    static func document(_ reviews: [ScenarioReview]) -> String {
        let failing = reviews.filter { $0.verdict != .matches }
        var lines = ["## VoiceOver transcripts", ""]
        lines.append(failing.isEmpty
            ? "All \(Count(reviews.count, "review transcript")) match the approved ones."
            : "\(Count.grouped(failing.count)) of \(Count(reviews.count, "review transcript")) "
                + "\(failing.count == 1 ? "differs" : "differ") from the approved ones or \(failing.count == 1 ? "is" : "are") missing.")
        let groups = SameTranscript.groups(failing) { review in
            Key(block: review.block, verdict: review.verdict, stops: review.transcript.split(separator: "\n").filter { $0.hasPrefix("  ") })
        }
        for group in groups {
            let first = group[0]
            let names = group.map { "`\($0.scenario.name)`" }.joined(separator: ", ")
            lines += ["", "### \(TranscriptMarkdown.escaped(first.block)): \(names)", ""]
            for review in group { lines.append("- `\(review.path)`, state `\(review.stateID)`") }
            lines.append("")
            switch first.verdict {
            case .matches:
                break
            case .missing:
                lines.append("No approved transcript. The model says:")
                lines += [""] + fenced(first.transcript.split(separator: "\n").filter { $0.hasPrefix("  ") }.map(String.init), info: "text")
                lines += ["", "Review it, then record it: `a11y-audit transcript \(first.block) --record \(group.scenarioOptions)`"]
            case .differs(let diff):
                lines.append("\(diff.summary.prefix(1).uppercased() + diff.summary.dropFirst()) (`-` approved, `+` model):")
                lines += [""] + fenced(diffLines(diff), info: "diff")
                lines += ["", "If the change is intended, approve it: `a11y-audit transcript \(first.block) --record \(group.scenarioOptions)`"]
            }
        }
        let matching = reviews.filter { $0.verdict == .matches }
        if !failing.isEmpty, !matching.isEmpty {
            lines += ["", "\(Count(matching.count, "scenario")) \(matching.count == 1 ? "matches" : "match"): "
                      + matching.map { "`\($0.block)/\($0.scenario.name)`" }.joined(separator: ", ") + "."]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private struct Key: Hashable {
        var block: String
        var verdict: ScenarioReview.Verdict
        var stops: [Substring]
    }

    /// The diff as `diff` lines: a hunk header per change naming the approved file's line.
    static func diffLines(_ diff: TranscriptDiff) -> [String] {
        diff.lines.flatMap { line -> [String] in
            switch line {
            case .changed(let number, let approved, let modelLine, let model):
                ["@@ line \(number)\(modelLine == number ? "" : ", line \(modelLine) in the model") @@", "-\(approved)", "+\(model)"]
            case .added(let number, let text):
                ["@@ added: line \(number) in the model @@", "+\(text)"]
            case .removed(let number, let text):
                ["@@ removed: line \(number) @@", "-\(text)"]
            case .moved(let number, let modelLine, let text):
                ["@@ moved: line \(number) to line \(modelLine) @@", "-\(text)", "+\(text)"]
            }
        }
    }

    /// `lines` in a code block whose fence is longer than any run of backticks in them.
    static func fenced(_ lines: [String], info: String) -> [String] {
        var longest = 0
        for line in lines {
            var run = 0
            for character in line {
                run = character == "`" ? run + 1 : 0
                longest = max(longest, run)
            }
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return [fence + info] + lines + [fence]
    }
}
