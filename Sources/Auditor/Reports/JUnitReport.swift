import Foundation
import XMLSupport

/// The JUnit XML report CI systems read.
///
/// One `testsuite` per block and one `testcase` per (block, rule), `classname` the block
/// and `name` the rule id, so a case keeps its identity from run to run. A failing case
/// summarises all its failing states in its body; thousands of states never become
/// thousands of cases. The shape satisfies the strict Ant schema (aggregated form: a bare
/// `testsuites` root, `package` and `id` on each suite) and Jenkins' `junit-10.xsd`.
/// Only rules at or above the gating severity become failures; rules below it that fail
/// are listed in the suite's `system-out`, so a report never disagrees with the exit code.
public struct JUnitReport {
    public var outcome: AuditOutcome
    public var failOn: Severity?
    public var timestamp: Date
    public var hostname: String
    /// How the report's command lines name the tool, the rules and other options.
    public var reproduction: Reproduction

    public init(outcome: AuditOutcome, failOn: Severity?, timestamp: Date = Date(),
                hostname: String = ProcessInfo.processInfo.hostName, reproduction: Reproduction = Reproduction()) {
        self.outcome = outcome
        self.failOn = failOn
        self.timestamp = timestamp
        self.hostname = hostname
        self.reproduction = reproduction
    }

    public func data() -> Data {
        let writer = XMLWriter(indent: true)
        writer.comment(Self.producer)
        writer.startElement("testsuites")
        writeSuites(to: writer)
        writer.endElement()
        return writer.finish()
    }

    /// Writes one suite per block that has rules, ids from 0; returns how many, so a merged
    /// report can number other tools' suites after them.
    @discardableResult
    func writeSuites(to writer: XMLWriter) -> Int {
        let blocks = outcome.blocks.filter { !$0.rules.isEmpty }
        for (index, block) in blocks.enumerated() { write(block, id: index, to: writer) }
        return blocks.count
    }

    private func gates(_ rule: RuleOutcome) -> Bool {
        guard let failOn, !rule.passed, !rule.isBaselined else { return false }
        return rule.rule.severity >= failOn
    }

    private func write(_ block: BlockOutcome, id: Int, to writer: XMLWriter) {
        writer.startElement("testsuite")
        writer.attribute("name", block.block)
        writer.attribute("timestamp", Self.timestampFormat(timestamp))
        writer.attribute("hostname", hostname.isEmpty ? "localhost" : hostname)
        writer.attribute("tests", String(block.rules.count))
        writer.attribute("failures", String(block.rules.filter(gates).count))
        writer.attribute("errors", "0")
        writer.attribute("skipped", String(block.rules.filter { $0.statesWithSubjects == 0 }.count))
        // The cases add up to the suite, as readers that recount (junitparser) expect.
        let caseSeconds = block.rules.map { Self.rounded($0.seconds) }
        writer.attribute("time", Self.seconds(caseSeconds.reduce(0, +)))
        writer.attribute("package", "a11y-audit")
        writer.attribute("id", String(id))

        writer.startElement("properties")
        for (key, value) in properties(of: block) {
            writer.element("property", attributes: [("name", OutcomeProperties.propertyName(block.block, key)), ("value", value)])
        }
        writer.endElement()

        var belowGate: [String] = []
        for rule in block.rules {
            writer.startElement("testcase")
            writer.attribute("name", rule.rule.id)
            writer.attribute("classname", block.block)
            writer.attribute("time", Self.seconds(Self.rounded(rule.seconds)))
            if gates(rule) {
                writer.startElement("failure")
                writer.attribute("type", rule.rule.severity.rawValue)
                writer.attribute("message", headline(rule, of: block))
                writer.text(body(rule, of: block))
                writer.endElement()
            } else if rule.statesWithSubjects == 0 {
                writer.startElement("skipped")
                writer.attribute("message", rule.rule.whyNotApplied(to: block.block))
                writer.endElement()
            } else if !rule.passed {
                let baselined = rule.baselinedNote.map { " (\($0))" } ?? ""
                belowGate.append("[\(rule.rule.severity.rawValue)] \(rule.rule.id)\(baselined): \(headline(rule, of: block))\n\(body(rule, of: block))")
            }
            writer.endElement()
        }
        writer.element("system-out", text: belowGate.joined(separator: "\n\n"))
        writer.element("system-err", text: "")
        writer.endElement()
    }

