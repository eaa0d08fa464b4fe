import AccessibilityModel

/// A named assumption a rule's failing states read: its name, the value in force (nil when
/// the block does not declare it) and how many failing states read it.
public struct AssumptionRead: Sendable, Hashable {
    public var name: String
    public var value: String?
    public var failingStates: Int

    /// `scroll-view-hits=clipped`, or the bare name when the value is unknown.
    public var choice: String { value.map { "\(name)=\($0)" } ?? name }
}

/// How many states a rule fails with one assumption answered otherwise (`audit --sensitivity`).
public struct Sensitivity: Sendable, Hashable {
    public var assumption: String
    public var value: String
    public var failingStates: Int

    public var choice: String { "\(assumption)=\(value)" }

    /// `800 with scroll-view-hits=unclipped`, or `unchanged with …` when the count is
    /// `failingStates`, the count under the choices in force.
    public func figure(against failingStates: Int) -> String {
        (self.failingStates == failingStates ? "unchanged" : Count.grouped(self.failingStates)) + " with \(choice)"
    }
}

extension AuditEngine {
    /// Re-audits each block under every other answer to each assumption its failing rules'
    /// failing states read, and records on those rules how many states fail then.
    ///
    /// Each (block, assumption, value) is audited once, over the same selection with the same
    /// rules and jobs, whichever rules read it; the outcome's counts, samples and gate are
    /// left as they were. `requests` are the ones `outcome` was audited from.
    public func measureSensitivity(of outcome: inout AuditOutcome, requests: [BlockRequest]) throws(InputError) {
        var engine = self
        engine.baseline = nil
        engine.progress = nil
        for request in requests {
            guard let index = outcome.blocks.firstIndex(where: { $0.block == request.block.name }) else { continue }
            let block = outcome.blocks[index]
            let read = Set(block.rules.filter { !$0.passed }.flatMap(\.assumptionReads.keys))
            let declared = request.block.assuming(request.choices).assumptions
            for name in read.sorted() {
                guard let assumption = declared.first(where: { $0.name == name }) else { continue }
                for value in assumption.values where value != request.choices.value(of: assumption) {
                    var alternative = request
                    alternative.choices = request.choices.with(name, value)
                    let other = try engine.audit(alternative)
                    for (ruleIndex, rule) in block.rules.enumerated() where !rule.passed && rule.assumptionReads[name] != nil {
                        let failing = other.rules.first { $0.rule.id == rule.rule.id }?.failingStates ?? 0
                        outcome.blocks[index].rules[ruleIndex].sensitivity.append(
                            Sensitivity(assumption: name, value: value, failingStates: failing))
                    }
                }
            }
        }
    }
}

extension BlockOutcome {
    /// What `rule`'s failing states rest on, for a report: `scroll-view-hits=clipped (read in
    /// 1120 of 1120 failing states; see a11y-audit assumptions)`; nil when they read no
    /// named assumption.
    public func assumptionNote(for rule: RuleOutcome) -> String? {
        let read = assumptions(readBy: rule)
        guard !read.isEmpty else { return nil }
        return read.enumerated().map { index, assumption in
            let see = index == read.count - 1 ? "; see a11y-audit assumptions" : ""
            return "\(assumption.choice) (read in \(assumption.failingStates) of \(rule.failingStates) failing states\(see))"
        }.joined(separator: ", ")
    }

    /// How `rule` fares under the other answers `--sensitivity` tried: `800 of 1920 with
    /// scroll-view-hits=unclipped`; nil when none was tried.
    public func sensitivityNote(for rule: RuleOutcome) -> String? {
        guard !rule.sensitivity.isEmpty else { return nil }
        return rule.sensitivity.map { figure in
            "\(figure.failingStates) of \(states) with \(figure.choice)" + (figure.failingStates == rule.failingStates ? " (unchanged)" : "")
        }.joined(separator: "; ")
    }
}

extension AssumptionChoices {
    /// The explicit choices as `NAME=VALUE`, sorted by name.
    public var arguments: [String] { explicit.map { "\($0.name)=\($0.value)" } }

    /// The choices `NAME=VALUE` words make, as a report recorded them (unchecked: the first
    /// value of a name counts, a word without `=` is skipped).
    init(arguments: [String]) {
        var chosen: [String: String] = [:]
        for word in arguments {
            guard let equals = word.firstIndex(of: "=") else { continue }
            let name = String(word[..<equals])
            chosen[name] = chosen[name] ?? String(word[word.index(after: equals)...])
        }
        self.init(chosen)
    }
}
