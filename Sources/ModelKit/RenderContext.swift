import AccessibilityModel

/// What a block's body is built from in one state: the state, the environment it renders
/// under, its bindings, and the answers to named assumptions.
///
/// Reading an assumption through ``value(of:)`` or ``holds(_:_:)`` records that the state's
/// render rests on it (``Snapshot/assumptionsRead``). A context lives for one render, on one
/// thread.
public final class RenderContext {
    public let state: BlockState
    public let environment: AccessibilityEnvironment
    public let choices: AssumptionChoices
    private(set) var read: [String] = []

    public init(state: BlockState, environment: AccessibilityEnvironment, choices: AssumptionChoices = .defaults) {
        self.state = state
        self.environment = environment
        self.choices = choices
    }

    /// `@Environment(\.accessibilityReduceMotion)`.
    public var reduceMotion: Bool { environment.reduceMotion }

    /// The binding of a dimension of the block's state.
    public func binding(_ dimension: String, isSelection: Bool = false) -> Binding {
        Binding(dimension, value: state[dimension], isSelection: isSelection)
    }

    /// The answer in force for `assumption`, recording that the render read it.
    public func value(of assumption: Assumption) -> String {
        record(assumption.name)
        return choices.value(of: assumption)
    }

    /// Whether `assumption` is answered `value`, recording that the render read it.
    public func holds(_ assumption: Assumption, _ value: String) -> Bool { self.value(of: assumption) == value }

    func record(_ name: String) {
        if !read.contains(name) { read.append(name) }
    }
}
