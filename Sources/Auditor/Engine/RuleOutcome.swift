import AccessibilityModel

/// What one rule found over the states of one block: counts, and the first failures.
///
/// Only counts and a few samples are kept, so memory does not grow with the number of
/// states. Samples are the failures of the lowest-numbered states, which makes reports
/// the same whatever order workers finish in.
public struct RuleOutcome: Sendable {
    public let rule: Rule
    /// States in which the rule's context selected at least one subject.
    public internal(set) var statesWithSubjects = 0
    public internal(set) var subjects = 0
    public internal(set) var failingStates = 0
    public internal(set) var failingSubjects = 0
    public internal(set) var samples: [Sample] = []
    /// Failing states per dimension value, for ``FailureSummary``.
    public internal(set) var failingValues = ValueTally()
    /// How the failing states meet the baseline's entries for this rule; nil when none.
    public internal(set) var baseline: BaselineTally?
    /// How many failing states read each named assumption, by name: what the finding rests on
    /// (``BlockOutcome/assumptions(readBy:)`` adds the values in force).
    public internal(set) var assumptionReads: [String: Int] {
        get {
            guard let pending = pendingReads else { return countedReads }
            var counts = countedReads
            for name in pending.names { counts[name, default: 0] += pending.states }
            return counts
        }
        set {
            countedReads = newValue
            pendingReads = nil
        }
    }

    /// The counts of ``assumptionReads`` but for the run of failing states that read the same
    /// list of assumptions last: neighbouring states mostly read the same list, which is
    /// counted once when another list comes instead of name by name for every state.
    private var countedReads: [String: Int] = [:]
    private var pendingReads: (names: [String], states: Int)?

    private mutating func countReads(_ names: [String], states: Int) {
        if let pending = pendingReads {
            // The states of one render share its list of names: mostly one storage.
            if pending.names.isStorage(of: names) || pending.names == names {
                pendingReads!.states += states
                return
            }
            for name in pending.names { countedReads[name, default: 0] += pending.states }
        }
        pendingReads = (names, states)
    }
    /// Failing states under other answers to the assumptions the failing states read, when
    /// `audit --sensitivity` re-audited them; empty otherwise.
    public internal(set) var sensitivity: [Sensitivity] = []
    /// The block's elapsed time apportioned to this rule (``RuleTimes``): what a JUnit
    /// case reports, so the cases of a block add up to its time.
    public internal(set) var seconds = 0.0

    /// How many failing states a report shows per rule, and how many failures of each.
    public static let sampleLimit = 5
    public static let failuresPerSample = 50

    public var passed: Bool { failingStates == 0 }

    public struct Sample: Sendable, Hashable {
        /// The state's position in the block's audited selection, for ordering.
        public var position: Int
        public var stateID: String
        public var subject: String
        public var message: String
    }

    init(rule: Rule) { self.rule = rule }

    init(rule: Rule, baseline: BaselineTally?) {
        self.rule = rule
        self.baseline = baseline
    }

    /// Counts `states` states in which the rule found `subjects` subjects in all and no
    /// failure: all that a passing state adds to an outcome.
    mutating func countPassing(states: Int, subjects: Int) {
        statesWithSubjects += states
        self.subjects += subjects
    }

    /// Counts the evaluation of every state of `run`, which is the same for all of them.
    /// `assumptionsRead` are the names of the assumptions the states' render read.
    mutating func record<States: CountedStates>(_ evaluation: CompiledRule.Evaluation, run: States,
                                                assumptionsRead: [String] = []) {
        guard evaluation.subjects > 0 else { return }
        statesWithSubjects += run.length
        subjects += evaluation.subjects * run.length
        guard evaluation.hasFailures else { return }
        failingStates += run.length
        run.add(to: &failingValues)
        failingSubjects += evaluation.failures.count * run.length
        if !assumptionsRead.isEmpty { countReads(assumptionsRead, states: run.length) }
        let logging = FindingsLog.isOpen
        var sampling = true
        for offset in 0..<run.length {
            let position = run.position(at: offset)
            if logging { FindingsLog.record(rule: rule.id, stateID: { run.state(at: offset).id }, failures: evaluation.failures) }
            // Positions grow along a run: once one is not sampled, no later one is.
            sampling = sampling && (sampledStates < Self.sampleLimit || position < samples[samples.count - 1].position)
            if sampling {
                let stateID = run.state(at: offset).id
                samples = Self.firstStates(of: samples + Self.samples(of: evaluation, position: position, stateID: stateID))
                sampledStates = Self.states(in: samples)
            }
            if baseline != nil, baseline?.covers(run.values(at: offset)) == false, baseline!.samples(position) {
                baseline!.addSamples(Self.samples(of: evaluation, position: position, stateID: run.state(at: offset).id))
            }
            if !logging && !sampling && baseline == nil { break }
        }
    }