    /// A suite's properties, each name once (readers that gather every suite's properties
    /// into one table reject a name seen twice): the rule files with a rule that applies to
    /// the block, one per line; the states audited, coverage, `--where` constraints, rule
    /// counts and model source; the shard, baseline, `--assume` choices and `--theme` file
    /// when there are any, and a line per baselined rule; last the JSON `a11y-audit merge` reads
    /// (``OutcomeProperties``).
    func properties(of block: BlockOutcome) -> [(key: String, value: String)] {
        let applying = outcome.specFiles.filter { file in block.rules.contains { $0.rule.file == file } }
        var result: [(key: String, value: String)] = [
            ("spec", applying.joined(separator: "\n")),
            ("states", String(block.states)),
            ("coverage", outcome.coverage.rawValue),
            ("where", block.constraints.joined(separator: " ")),
            ("rules", String(block.rules.count)),
            ("failing-rules", String(block.rules.filter { !$0.passed }.count)),
            ("source", block.sourcePath),
        ]
        if let shard = outcome.shard { result.append(("shard", shard.description)) }
        if let baseline = outcome.baselineFile { result.append(("baseline", baseline)) }
        if !outcome.choices.arguments.isEmpty { result.append(("assume", outcome.choices.arguments.joined(separator: " "))) }
        if let theme = outcome.themeFile { result.append(("theme", theme)) }
        let baselined = block.rules.compactMap { rule in rule.baselinedNote.map { "\(rule.rule.id): \($0)" } }
        if !baselined.isEmpty { result.append(("baselined", baselined.joined(separator: "\n"))) }
        let data = OutcomeProperties(block: block, specs: outcome.specFiles, assume: outcome.choices.arguments,
                                     theme: outcome.themeFile)
        result.append((OutcomeProperties.key, data.encoded()))
        return result
    }

    /// How many of a sampled state's failures the body lists.
    static let failuresShownPerState = 3

    func headline(_ rule: RuleOutcome, of block: BlockOutcome) -> String {
        if let tally = rule.baseline, !rule.isBaselined, tally.outside < rule.failingStates {
            let first = tally.outsideSamples.first.map { ": \($0.message)" } ?? ""
            return "\(tally.outside) of \(block.states) states fail outside the baseline (\(rule.failingStates) in all)\(first)"
        }
        let first = rule.samples.first.map { ": \($0.message)" } ?? ""
        return "\(rule.failingStates) of \(block.states) states fail\(first)"
    }

    func body(_ rule: RuleOutcome, of block: BlockOutcome) -> String {
        var lines = [
            "\(rule.rule.title)",
            "\(rule.failingStates) of \(block.states) states fail, \(rule.failingSubjects) failing subjects of \(rule.subjects) checked.",
        ]
        if let summary = FailureSummary(rule, in: block) { lines.append(summary.sentence) }
        if let note = rule.baselinedNote ?? rule.baselineGap { lines.append("Baseline: \(note)") }
        if let note = block.assumptionNote(for: rule) { lines.append("Assumptions: \(note)") }
        if let note = block.sensitivityNote(for: rule) { lines.append("Sensitivity: \(note)") }
        if !rule.rule.tags.isEmpty { lines.append("Tags: \(rule.rule.tags.joined(separator: "; "))") }
        lines.append(rule.rule.line > 0 ? "Rule: \(rule.rule.file):\(rule.rule.line)" : "Rule: \(rule.rule.file)")
        // Each state shows its first few failures; the rest are counted.
        func list(_ heading: String, _ samples: [RuleOutcome.Sample]) {
            lines.append(heading)
            var previous = ""
            var shown = 0
            for (index, sample) in samples.enumerated() {
                if sample.stateID != previous {
                    lines.append("  \(sample.stateID)")
                    previous = sample.stateID
                    shown = 0
                }
                shown += 1
                if shown <= Self.failuresShownPerState {
                    lines.append("    \(sample.subject): \(sample.message)")
                } else if index + 1 == samples.count || samples[index + 1].stateID != sample.stateID {
                    lines.append("    … and \(shown - Self.failuresShownPerState) more in this state")
                }
            }
        }
        list("First failing states:", rule.samples)
        // When the baseline covers some failures, the ones it does not are what to fix first.
        var reproduced = rule.samples.first
        if let tally = rule.baseline, !rule.isBaselined, tally.outside < rule.failingStates, let first = tally.outsideSamples.first {
            list("First failing states outside the baseline:", tally.outsideSamples)
            reproduced = first
        }
        if let reproduced {
            lines.append("Reproduce: \(reproduction.command(block: block.block, state: reproduced.stateID))")
        }
        return lines.joined(separator: "\n")
    }

    static func timestampFormat(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return formatter.string(from: date)
    }

    /// Seconds to the millisecond, as the report writes them.
    static func rounded(_ value: Double) -> Double { value.isFinite ? (max(0, value) * 1000).rounded() / 1000 : 0 }

    static func seconds(_ value: Double) -> String { String(format: "%.3f", locale: Locale(identifier: "en_US_POSIX"), value) }
}

/// The command line a report offers to reproduce a failure.
public struct Reproduction: Sendable {
    public var ruleArguments: [String]

    public init(ruleArguments: [String] = []) { self.ruleArguments = ruleArguments }

    /// The command, each argument quoted for a POSIX shell where it needs to be.
    public func command(block: String, state: String) -> String {
        (["a11y-audit", "audit", "--block", block, "--where", state] + ruleArguments).map(ShellQuoting.quote).joined(separator: " ")
    }
}

/// Words quoted for a POSIX shell: a word of only safe characters as it is, any other in
/// single quotes, a single quote inside written `'\''`.
public enum ShellQuoting {
    public static func quote(_ word: String) -> String {
        let safe = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_@%+=:,./-".unicodeScalars.contains(scalar))
        }
        return safe ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
