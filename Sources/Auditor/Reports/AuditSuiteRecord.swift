import Foundation
import XMLSupport

/// One block's suite of an a11y-audit JUnit report, read back from its properties
/// (``OutcomeProperties``) for `a11y-audit merge`.
struct AuditSuiteRecord {
    /// Where the suite is, for messages.
    var file: String
    var line: Int
    var block: String
    var sourcePath: String
    var states: Int
    var seconds: Double
    var constraints: [String]
    var specFiles: [String]
    var shard: Shard?
    var coverage: Coverage
    var baselineFile: String?
    /// The `--assume` choices, one `assume` property each.
    var choices: [String]
    /// The `--theme` file the audit laid over the bundled theme, if any.
    var themeFile: String?
    var audited: ValueTally
    /// Per rule, in case order.
    var rules: [RuleRecord]
    /// Each case's time, in case order.
    var caseSeconds: [Double] = []

    struct RuleRecord {
        var id: String
        var statesWithSubjects = 0, subjects = 0, failingStates = 0, failingSubjects = 0
        var failingValues = ValueTally()
        var assumptions: [AssumptionRead] = []
        var samples: [RuleOutcome.Sample] = []
        /// Failing states outside the baseline, when entries concern the rule.
        var outside: Int?
        var outsideSamples: [RuleOutcome.Sample] = []
        var entries: [(entry: BaselineEntry, expired: Bool, matched: Int)] = []
    }

