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
        writer.attribute("time", Self.seconds(block.seconds))
        writer.attribute("package", "a11y-audit")
        writer.attribute("id", String(id))

        writer.startElement("properties")
        for file in outcome.specFiles { writer.element("property", attributes: [("name", "spec"), ("value", file)]) }
        writer.element("property", attributes: [("name", "states"), ("value", String(block.states))])
        writer.element("property", attributes: [("name", "coverage"), ("value", outcome.coverage.rawValue)])
        writer.element("property", attributes: [("name", "where"), ("value", block.constraints.joined(separator: " "))])
        writer.element("property", attributes: [("name", "rules"), ("value", String(block.rules.count))])
        writer.element("property", attributes: [("name", "failing-rules"), ("value", String(block.rules.filter { !$0.passed }.count))])
        writer.element("property", attributes: [("name", "source"), ("value", block.sourcePath)])
        if let shard = outcome.shard { writer.element("property", attributes: [("name", "shard"), ("value", shard.description)]) }
        if let baseline = outcome.baselineFile { writer.element("property", attributes: [("name", "baseline"), ("value", baseline)]) }
        for choice in outcome.choices.arguments { writer.element("property", attributes: [("name", "assume"), ("value", choice)]) }
        for rule in block.rules {
            guard let note = rule.baselinedNote else { continue }
            writer.element("property", attributes: [("name", "baselined"), ("value", "\(rule.rule.id): \(note)")])
        }
        for property in OutcomeProperties.properties(for: block) {
            writer.element("property", attributes: [("name", property.name), ("value", property.value)])
        }
        writer.endElement()

        var belowGate: [String] = []
        for rule in block.rules {
            writer.startElement("testcase")
            writer.attribute("name", rule.rule.id)
            writer.attribute("classname", block.block)
            writer.attribute("time", Self.seconds(0))
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
