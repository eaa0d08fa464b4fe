/// How the console and reports say what a baseline did to a rule's failures.
extension RuleOutcome {
    /// For a rule whose failures the baseline covers: "baselined until 2027-03-31
    /// (specs/baseline.xml:9), <reason>"; nil otherwise.
    public var baselinedNote: String? {
        guard isBaselined, let tally = baseline else { return nil }
        return "baselined " + tally.accepting.map { "until \($0.expires) (\($0.location)), \($0.reason)" }.joined(separator: "; ")
    }

    /// For a failing rule that baseline entries concern but do not cover: which states are
    /// outside them and which entries expired; nil otherwise.
    public var baselineGap: String? {
        guard !passed, !isBaselined, let tally = baseline else { return nil }
        var parts: [String] = []
        if tally.outside < failingStates {
            parts.append("\(tally.outside) of the \(failingStates) failing states are outside the baseline, which accepts the others ("
                         + tally.accepting.map { "\($0.pattern) until \($0.expires), \($0.location)" }.joined(separator: "; ") + ")")
        } else if tally.expiredInUse.isEmpty {
            parts.append("none of the \(failingStates) failing states is in the baseline's "
                         + tally.entries.map { "\($0.pattern) (\($0.location))" }.joined(separator: "; "))
        }
        for entry in tally.expiredInUse {
            parts.append("baseline entry \(entry.location) expired on \(entry.expires) (\(entry.reason)); the failures it accepted (\(entry.pattern)) gate again")
        }
        return parts.joined(separator: "; ")
    }
}

extension BaselineEntry {
    /// The warning for an entry no failing state matched.
    public var staleWarning: String {
        "warning: \(location): baseline entry for \(block) \(rule) (\(pattern)) matches no failing state; "
            + "the failures it accepted are gone: delete it"
    }
}
