import AccessibilityModel

/// Which of the selected states an audit visits (`--coverage`).
///
/// `exhaustive` audits every state. `pairwise` audits a covering array: enough states
/// that every pair of values of any two dimensions (within a region of the space) appears
/// in one of them, which finds every failure one value or one pair of values causes in a
/// small share of the states (``PairwiseCovering``). The mode is recorded in the report,
/// since a pairwise pass says less than an exhaustive one.
public enum Coverage: String, Sendable, CaseIterable {
    case exhaustive
    case pairwise

    /// Parses `--coverage`'s value.
    init(option text: String) throws(InputError) {
        guard let coverage = Coverage(rawValue: text) else {
            throw InputError("--coverage takes \(Self.allCases.map(\.rawValue).joined(separator: " or ")), not '\(text)'")
        }
        self = coverage
    }

    /// The states of `selection` this mode audits. Applied to a whole selection, before an
    /// audit is split into shards.
    public func states(of selection: StateSelection) -> StateSelection {
        switch self {
        case .exhaustive: selection
        case .pairwise: selection.pairwiseCovering()
        }
    }

    /// The same requests, each narrowed to the states this mode audits.
    func apply(to requests: [BlockRequest]) -> [BlockRequest] {
        requests.map { request in
            var narrowed = request
            narrowed.selection = states(of: request.selection)
            return narrowed
        }
    }
}
