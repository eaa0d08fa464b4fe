import Foundation

/// The numbers behind a block's JUnit suite, written as one JSON-valued suite property so
/// that `a11y-audit merge` can add shard reports up without reading the prose of failure
/// bodies, and so that no property name repeats (xunitparser rejects a file where one
/// does, across suites too; junit2html lists every property as a row).
///
/// The JSON holds every rule file of the audit (the suite's readable `spec` property lists
/// only those with a rule that applies to the block), the `--assume` choices and `--theme`
/// file, `audited`
/// (states per dimension value), and per rule, in case order: its counts, failing states
/// per dimension value, the assumptions its failing states read, its first failures, and
/// with a baseline the first failures outside it and each entry's expiry, pattern and
/// matches. Keys are sorted, so the text is the same for the same outcome.
struct OutcomeProperties: Codable, Equatable {
    /// The key that names the property after the block (``propertyName(_:_:)``).
    static let key = "outcome"

    var specs: [String]
    var assume: [String]
    /// The `--theme` file; absent without one (and in reports written before it was kept).
    var theme: String?
    var audited: [[Int]]
    var rules: [RuleRecord]

    struct RuleRecord: Codable, Equatable {
        var rule: String
        var statesWithSubjects: Int
        var subjects: Int
        var failingStates: Int
        var failingSubjects: Int
        var failingValues: [[Int]]
        var assumptions: [Assumption]?
        var samples: [Sample]
        var outsideBaseline: Int?
        var outsideSamples: [Sample]?
        var baselineEntries: [Entry]?
    }

    struct Assumption: Codable, Equatable {
        var name: String
        var value: String?
        var failingStates: Int
    }

    struct Sample: Codable, Equatable {
        var position: Int
        var state: String
        var subject: String
        var message: String
    }

    struct Entry: Codable, Equatable {
        var line: Int
        var expires: String
        var expired: Bool
        var matched: Int
        var `where`: String
        var reason: String
    }

    /// A suite property's name: the block, a dot, the key. Readers that gather the
    /// properties of every suite into one table (xunitparser) then never see a name twice.
    static func propertyName(_ block: String, _ key: String) -> String { "\(block).\(key)" }

    init(block: BlockOutcome, specs: [String], assume: [String], theme: String? = nil) {
        self.specs = specs
        self.assume = assume
        self.theme = theme
        audited = block.audited.counts
        rules = block.rules.map { rule in
            let reads = block.assumptions(readBy: rule)
            var record = RuleRecord(
                rule: rule.rule.id, statesWithSubjects: rule.statesWithSubjects, subjects: rule.subjects,
                failingStates: rule.failingStates, failingSubjects: rule.failingSubjects,
                failingValues: rule.failingValues.counts,
                assumptions: reads.isEmpty ? nil : reads.map { Assumption(name: $0.name, value: $0.value, failingStates: $0.failingStates) },
                samples: rule.samples.map(Sample.init))
            if let tally = rule.baseline {
                record.outsideBaseline = tally.outside
                record.outsideSamples = tally.outsideSamples.map(Sample.init)
                record.baselineEntries = tally.entries.indices.map { index in
                    let entry = tally.entries[index]
                    return Entry(line: entry.line, expires: "\(entry.expires)", expired: tally.expired[index],
                                 matched: tally.matched[index], where: entry.pattern.encoded, reason: entry.reason)
                }
            }
            return record
        }
    }

    /// The property's value: compact JSON with sorted keys.
    func encoded() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        // Encoding plain values of these types cannot fail.
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }

    /// Reads a value written by ``encoded()``; the error says what is wrong.
    static func decode(_ text: String) -> Result<OutcomeProperties, DecodeProblem> {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do {
            return .success(try decoder.decode(OutcomeProperties.self, from: Data(text.utf8)))
        } catch let DecodingError.keyNotFound(key, context) {
            return .failure(DecodeProblem(description: "no '\(snakeCase(key.stringValue))' at \(path(context))"))
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            return .failure(DecodeProblem(description: "the value at \(path(context)) has the wrong type"))
        } catch let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty {
            return .failure(DecodeProblem(description: "the value at \(path(context)) is garbled"))
        } catch {
            return .failure(DecodeProblem(description: "not JSON"))
        }
    }

    struct DecodeProblem: Error { var description: String }

    private static func path(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\(snakeCase($0.stringValue))" }.joined()
        return path.isEmpty ? "the top" : path
    }

    private static func snakeCase(_ key: String) -> String {
        key.unicodeScalars.reduce(into: "") { result, scalar in
            if CharacterSet.uppercaseLetters.contains(scalar) { result += "_" + String(scalar).lowercased() } else { result.unicodeScalars.append(scalar) }
        }
    }

    /// The largest count a report may hold: 2^40, far beyond any audit, and small enough
    /// that adding up the reports of any number of shards cannot overflow.
    static let maximumCount = 1 << 40

    /// A count read from a report: a whole number from 0 to ``maximumCount``, or nil.
    static func count<Text: StringProtocol>(_ text: Text) -> Int? {
        guard let count = Int(text), isCount(count) else { return nil }
        return count
    }

    static func isCount(_ value: Int) -> Bool { (0...maximumCount).contains(value) }
}

extension OutcomeProperties.Sample {
    init(_ sample: RuleOutcome.Sample) {
        self.init(position: sample.position, state: sample.stateID, subject: sample.subject, message: sample.message)
    }

    var sample: RuleOutcome.Sample { RuleOutcome.Sample(position: position, stateID: state, subject: subject, message: message) }
}
