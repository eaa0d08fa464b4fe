import AccessibilityModel
import Foundation
import XMLSupport

/// `a11y-audit merge`: JUnit files in, one report out.
///
/// Suites a11y-audit wrote (`package="a11y-audit"`) are added up per block from their
/// properties (``OutcomeProperties``): the shards of one block must be the N shares of one
/// audit, each once, run with the same rules, `--where` and baseline. Their counts, tallies
/// and baseline matches are summed and their first failing states re-sorted by position,
/// which gives the outcome one unsplit run would have had; the report is then written by
/// ``JUnitReport`` like any other, so it is valid against `specs/schema/junit.xsd` and
/// identical in findings to a single run. Suites from other tools are carried over
/// (``ForeignSuite``): the merged file then follows the readers' conventions, not the
/// project's stricter schema, which knows only a11y-audit's own shape.
struct JUnitMerge {
    private(set) var suites: [AuditSuiteRecord] = []
    private(set) var foreign: [ForeignSuite] = []
    /// Where each foreign suite was first seen, by name.
    private var foreignIndex: [String: Int] = [:]

    /// Reads one input; anything that is not a JUnit report is an error naming the place.
    mutating func read(_ file: String) throws(InputError) {
        let document: XMLDocument
        do { document = try XMLDocument(contentsOfFile: file) } catch {
            throw InputError(file: error.file, line: error.line, column: error.column, "not a JUnit report: \(error.message)")
        }
        let root = document.root
        let source = SourceText(file: file)
        guard root.name == "testsuites" || root.name == "testsuite" else {
            let place = source.tagStart(root.name, nodeLine: root.line)
            throw InputError(file: file, line: place.line, column: place.column,
                             "not a JUnit report: the root element is <\(root.name)>, not <testsuites> or <testsuite>")
        }
        let nodes = root.name == "testsuite" ? [root] : root.elementChildren.filter { $0.name == "testsuite" }
        for node in nodes {
            if node.attribute("package") == "a11y-audit" {
                suites.append(try AuditSuiteRecord(node, file: file, source: source))
            } else {
                addForeign(node)
            }
        }
    }

    /// Adds another tool's suite. Suites nested in it (PHPUnit's `--log-junit` writes
    /// `testsuites > testsuite > testsuite > testcase`) are carried as suites of their own,
    /// so that none of their cases is lost; a suite that holds only suites is not kept.
    private mutating func addForeign(_ node: XMLNode, depth: Int = 0) {
        let children = node.elementChildren
        let nested = children.filter { $0.name == "testsuite" }
        if depth < 64 { for suite in nested { addForeign(suite, depth: depth + 1) } }
        guard nested.isEmpty || children.contains(where: { $0.name == "testcase" }) else { return }
        let name = node.attribute("name") ?? ""
        if let index = foreignIndex[name] {
            foreign[index].add(node)
        } else {
            foreignIndex[name] = foreign.count
            foreign.append(ForeignSuite(node))
        }
    }

    /// The spec files the a11y-audit suites were audited with; they must agree.
    func specFiles() throws(InputError) -> [String]? {
        guard let first = suites.first else { return nil }
        if let other = suites.first(where: { $0.specFiles != first.specFiles }) {
            throw InputError(file: other.file, line: other.line, column: 1,
                             "suite '\(other.block)' was audited with the rules \(other.specFiles.joined(separator: " ")), "
                             + "but \(first.file) with \(first.specFiles.joined(separator: " ")); merge reports of one audit")
        }
        return first.specFiles
    }

