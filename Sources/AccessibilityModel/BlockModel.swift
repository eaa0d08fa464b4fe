/// A model of one design-system block: a pure function from a state to what the block
/// exposes.
///
/// A model never draws. It computes what the SwiftUI block would expose in a state — each
/// element's label, value, traits, hint, hidden-ness, frame and hit region — and the
/// interactions from that state. Every behaviour cites a sentence of the block's seed or a
/// documented assumption.
public protocol BlockModel: Sendable {
    /// The block's name, as in `--block ScopeHeader`.
    var name: String { get }
    /// One line on what the block is.
    var summary: String { get }
    /// The block's dimensions and values. Make it once and keep it (a stored property), and
    /// keep the same one in ``assuming(_:)``'s copies: states are made from it, and the
    /// audit finds a state's region by comparing dimension lists, at once when they share
    /// storage and name by name and value by value when they do not.
    var stateSpace: StateSpace { get }
    /// The model's source file, relative to the package root, for reports that link to it.
    var sourcePath: String { get }
    /// The states a reviewer reads and approves transcripts of, each selecting one state.
    var reviewScenarios: [ReviewScenario] { get }
    func snapshot(of state: BlockState) -> Snapshot
    /// The named assumptions the model may read, the model kit's included, each once.
    var assumptions: [Assumption] { get }
    /// The same block rendering under `choices`; a block that reads no assumption returns
    /// itself.
    func assuming(_ choices: AssumptionChoices) -> any BlockModel
}

extension BlockModel {
    public var assumptions: [Assumption] { [] }
    public func assuming(_ choices: AssumptionChoices) -> any BlockModel { self }
}
