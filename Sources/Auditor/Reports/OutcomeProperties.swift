/// The numbers behind a block's JUnit suite, written as suite properties so that
/// `a11y-audit merge` can add shard reports up without reading the prose of failure bodies.
///
/// Per block: `audited` (states per dimension value). Per rule, in case order: `outcome`
/// (the counts, and failing states per dimension value), `sample` for each of the first
/// failures, and with a baseline `outside-sample` (the first failures the baseline does
/// not cover) and `baseline-entry` (each entry's expiry, pattern and failing states it
/// matched). A failing rule whose failing states read named assumptions adds
/// `assumptions=NAME=VALUE:COUNT,…` to its `outcome`. Tallies are written as counts per value, dimensions separated by `/`.
/// A person reads the bodies; these are for tools, and stable like the rest of the shape.
enum OutcomeProperties {
    static func properties(for block: BlockOutcome) -> [(name: String, value: String)] {
        var result: [(name: String, value: String)] = [("audited", encode(block.audited))]
        for rule in block.rules {
            let id = rule.rule.id
            var fields: [(key: String, value: String)] = [
                ("states-with-subjects", "\(rule.statesWithSubjects)"), ("subjects", "\(rule.subjects)"),
                ("failing-states", "\(rule.failingStates)"), ("failing-subjects", "\(rule.failingSubjects)"),
                ("failing-values", encode(rule.failingValues)),
            ]
            if let tally = rule.baseline { fields.append(("outside-baseline", "\(tally.outside)")) }
            let read = block.assumptions(readBy: rule)
            if !read.isEmpty { fields.append(("assumptions", encode(read))) }
            result.append(("outcome", PropertyLine(id, fields).encoded()))
            result += rule.samples.map { ("sample", encode($0, rule: id)) }
            guard let tally = rule.baseline else { continue }
            result += tally.outsideSamples.map { ("outside-sample", encode($0, rule: id)) }
            for (index, entry) in tally.entries.enumerated() {
                result.append(("baseline-entry", PropertyLine(id, [
                    ("line", "\(entry.line)"), ("expires", "\(entry.expires)"), ("expired", tally.expired[index] ? "yes" : "no"),
                    ("matched", "\(tally.matched[index])"), ("where", entry.pattern.encoded), ("reason", entry.reason),
                ]).encoded(text: "reason")))
            }
        }
        return result
    }

    static func encode(_ tally: ValueTally) -> String {
        tally.counts.map { $0.map(String.init).joined(separator: ",") }.joined(separator: "/")
    }

    /// The largest count a report may hold: 2^40, far beyond any audit, and small enough
    /// that adding up the reports of any number of shards cannot overflow.
    static let maximumCount = 1 << 40

    /// A count read from a report: a whole number from 0 to ``maximumCount``, or nil.
    static func count<Text: StringProtocol>(_ text: Text) -> Int? {
        guard let count = Int(text), (0...maximumCount).contains(count) else { return nil }
        return count
    }

    static func decodeTally(_ text: String) -> ValueTally? {
        guard !text.isEmpty else { return ValueTally() }
        var counts: [[Int]] = []
        for dimension in text.split(separator: "/", omittingEmptySubsequences: false) {
            var values: [Int] = []
            for piece in dimension.split(separator: ",") {
                guard let count = Self.count(piece) else { return nil }
                values.append(count)
            }
            counts.append(values)
        }
        return ValueTally(counts: counts)
    }

    /// `scroll-view-hits=clipped:1120,…`: each assumption read, its value in force (left out
    /// when unknown) and the failing states that read it.
    static func encode(_ read: [AssumptionRead]) -> String {
        read.map { "\($0.choice):\($0.failingStates)" }.joined(separator: ",")
    }

    static func decodeAssumptions(_ text: String) -> [AssumptionRead]? {
        var result: [AssumptionRead] = []
        for piece in text.split(separator: ",") {
            guard let colon = piece.lastIndex(of: ":"), let count = Self.count(piece[piece.index(after: colon)...]) else { return nil }
            let choice = piece[..<colon]
            let equals = choice.firstIndex(of: "=")
            let name = String(choice[..<(equals ?? choice.endIndex)])
            guard !name.isEmpty else { return nil }
            result.append(AssumptionRead(name: name, value: equals.map { String(choice[choice.index(after: $0)...]) }, failingStates: count))
        }
        return result
    }

    static func encode(_ sample: RuleOutcome.Sample, rule: String) -> String {
        PropertyLine(rule, [("position", "\(sample.position)"), ("state", sample.stateID), ("subject", sample.subject),
                            ("message", sample.message)]).encoded(text: "message")
    }

    static func decodeSample(_ text: String) -> (rule: String, sample: RuleOutcome.Sample)? {
        guard let line = PropertyLine(parsing: text, text: "message"), let position = line.number("position"),
              let state = line["state"], let subject = line["subject"], let message = line["message"] else { return nil }
        return (line.head, RuleOutcome.Sample(position: position, stateID: state, subject: subject, message: message))
    }
}
