import XMLSupport

/// How much a failing rule matters. Only what reaches the `--fail-on` level holds a release.
public enum Severity: String, Sendable, CaseIterable, Comparable {
    case info, warning, error

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One rule of a spec, as written: nothing compiled yet.
public struct Rule: Sendable {
    public var id: String
    public var severity: Severity
    public var title: String
    public var description: String
    /// WCAG criteria, HIG sections, block contracts.
    public var tags: [String]
    /// Block names, or empty for every block.
    public var blocks: [String]
    public var context: Located<String>
    /// Why a block for which the context matches nothing in any state is not a failure,
    /// in words that finish "BLOCK …" ("declares no selection group"); empty when the rule
    /// does not say.
    public var noSubject: String = ""
    public var assertions: [Assertion]
    public var passingExamples: [Located<XMLElement>]
    public var failingExamples: [Located<XMLElement>]
    /// Where the rule is written.
    public var file: String
    public var line: Int

    public func applies(to block: String) -> Bool { blocks.isEmpty || blocks.contains(block) }

    /// What a report says when no state of `block` has a subject for the rule.
    public func whyNotApplied(to block: String) -> String {
        let reason = noSubject.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return reason.isEmpty
            ? "no state of \(block) has a subject for this rule"
            : "\(block) \(reason): no state has a subject for this rule"
    }

    public struct Assertion: Sendable {
        public var test: Located<String>
        public var message: Located<String>
    }
}

/// A piece of a spec with the place it was written, so later errors can point there.
public struct Located<Value: Sendable>: Sendable {
    public var value: Value
    public var file: String
    public var line: Int
    public var column: Int
    /// The source as written from that place (entities not yet decoded), to place a
    /// character of the decoded value; empty when unknown.
    var raw: String = ""

    /// The file position of the character at `offset` (0-based, in Unicode scalars) in
    /// the decoded value: each entity such as `&gt;` in the source counts as one scalar.
    func position(ofDecodedOffset offset: Int) -> (line: Int, column: Int) {
        var (line, column) = (self.line, self.column)
        var remaining = offset
        var scalars = raw.unicodeScalars.makeIterator()
        while remaining > 0, let scalar = scalars.next() {
            if scalar == "\n" {
                line += 1
                column = 1
            } else if scalar == "&" {
                column += 1
                while let next = scalars.next() {
                    column += 1
                    if next == ";" { break }
                }
            } else {
                column += 1
            }
            remaining -= 1
        }
        return (line, column)
    }
}

extension Located {
    init(value: Value, file: String, line: Int, column: Int) {
        self.value = value
        self.file = file
        self.line = line
        self.column = column
    }
}
