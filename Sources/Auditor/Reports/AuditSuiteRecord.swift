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
    var audited: ValueTally
    /// Per rule, in case order.
    var rules: [RuleRecord]

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
        func value(_ name: String) -> (node: XMLNode, value: String)? {
            properties.first { $0.attribute("name") == name }.map { ($0, $0.attribute("value") ?? "") }
        }
        func suiteProblem(_ message: String) -> InputError { InputError(file: file, line: line, column: 1, message) }

        guard let statesProperty = value("states") else {
            throw suiteProblem("a11y-audit suite '\(block)' has no 'states' property")
        }
        guard let states = OutcomeProperties.count(statesProperty.value) else {
            throw problem(statesProperty.node, "'states' is not a count from 0 to \(OutcomeProperties.maximumCount): '\(statesProperty.value)'")
        }
        self.states = states
        sourcePath = value("source")?.value ?? ""
        constraints = (value("where")?.value ?? "").split(separator: " ").map(String.init)
        specFiles = properties.filter { $0.attribute("name") == "spec" }.map { $0.attribute("value") ?? "" }
        if let shard = value("shard") {
            do { self.shard = try Shard(parsing: shard.value) } catch { throw problem(shard.node, "shard '\(shard.value)': \(error.message)") }
        }
        baselineFile = value("baseline")?.value
        choices = properties.filter { $0.attribute("name") == "assume" }.map { $0.attribute("value") ?? "" }
        let coverageText = value("coverage")?.value ?? Coverage.exhaustive.rawValue
        guard let coverage = Coverage(rawValue: coverageText) else {
            throw problem(value("coverage")!.node, "coverage '\(coverageText)' is not one of \(Coverage.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self.coverage = coverage
        guard let audited = value("audited") else {
            throw suiteProblem("a11y-audit suite '\(block)' lacks the properties merge adds up ('audited', 'outcome'…): "
                               + "it was written by an older a11y-audit; audit again with this one")
        }
        guard let tally = OutcomeProperties.decodeTally(audited.value) else {
            throw problem(audited.node, "'audited' is not counts per value ('3,1/4'): '\(audited.value)'")
        }
        self.audited = tally

        let caseIDs = suite.elementChildren.filter { $0.name == "testcase" }.map { $0.attribute("name") ?? "" }
        var rules = caseIDs.map { RuleRecord(id: $0) }
        func index(of id: String, _ node: XMLNode) throws(InputError) -> Int {
            guard let index = caseIDs.firstIndex(of: id) else { throw problem(node, "the property names rule '\(id)', which has no case in '\(block)'") }
            return index
        }
        var seen = Set<String>()
        for property in properties {
            let text = property.attribute("value") ?? ""
            switch property.attribute("name") {
            case "outcome":
                guard let line = PropertyLine(parsing: text), let statesWithSubjects = line.number("states-with-subjects"),
                      let subjects = line.number("subjects"), let failingStates = line.number("failing-states"),
                      let failingSubjects = line.number("failing-subjects"),
                      let failingValues = line["failing-values"].flatMap(OutcomeProperties.decodeTally) else {
                    throw problem(property, "'outcome' is not 'RULE states-with-subjects=N subjects=N failing-states=N failing-subjects=N failing-values=…': '\(text)'")
                }
                let at = try index(of: line.head, property)
                guard seen.insert(line.head).inserted else { throw problem(property, "a second 'outcome' for rule '\(line.head)'") }
                guard failingStates <= statesWithSubjects, statesWithSubjects <= states, failingSubjects <= subjects,
                      failingStates <= failingSubjects, statesWithSubjects <= subjects else {
                    throw problem(property, "'outcome' of rule '\(line.head)' has impossible counts (more failing than audited, "
                                  + "or more states than the suite's \(states)): '\(text)'")
                }
                rules[at].statesWithSubjects = statesWithSubjects
                rules[at].subjects = subjects
                rules[at].failingStates = failingStates
                rules[at].failingSubjects = failingSubjects
                rules[at].failingValues = failingValues
                if let text = line["assumptions"] {
                    guard let read = OutcomeProperties.decodeAssumptions(text) else {
                        throw problem(property, "'assumptions' is not 'NAME=VALUE:COUNT,…': '\(text)'")
                    }
                    rules[at].assumptions = read
                }
                if line["outside-baseline"] != nil {
                    guard let outside = line.number("outside-baseline") else { throw problem(property, "'outside-baseline' is not a count: '\(text)'") }
                    rules[at].outside = outside
                }
            case "sample", "outside-sample":
                guard let (id, sample) = OutcomeProperties.decodeSample(text) else {
                    throw problem(property, "'\(property.attribute("name")!)' is not 'RULE position=N state=ID subject=S message=…': '\(text)'")
                }
                let at = try index(of: id, property)
                if property.attribute("name") == "sample" { rules[at].samples.append(sample) } else { rules[at].outsideSamples.append(sample) }
            case "baseline-entry":
                guard let line = PropertyLine(parsing: text, text: "reason"), let entryLine = line.number("line"),
                      let expires = line["expires"].flatMap(CalendarDate.init), let expired = line["expired"], ["yes", "no"].contains(expired),
                      let matched = line.number("matched"), let pattern = line["where"].flatMap(StatePattern.init(encoded:)),
                      let reason = line["reason"] else {
                    throw problem(property, "'baseline-entry' is not 'RULE line=N expires=YYYY-MM-DD expired=yes|no matched=N where=… reason=…': '\(text)'")
                }
                let at = try index(of: line.head, property)
                let entry = BaselineEntry(block: block, rule: line.head, pattern: pattern, reason: reason, expires: expires,
                                          file: baselineFile ?? "baseline", line: entryLine)
                rules[at].entries.append((entry, expired == "yes", matched))
            default:
                break
            }
        }
        if let missing = rules.first(where: { !seen.contains($0.id) }) {
            throw suiteProblem("a11y-audit suite '\(block)' has no 'outcome' property for its case '\(missing.id)'")
        }
        self.rules = rules
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
        return outcome
    }
}