    /// The a11y-audit suites added up, block by block in the order they were first read.
    /// `rule(id, block)` gives each case's rule; `space(block)` the block's state space.
    func outcome(rule: (String, String) throws(InputError) -> Rule?, space: (String) -> StateSpace?) throws(InputError) -> AuditOutcome {
        var order: [String] = []
        var groups: [String: [AuditSuiteRecord]] = [:]
        for suite in suites {
            if groups[suite.block] == nil { order.append(suite.block) }
            groups[suite.block, default: []].append(suite)
        }
        var blocks: [BlockOutcome] = []
        var baselineFile: String?
        var coverage = Coverage.exhaustive
        var choices: [String] = []
        var themeFile: String?
        for name in order {
            let group = groups[name]!
            try Self.checkShares(group)
            let first = group[0]
            for suite in group.dropFirst() {
                func differ(_ what: String) -> InputError {
                    InputError(file: suite.file, line: suite.line, column: 1,
                               "\(name): this shard was audited with other \(what) than the one in \(first.file); merge the shards of one audit")
                }
                if suite.constraints != first.constraints { throw differ("--where constraints") }
                if suite.coverage != first.coverage { throw differ("--coverage") }
                if suite.baselineFile != first.baselineFile { throw differ("--baseline") }
                if suite.choices != first.choices { throw differ("--assume choices") }
                if suite.themeFile != first.themeFile { throw differ("--theme") }
                if suite.rules.map(\.id) != first.rules.map(\.id) { throw differ("rules") }
            }
            baselineFile = baselineFile ?? first.baselineFile
            if first.coverage != .exhaustive { coverage = first.coverage }
            var rules: [RuleOutcome] = []
            for (index, record) in first.rules.enumerated() {
                guard let definition = try rule(record.id, name) else {
                    throw InputError(file: first.file, line: first.line, column: 1,
                                     "\(name): rule '\(record.id)' is not in the rule files the report names (\(first.specFiles.joined(separator: ", "))); "
                                     + "merge in the checkout the audit ran in")
                }
                var outcome = first.outcome(of: record, as: definition)
                for suite in group.dropFirst() { outcome.merge(suite.outcome(of: suite.rules[index], as: definition)) }
                rules.append(outcome)
            }
            var audited = ValueTally()
            for suite in group { audited.merge(suite.audited) }
            var values: [String: String] = [:]
            for read in group.flatMap({ $0.rules.flatMap(\.assumptions) }) { values[read.name] = values[read.name] ?? read.value }
            // One audit's blocks were audited under the same choices.
            choices = first.choices
            themeFile = first.themeFile
            blocks.append(BlockOutcome(block: name, sourcePath: first.sourcePath, states: group.reduce(0) { $0 + $1.states },
                                       rules: rules, seconds: group.reduce(0) { $0 + $1.seconds }, stateSpace: space(name),
                                       audited: audited, constraints: first.constraints, assumptionValues: values,
                                       statistics: StateEvaluator.Statistics(), times: PhaseTimes()))
        }
        var outcome = AuditOutcome(blocks: blocks, specFiles: try specFiles() ?? [], seconds: blocks.reduce(0) { $0 + $1.seconds },
                                   jobs: Set(suites.map(\.file)).count, baselineFile: baselineFile)
        outcome.coverage = coverage
        outcome.choices = AssumptionChoices(arguments: choices)
        outcome.themeFile = themeFile
        return outcome
    }

    /// One block's suites must be one whole audit, or the N shares of one, each once.
    private static func checkShares(_ group: [AuditSuiteRecord]) throws(InputError) {
        let block = group[0].block
        guard group.count > 1 || group[0].shard != nil else { return }
        if let whole = group.first(where: { $0.shard == nil }) {
            let other = group.first { $0.file != whole.file } ?? group[1]
            throw InputError(file: whole.file, line: whole.line, column: 1,
                             "\(block) is here unsplit and again in \(other.file); its states would count twice")
        }
        let count = group[0].shard!.count
        if let odd = group.first(where: { $0.shard!.count != count }) {
            throw InputError(file: odd.file, line: odd.line, column: 1,
                             "\(block): shard \(odd.shard!) does not belong with shard \(group[0].shard!) of \(group[0].file); merge the shards of one audit")
        }
        var seen: [Int: AuditSuiteRecord] = [:]
        for suite in group {
            if let earlier = seen[suite.shard!.index] {
                throw InputError(file: suite.file, line: suite.line, column: 1,
                                 "\(block): shard \(suite.shard!) is given twice (also in \(earlier.file))")
            }
            seen[suite.shard!.index] = suite
        }
        let missing = (1...count).lazy.filter { seen[$0] == nil }.prefix(10).map { "\($0)/\(count)" }
        guard missing.isEmpty else {
            let more = count - group.count > missing.count ? " and \(count - group.count - missing.count) more" : ""
            throw InputError("\(block): shard\(count - group.count == 1 ? "" : "s") \(missing.joined(separator: ", "))\(more) "
                             + "missing; merge every shard's report, or the missing states go unaudited")
        }
    }

    /// The merged report: the a11y-audit suites as `report` writes them, then the others.
    func data(_ report: JUnitReport) -> Data {
        let writer = XMLWriter(indent: true)
        writer.comment(JUnitReport.producer)
        writer.startElement("testsuites")
        let written = report.writeSuites(to: writer)
        for (index, suite) in foreign.enumerated() { suite.write(id: written + index, to: writer) }
        writer.endElement()
        return writer.finish()
    }
}
