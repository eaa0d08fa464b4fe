import Foundation

/// GitHub Actions workflow commands for an audit's failures, as xcbeautify and SwiftLint
/// write them: `::error file=specs/rules/general.xml,line=12,title=target-size::Card: …`.
///
/// GitHub shows each one on the rule's line in the run's summary and in a pull request's
/// files. A gating failure is an `error`, a failure that does not gate (below `--fail-on`)
/// a `warning`, and one the baseline accepts a `notice`.
public enum GitHubAnnotations {
    /// Whether the run is a GitHub Actions job, which sets `GITHUB_ACTIONS=true`.
    public static func areWanted(in environment: [String: String]) -> Bool {
        environment["GITHUB_ACTIONS"] == "true"
    }

    /// One workflow command per failing (block, rule), in the summary's order. Rule files
    /// are named relative to `directory` when they lie inside it.
    public static func commands(for outcome: AuditOutcome, failOn: Severity?, relativeTo directory: URL) -> String {
        var lines: [String] = []
        for block in outcome.blocks {
            for rule in block.rules where !rule.passed {
                let gates = !rule.isBaselined && (failOn.map { rule.rule.severity >= $0 } ?? false)
                let level = gates ? "error" : rule.isBaselined ? "notice" : "warning"
                var properties = ["file=" + property(relativePath(rule.rule.file, to: directory))]
                if rule.rule.line > 0 { properties.append("line=\(rule.rule.line)") }
                properties.append("title=" + property(rule.rule.id))
                let first = rule.samples.first.map { "\($0.subject): \($0.message)" } ?? rule.rule.title
                let count = "fails in \(Count.grouped(rule.failingStates)) of \(Count(block.states, "state"))"
                let note = rule.baselinedNote.map { " — \($0)" } ?? ""
                lines.append("::\(level) \(properties.joined(separator: ","))::" + data("\(block.block): \(first) (\(count))\(note)"))
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// `path` relative to `directory` when it lies inside it (a relative path is read from
    /// the current directory first), else as given.
    static func relativePath(_ path: String, to directory: URL) -> String {
        let full = URL(fileURLWithPath: path).standardizedFileURL.path
        let base = directory.standardizedFileURL.path
        return full.hasPrefix(base + "/") ? String(full.dropFirst(base.count + 1)) : path
    }

    /// A command's message: `%`, CR and LF escaped, as the runner reads them.
    public static func data(_ text: String) -> String {
        ConsoleText.printable(text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A"))
    }

    /// A property's value: as ``data(_:)``, and `:` and `,` escaped too.
    public static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
