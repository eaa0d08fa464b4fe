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

    /// How many failing states a report shows per rule, and how many failures of each.
    public static let sampleLimit = 5
    public static let failuresPerSample = 3

    public var passed: Bool { failingStates == 0 }

    public struct Sample: Sendable, Hashable {
        /// The state's position in the block's audited selection, for ordering.
        public var position: Int
        public var stateID: String
        public var subject: String
        public var message: String
    }

    init(rule: Rule) { self.rule = rule }

    mutating func record(_ evaluation: CompiledRule.Evaluation, position: Int, stateID: @autoclosure () -> String) {
        guard evaluation.subjects > 0 else { return }
        statesWithSubjects += 1
        subjects += evaluation.subjects
        guard !evaluation.failures.isEmpty else { return }
        failingStates += 1
        failingSubjects += evaluation.failures.count
        if sampledStates < Self.sampleLimit || position < samples[samples.count - 1].position {
            let id = stateID()
            // Sorted, so the sample does not depend on the order failures were found in.
            let failures = evaluation.failures.sorted { ($0.subject, $0.message) < ($1.subject, $1.message) }
            samples += failures.prefix(Self.failuresPerSample).map {
                Sample(position: position, stateID: id, subject: $0.subject, message: $0.message)
            }
            trimSamples()
        }
    }

    mutating func merge(_ other: RuleOutcome) {
        statesWithSubjects += other.statesWithSubjects
        subjects += other.subjects
        failingStates += other.failingStates
        failingSubjects += other.failingSubjects
        samples += other.samples
        trimSamples()
    }

    /// Keeps the failures of the lowest-numbered states, `sampleLimit` states at most.
    private mutating func trimSamples() {
        samples.sort { ($0.position, $0.subject, $0.message) < ($1.position, $1.subject, $1.message) }
        var states = 0
        var last = -1
        samples = samples.filter { sample in
            if sample.position != last {
                states += 1
                last = sample.position
            }
            return states <= Self.sampleLimit
        }
    }

    private var sampledStates: Int { Set(samples.map(\.position)).count }
}

/// One block's audit: how many states, and each applicable rule's outcome.
public struct BlockOutcome: Sendable {
    public let block: String
    public let sourcePath: String
    public internal(set) var states = 0
    public internal(set) var rules: [RuleOutcome]
    public internal(set) var seconds = 0.0
    /// The `--where` constraints the audit ran with, to reproduce a failure.
    public let constraints: [String]
    /// How often memoised results answered.
    let statistics: StateEvaluator.Statistics
    /// CPU time per phase, summed over workers.
    public let times: PhaseTimes

    /// Evaluations answered from memory, as a share of all, per level.
    public var unitHitRate: Double {
        Double(statistics.unitHits) / Double(max(1, statistics.unitHits + statistics.unitMisses))
    }
    public var documentHitRate: Double {
        Double(statistics.documentHits) / Double(max(1, statistics.documentHits + statistics.documentMisses))
    }
}

/// A whole audit.
public struct AuditOutcome: Sendable {
    public var blocks: [BlockOutcome]
    public var specFiles: [String]
    public var seconds: Double
    public var jobs: Int

    /// The failing rules at or above a severity, by block.
    public func failures(atLeast severity: Severity) -> [(block: String, rule: RuleOutcome)] {
        blocks.flatMap { block in
            block.rules.filter { !$0.passed && $0.rule.severity >= severity }.map { (block.block, $0) }
        }
    }
}
