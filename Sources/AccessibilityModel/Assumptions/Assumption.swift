/// A modelling judgement the sources leave open, named so that a team can see which
/// findings rest on it and audit under another answer.
///
/// A model never decides such a question silently: it reads the answer from the
/// ``AssumptionChoices`` it renders under, and the render records that it did
/// (``Snapshot/assumptionsRead``). `a11y-audit assumptions` lists every assumption with its
/// evidence; `audit --assume NAME=VALUE` audits under an alternative; `audit --sensitivity`
/// re-audits under each alternative of the assumptions the failing rules read.
public struct Assumption: Sendable, Hashable {
    /// A stable, id-safe name: `scroll-view-hits`.
    public var name: String
    /// The question the sources leave open, as one sentence.
    public var question: String
    /// The value a default audit uses; always one of ``alternatives``.
    public var defaultValue: String
    /// Every answer the model can audit under, the default included.
    public var alternatives: [Alternative]
    /// What public sources say, each with where it says it.
    public var evidence: [Evidence]
    /// Where the model reads it: a source file relative to the package root.
    public var usedIn: [String]

    public init(name: String, question: String, defaultValue: String, alternatives: [Alternative],
                evidence: [Evidence], usedIn: [String]) {
        precondition(alternatives.contains { $0.value == defaultValue },
                     "assumption \(name): the default \(defaultValue) is not among its alternatives")
        self.name = name
        self.question = question
        self.defaultValue = defaultValue
        self.alternatives = alternatives
        self.evidence = evidence
        self.usedIn = usedIn
    }

    /// The values an audit may choose, in declaration order.
    public var values: [String] { alternatives.map(\.value) }

    /// One answer to the question and what the model does under it.
    public struct Alternative: Sendable, Hashable {
        public var value: String
        public var meaning: String
        public init(_ value: String, _ meaning: String) {
            self.value = value
            self.meaning = meaning
        }
    }

    /// A claim from a public source bearing on the question.
    public struct Evidence: Sendable, Hashable {
        public var claim: String
        /// A citation: a document's title and address.
        public var source: String
        public init(_ claim: String, source: String) {
            self.claim = claim
            self.source = source
        }
    }
}
