import AccessibilityModel

/// What a block adds to its rendering to make a state's snapshot: its facts, and the
/// transitions that are not a button's (scrolling, drags, the app setting a binding).
///
/// Worked out through a ``RenderContext`` by ``RenderCache/snapshot(of:region:block:environment:choices:proposal:body:additions:)``,
/// so the snapshot knows every dimension it depends on.
public struct SnapshotAdditions {
    public var facts: [Fact]
    public var transitions: [Transition]
    /// Leave the body's transitions out: `transitions` are all the state's (a block that
    /// keeps some of the body's reads them from ``RenderContext/bodyTransitions``).
    public var withholdsBodyTransitions: Bool

    public init(facts: [Fact] = [], transitions: [Transition] = [], withholdsBodyTransitions: Bool = false) {
        self.facts = facts
        self.transitions = transitions
        self.withholdsBodyTransitions = withholdsBodyTransitions
    }
}
