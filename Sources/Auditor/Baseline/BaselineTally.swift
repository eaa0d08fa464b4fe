import AccessibilityModel

/// How one rule's failing states in one block meet the baseline entries for them, counted
/// as the workers go: nothing grows with the number of states.
///
/// A failing state is covered when an unexpired entry's pattern matches it; the others
/// gate. Each entry counts the failing states it matches (expired or not), which tells a
/// stale entry (it matches none) from one still in use.
public struct BaselineTally: Sendable {
    /// The entries for this block and rule, in file order.
    public let entries: [BaselineEntry]
    /// Whether each entry had expired on the day of the audit.
    public let expired: [Bool]
    /// Failing states each entry's pattern matches.
    public internal(set) var matched: [Int]
    /// Failing states no unexpired entry covers: those gate.
    public internal(set) var outside = 0
    /// The first of them, like ``RuleOutcome/samples``: the states to look at first.
    public internal(set) var outsideSamples: [RuleOutcome.Sample] = []
    private let matchers: [StatePattern.Matcher]

    public init(entries: [BaselineEntry], space: StateSpace, today: CalendarDate) {
        self.init(entries: entries, expired: entries.map { $0.isExpired(on: today) }, matchers: entries.map { $0.pattern.matcher(in: space) })
    }

    /// A tally read back from a report: counts only, nothing left to match.
    init(entries: [BaselineEntry], expired: [Bool], matched: [Int], outside: Int, outsideSamples: [RuleOutcome.Sample]) {
        self.init(entries: entries, expired: expired, matchers: [])
        self.matched = matched
        self.outside = outside
        self.outsideSamples = outsideSamples
    }

    private init(entries: [BaselineEntry], expired: [Bool], matchers: [StatePattern.Matcher]) {
        self.entries = entries
        self.expired = expired
        self.matchers = matchers
        matched = Array(repeating: 0, count: entries.count)
    }

    /// Counts a failing state by its space-wide value indices; whether an unexpired entry
    /// covers it.
    mutating func covers(_ values: [Int]) -> Bool {
        var covered = false
        for index in matchers.indices where matchers[index].matches(values) {
            matched[index] += 1
            if !expired[index] { covered = true }
        }
        if !covered { outside += 1 }
        return covered
    }

    /// Whether a failing state outside the baseline at `position` belongs among the samples.
    func samples(_ position: Int) -> Bool {
        Set(outsideSamples.map(\.position)).count < RuleOutcome.sampleLimit || position < outsideSamples[outsideSamples.count - 1].position
    }

    mutating func addSamples(_ samples: [RuleOutcome.Sample]) {
        outsideSamples = RuleOutcome.firstStates(of: outsideSamples + samples)
    }

    mutating func merge(_ other: BaselineTally) {
        for index in matched.indices where index < other.matched.count { matched[index] += other.matched[index] }
        outside += other.outside
        addSamples(other.outsideSamples)
    }

    /// Entries whose pattern matched no failing state: the failures they accepted are gone.
    public var staleEntries: [BaselineEntry] { entries.indices.filter { matched[$0] == 0 }.map { entries[$0] } }

    /// Expired entries that still match failing states: they gate again.
    public var expiredInUse: [BaselineEntry] { entries.indices.filter { expired[$0] && matched[$0] > 0 }.map { entries[$0] } }

    /// Unexpired entries that match failing states: what accepts them.
    public var accepting: [BaselineEntry] { entries.indices.filter { !expired[$0] && matched[$0] > 0 }.map { entries[$0] } }
}

extension RuleOutcome {
    /// Failing states that gate: all of them, less those an unexpired baseline entry covers.
    public var gatingStates: Int { baseline.map(\.outside) ?? failingStates }

    /// Failing, but every failing state is covered by an unexpired baseline entry.
    public var isBaselined: Bool { failingStates > 0 && gatingStates == 0 }
}

extension AuditOutcome {
    /// The failing rules at or above a severity that the baseline does not cover, by block:
    /// what holds a release.
    public func gatingFailures(atLeast severity: Severity) -> [(block: String, rule: RuleOutcome)] {
        failures(atLeast: severity).filter { !$0.rule.isBaselined }
    }

    /// Baseline entries of the audited blocks that matched no failing state.
    public var staleBaselineEntries: [BaselineEntry] {
        blocks.flatMap { $0.rules.flatMap { $0.baseline?.staleEntries ?? [] } }
    }
}
