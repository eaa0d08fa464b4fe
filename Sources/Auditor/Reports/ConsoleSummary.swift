/// The few lines an audit prints on stderr: per block, its states and failing rules.
public enum ConsoleSummary {
    public static func text(for outcome: AuditOutcome, failOn: Severity?, showsPhases: Bool = false) -> String {
        var lines: [String] = []
        for block in outcome.blocks {
            let failing = block.rules.filter { !$0.passed }
            lines.append("\(block.block): \(block.states) states, \(block.rules.count) rules, \(failing.count) failing (\(seconds(block.seconds)); memo hits: units \(percent(block.unitHitRate)), documents \(percent(block.documentHitRate)))")
            if showsPhases {
                let t = block.times
                lines.append("  phases (CPU): enumerate \(seconds(t.enumerate)), render \(seconds(t.render)), document \(seconds(t.document)), evaluate \(seconds(t.evaluate))")
            }
            for rule in failing {
                let gate = failOn.map { rule.rule.severity >= $0 } ?? false
                let first = rule.samples.first.map { " — \($0.subject): \($0.message)" } ?? ""
                lines.append("  \(gate ? "FAIL" : "note") [\(rule.rule.severity.rawValue)] \(rule.rule.id): \(rule.failingStates) of \(block.states) states\(first)")
            }
        }
        let gating = failOn.map { outcome.failures(atLeast: $0).count } ?? 0
        lines.append("\(outcome.blocks.reduce(0) { $0 + $1.states }) states audited in \(seconds(outcome.seconds)) on \(outcome.jobs) jobs; \(gating) gating failures")
        return lines.joined(separator: "\n") + "\n"
    }

    static func percent(_ value: Double) -> String { "\(Int((value * 100).rounded())) %" }

    static func seconds(_ value: Double) -> String {
        let hundredths = (value * 100).rounded() / 100
        return "\(hundredths) s"
    }
}
