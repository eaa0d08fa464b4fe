/// The lines an audit prints on stdout: per block, its states and failing rules, then the
/// totals. Counts are grouped in thousands and their nouns agree with them ("1 block").
///
/// `--quiet` keeps only the blocks with failing rules and their failures; `--verbose` adds
/// the rules that pass and the time of each phase.
public enum ConsoleSummary {
    public static func text(for outcome: AuditOutcome, failOn: Severity?, verbosity: Verbosity = .normal) -> String {
        var lines: [String] = []
        for block in outcome.blocks {
            let failing = block.rules.filter { !$0.passed }
            if verbosity == .quiet, failing.isEmpty { continue }
            // A merged report carries no memo statistics: say nothing rather than 0 %.
            let memo = block.statistics.unitHits + block.statistics.unitMisses == 0 ? ""
                : "; memo hits: units \(percent(block.unitHitRate)), documents \(percent(block.documentHitRate))"
            lines.append("\(block.block): \(Count(block.states, "state")), \(Count(block.rules.count, "rule")), "
                         + "\(Count.grouped(failing.count)) failing (\(seconds(block.seconds))\(memo))")
            if verbosity == .verbose {
                let t = block.times
                lines.append("  phases (time summed over workers): enumerate \(seconds(t.enumerate)), render \(seconds(t.render)), document \(seconds(t.document)), evaluate \(seconds(t.evaluate))")
            }
            for rule in failing {
                let restsOn = Self.restsOn(rule, in: block).map { " — rests on \($0)" } ?? ""
                let gate = !rule.isBaselined && (failOn.map { rule.rule.severity >= $0 } ?? false)
                let first = rule.samples.first.map { " — \($0.subject): \($0.message)" } ?? ""
                let summary = FailureSummary(rule, in: block).map { ", \($0.text)" } ?? ""
                let share = "\(Count.grouped(rule.failingStates)) of \(Count(block.states, "state"))"
                if let note = rule.baselinedNote {
                    lines.append("  base [\(rule.rule.severity.rawValue)] \(rule.rule.id): \(share)\(summary) — \(note)\(restsOn)")
                    continue
                }
                lines.append("  \(gate ? "FAIL" : "note") [\(rule.rule.severity.rawValue)] \(rule.rule.id): \(share)\(summary)\(first)\(restsOn)")
                if let gap = rule.baselineGap { lines.append("       baseline: \(gap)") }
            }
            if verbosity == .verbose {
                for rule in block.rules where rule.passed {
                    lines.append("  ok   [\(rule.rule.severity.rawValue)] \(rule.rule.id): \(Count(rule.statesWithSubjects, "state")) with subjects")
                }
            }
            for rule in failing where !rule.sensitivity.isEmpty {
                lines.append("  sensitivity \(rule.rule.id): \(sensitivity(rule, in: block))")
            }
        }
        if verbosity != .quiet { lines.append(totals(for: outcome, failOn: failOn)) }
        return lines.isEmpty ? "" : lines.map(ConsoleText.printable).joined(separator: "\n") + "\n"
    }

    /// The closing line: blocks, states (every selected one, or a pairwise covering array
    /// of them) and rules audited, the time, failing (block, rule) pairs by severity, how
    /// many the baseline accepts and how many gate.
    static func totals(for outcome: AuditOutcome, failOn: Severity?) -> String {
        let failing = outcome.blocks.flatMap { $0.rules.filter { !$0.passed } }
        let bySeverity = Severity.allCases.reversed().map { severity in
            "\(Count.grouped(failing.filter { $0.rule.severity == severity }.count)) \(severity.rawValue)"
        }
        let rules = Set(outcome.blocks.flatMap { $0.rules.map(\.rule.id) }).count
        let states = outcome.blocks.reduce(0) { $0 + $1.states }
        let gating = failOn.map { outcome.gatingFailures(atLeast: $0).count } ?? 0
        return "\(Count(outcome.blocks.count, "block")), \(Count(states, "state")) (\(outcome.coverage.rawValue) coverage), "
            + "\(Count(rules, "rule")) audited in \(seconds(outcome.seconds)) on \(Count(outcome.jobs, "job")); "
            + "failing: \(bySeverity.joined(separator: ", ")); \(Count.grouped(failing.filter(\.isBaselined).count)) baselined; "
            + "\(Count(gating, "gating failure"))"
            + (outcome.choices.isEmpty ? "" : "; assuming \(outcome.choices.arguments.joined(separator: ", "))")
    }

    /// `scroll-view-hits=clipped, …`: the assumptions a failing rule's failing states read,
    /// with the values in force; nil when they read none.
    static func restsOn(_ rule: RuleOutcome, in block: BlockOutcome) -> String? {
        let read = block.assumptions(readBy: rule)
        return read.isEmpty ? nil : read.map(\.choice).joined(separator: ", ")
    }

    /// `1120 of 1920 states; 800 with scroll-view-hits=unclipped`: the failing states now and
    /// under each other answer `--sensitivity` tried.
    static func sensitivity(_ rule: RuleOutcome, in block: BlockOutcome) -> String {
        (["\(Count.grouped(rule.failingStates)) of \(Count(block.states, "state"))"] + rule.sensitivity.map { $0.figure(against: rule.failingStates) })
            .joined(separator: "; ")
    }

    static func percent(_ value: Double) -> String { "\(Int((value * 100).rounded())) %" }

    static func seconds(_ value: Double) -> String {
        let hundredths = (value * 100).rounded() / 100
        return "\(hundredths) s"
    }
}

/// Text made safe for a terminal: rule messages, ids and paths come from files anyone can
/// edit, and a control character (an escape sequence, a carriage return) in them could
/// rewrite what the console shows. C0 and C1 controls and DEL become `\u{XX}`.
public enum ConsoleText {
    public static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 && scalar != "\t" && scalar != "\n" || (0x7F...0x9F).contains(scalar.value)
    }
}