    mutating func merge(_ other: RuleOutcome) {
        statesWithSubjects += other.statesWithSubjects
        subjects += other.subjects
        failingStates += other.failingStates
        failingSubjects += other.failingSubjects
        failingValues.merge(other.failingValues)
        assumptionReads = assumptionReads.merging(other.assumptionReads, uniquingKeysWith: +)
        samples = Self.firstStates(of: samples + other.samples)
        sampledStates = Self.states(in: samples)
        if let tally = other.baseline { baseline?.merge(tally) }
        seconds += other.seconds
    }

    /// A failing state's samples: its first failures, sorted so that they do not depend on
    /// the order they were found in.
    static func samples(of evaluation: CompiledRule.Evaluation, position: Int, stateID: String) -> [Sample] {
        let failures = evaluation.failures.sorted { ($0.subject, $0.message) < ($1.subject, $1.message) }
        return failures.prefix(Self.failuresPerSample).map {
            Sample(position: position, stateID: stateID, subject: $0.subject, message: $0.message)
        }
    }

    /// The failures of the lowest-numbered states, `sampleLimit` states at most, in order.
    static func firstStates(of samples: [Sample]) -> [Sample] {
        let samples = samples.sorted { ($0.position, $0.subject, $0.message) < ($1.position, $1.subject, $1.message) }
        var states = 0
        var last = -1
        return samples.filter { sample in
            if sample.position != last {
                states += 1
                last = sample.position
            }
            return states <= Self.sampleLimit
        }
    }

    /// How many states the samples come from, kept with them.
    private var sampledStates = 0

    /// How many states `samples`, sorted by position, come from.
    static func states(in samples: [Sample]) -> Int {
        zip(samples, samples.dropFirst()).reduce(samples.isEmpty ? 0 : 1) { $0 + ($1.0.position != $1.1.position ? 1 : 0) }
    }
}

/// One block's audit: how many states, and each applicable rule's outcome.
public struct BlockOutcome: Sendable {
    public let block: String
    public let sourcePath: String
    public internal(set) var states = 0
    public internal(set) var rules: [RuleOutcome]
    public internal(set) var seconds = 0.0
    /// The block's state space, and how many audited states took each value of its
    /// dimensions: what ``FailureSummary`` compares a rule's failing states with.
    public internal(set) var stateSpace: StateSpace?
    public internal(set) var audited = ValueTally()
    /// The `--where` constraints the audit ran with, to reproduce a failure.
    public let constraints: [String]
    /// The value in force of each named assumption the block declares (or its failing
    /// states read), by name.
    public internal(set) var assumptionValues: [String: String] = [:]
    /// How often memoised results answered.
    let statistics: StateEvaluator.Statistics
    /// Time per phase, summed over workers.
    public let times: PhaseTimes

    /// Evaluations answered from memory, as a share of all, per level.
    public var unitHitRate: Double {
        Double(statistics.unitHits) / Double(max(1, statistics.unitHits + statistics.unitMisses))
    }
    public var documentHitRate: Double {
        Double(statistics.documentHits) / Double(max(1, statistics.documentHits + statistics.documentMisses))
    }

    /// The named assumptions `rule`'s failing states read, by name, each with its value in
    /// force and how many failing states read it.
    public func assumptions(readBy rule: RuleOutcome) -> [AssumptionRead] {
        rule.assumptionReads.sorted { $0.key < $1.key }.map { name, count in
            AssumptionRead(name: name, value: assumptionValues[name], failingStates: count)
        }
    }
}

/// A whole audit.
public struct AuditOutcome: Sendable {
    public var blocks: [BlockOutcome]
    public var specFiles: [String]
    public var seconds: Double
    public var jobs: Int
    /// The baseline file the audit was checked against, if any.
    public var baselineFile: String? = nil
    /// The part of each block's states this audit covered, when it is one of several jobs.
    public var shard: Shard? = nil
    /// Which of the selected states were audited: every one, or a pairwise covering array.
    public var coverage: Coverage = .exhaustive
    /// The answers to named assumptions the audit chose (`--assume`); the rest at their defaults.
    public var choices: AssumptionChoices = .defaults
    /// The team's theme file the audit laid over the bundled theme (`--theme`), if any.
    public var themeFile: String? = nil

    /// The failing rules at or above a severity, by block.
    public func failures(atLeast severity: Severity) -> [(block: String, rule: RuleOutcome)] {
        blocks.flatMap { block in
            block.rules.filter { !$0.passed && $0.rule.severity >= severity }.map { (block.block, $0) }
        }
    }
}