    /// Reads a suite whose `package` is `a11y-audit`.
    init(_ suite: XMLNode, file: String, source: SourceText) throws(InputError) {
        let line = source.tagStart("testsuite", nodeLine: suite.line).line
        let block = suite.attribute("name") ?? ""
        self.file = file
        self.line = line
        self.block = block
        let time = suite.attribute("time") ?? "0"
        guard let seconds = Double(time), seconds.isFinite, seconds >= 0, seconds < 1e9 else {
            let place = source.tagStart("testsuite", nodeLine: suite.line)
            throw InputError(file: file, line: place.line, column: place.column, "suite '\(block)' has time '\(time)', not a number of seconds")
        }
        self.seconds = seconds
        let properties = suite.elementChildren.first { $0.name == "properties" }?.elementChildren.filter { $0.name == "property" } ?? []
        func problem(_ node: XMLNode, _ message: String) -> InputError {
            let place = source.tagStart(node.name, nodeLine: node.line)
            return InputError(file: file, line: place.line, column: place.column, message)
        }
        func value(_ key: String) -> (node: XMLNode, value: String)? {
            let name = OutcomeProperties.propertyName(block, key)
            return properties.first { $0.attribute("name") == name }.map { ($0, $0.attribute("value") ?? "") }
        }
        func suiteProblem(_ message: String) -> InputError { InputError(file: file, line: line, column: 1, message) }

        guard let statesProperty = value("states") else {
            throw suiteProblem("a11y-audit suite '\(block)' has no '\(OutcomeProperties.propertyName(block, "states"))' property")
        }
        guard let states = OutcomeProperties.count(statesProperty.value) else {
            throw problem(statesProperty.node, "'states' is not a count from 0 to \(OutcomeProperties.maximumCount): '\(statesProperty.value)'")
        }
        self.states = states
        sourcePath = value("source")?.value ?? ""
        constraints = (value("where")?.value ?? "").split(separator: " ").map(String.init)
        if let shard = value("shard") {
            do { self.shard = try Shard(parsing: shard.value) } catch { throw problem(shard.node, "shard '\(shard.value)': \(error.message)") }
        }
        baselineFile = value("baseline")?.value
        let coverageText = value("coverage")?.value ?? Coverage.exhaustive.rawValue
        guard let coverage = Coverage(rawValue: coverageText) else {
            throw problem(value("coverage")!.node, "coverage '\(coverageText)' is not one of \(Coverage.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self.coverage = coverage
        let outcomeName = OutcomeProperties.propertyName(block, OutcomeProperties.key)
        guard let outcomeProperty = value(OutcomeProperties.key) else {
            throw suiteProblem("a11y-audit suite '\(block)' lacks the property merge adds up ('\(outcomeName)'): "
                               + "it was written by an older a11y-audit; audit again with this one")
        }
        let data: OutcomeProperties
        switch OutcomeProperties.decode(outcomeProperty.value) {
        case .success(let decoded): data = decoded
        case .failure(let failure): throw problem(outcomeProperty.node, "'\(outcomeName)' is not the outcome JSON a11y-audit writes: \(failure.description)")
        }
        func garbled(_ what: String) -> InputError { problem(outcomeProperty.node, "'\(outcomeName)': \(what)") }
        specFiles = data.specs
        choices = data.assume
        themeFile = data.theme
        audited = ValueTally(counts: data.audited)
        guard data.audited.allSatisfy({ $0.allSatisfy(OutcomeProperties.isCount) }) else { throw garbled("'audited' holds a count out of range") }

        let caseIDs = suite.elementChildren.filter { $0.name == "testcase" }.map { $0.attribute("name") ?? "" }
        var rules = caseIDs.map { RuleRecord(id: $0) }
        var seen = Set<String>()
        for record in data.rules {
            let id = record.rule
            guard let at = caseIDs.firstIndex(of: id) else { throw garbled("it names rule '\(id)', which has no case in '\(block)'") }
            guard seen.insert(id).inserted else { throw garbled("a second outcome for rule '\(id)'") }
            let counts = [record.statesWithSubjects, record.subjects, record.failingStates, record.failingSubjects, record.outsideBaseline ?? 0]
                + record.failingValues.joined() + (record.assumptions ?? []).map(\.failingStates)
            guard counts.allSatisfy(OutcomeProperties.isCount) else { throw garbled("rule '\(id)' has a count out of range") }
            guard record.failingStates <= record.statesWithSubjects, record.statesWithSubjects <= states,
                  record.failingSubjects <= record.subjects, record.failingStates <= record.failingSubjects,
                  record.statesWithSubjects <= record.subjects else {
                throw garbled("rule '\(id)' has impossible counts (more failing than audited, or more states than the suite's \(states))")
            }
            rules[at].statesWithSubjects = record.statesWithSubjects
            rules[at].subjects = record.subjects
            rules[at].failingStates = record.failingStates
            rules[at].failingSubjects = record.failingSubjects
            rules[at].failingValues = ValueTally(counts: record.failingValues)
            rules[at].assumptions = (record.assumptions ?? []).map { AssumptionRead(name: $0.name, value: $0.value, failingStates: $0.failingStates) }
            rules[at].samples = record.samples.map(\.sample)
            rules[at].outside = record.outsideBaseline
            rules[at].outsideSamples = (record.outsideSamples ?? []).map(\.sample)
            for entry in record.baselineEntries ?? [] {
                guard let expires = CalendarDate(entry.expires), let pattern = StatePattern(encoded: entry.where) else {
                    throw garbled("a baseline entry of rule '\(id)' has an unreadable expiry or pattern")
                }
                let baselineEntry = BaselineEntry(block: block, rule: id, pattern: pattern, reason: entry.reason, expires: expires,
                                                  file: baselineFile ?? "baseline", line: entry.line)
                rules[at].entries.append((baselineEntry, entry.expired, entry.matched))
            }
        }
        if let missing = rules.first(where: { !seen.contains($0.id) }) {
            throw suiteProblem("a11y-audit suite '\(block)' has no outcome for its case '\(missing.id)'")
        }
        self.rules = rules
        for node in suite.elementChildren where node.name == "testcase" {
            let time = node.attribute("time") ?? "0"
            guard let seconds = Double(time), seconds.isFinite, seconds >= 0, seconds < 1e9 else {
                throw problem(node, "case '\(node.attribute("name") ?? "")' of '\(block)' has time '\(time)', not a number of seconds")
            }
            caseSeconds.append(seconds)
        }
    }

    /// The rule's outcome as the engine would have tallied it, for ``RuleOutcome/merge(_:)``.
    func outcome(of record: RuleRecord, as rule: Rule) -> RuleOutcome {
        let tally = record.outside.map { outside in
            BaselineTally(entries: record.entries.map(\.entry), expired: record.entries.map(\.expired),
                          matched: record.entries.map(\.matched), outside: outside, outsideSamples: record.outsideSamples)
        }
        var outcome = RuleOutcome(rule: rule, baseline: tally)
        outcome.statesWithSubjects = record.statesWithSubjects
        outcome.subjects = record.subjects
        outcome.failingStates = record.failingStates
        outcome.failingSubjects = record.failingSubjects
        outcome.failingValues = record.failingValues
        outcome.assumptionReads = Dictionary(record.assumptions.map { ($0.name, $0.failingStates) }) { $0 + $1 }
        outcome.samples = record.samples
        if let index = rules.firstIndex(where: { $0.id == record.id }), caseSeconds.indices.contains(index) {
            outcome.seconds = caseSeconds[index]
        }
        return outcome
    }
}
