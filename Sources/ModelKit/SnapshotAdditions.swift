import AccessibilityModel

/// What a block adds to its rendering to make a state's snapshot: its facts, and the
/// transitions that are not a button's (scrolling, drags, the app setting a binding).
///
/// Worked out through a ``RenderContext`` by ``RenderCache/snapshot(of:region:block:environment:choices:proposal:body:additions:)``,
/// so the snapshot knows every dimension it depends on.
public struct SnapshotAdditions {
    public var facts: [Fact]
    /// The block's transitions, after the body's it keeps.
    public var transitions: [AddedTransition]
    /// Which of the body's transitions the snapshot keeps, by action and target: all of them
    /// unless the block says otherwise.
    public var keepsBodyTransition: (_ action: Transition.Action, _ target: String) -> Bool

    public init(facts: [Fact] = [], transitions: [AddedTransition] = [],
                keepsBodyTransition: @escaping (_ action: Transition.Action, _ target: String) -> Bool = { _, _ in true }) {
        self.facts = facts
        self.transitions = transitions
        self.keepsBodyTransition = keepsBodyTransition
    }
}

/// A transition a block adds to a snapshot: one of its own, or one made from what a button
/// of the body does.
///
/// A button's motions follow Reduce Motion. A transition made from a button takes them as
/// the kit resolves them for the state, without the block reading them, so the snapshot
/// does not depend on Reduce Motion through it (``RenderContext/bodyTransitions`` is how a
/// block reads them, and then it does).
public enum AddedTransition {
    case own(Transition)
    /// What the button on `button` does, as another `action`: on `target` (the button's when
    /// nil), leading to `resultingState`, changing the selection or not and playing
    /// `haptics` (each the button's when nil), with `motionsBefore` ahead of the button's
    /// motions less those of `leavingOut`. Nothing when the body has no such button.
    case fromButton(on: String, action: Transition.Action, target: String? = nil, resultingState: BlockState? = nil,
                    changesSelection: Bool? = nil, haptics: [Haptic]? = nil, motionsBefore: [Motion] = [],
                    leavingOut: Set<String> = [])

    /// The transition, given the body's transitions in the state.
    func transition(among body: [Transition]) -> Transition? {
        switch self {
        case .own(let transition):
            return transition
        case .fromButton(let button, let action, let target, let resultingState, let changesSelection, let haptics,
                         let motionsBefore, let leavingOut):
            guard let pressed = body.first(where: { $0.action == .activate && $0.target == button }) else { return nil }
            return Transition(action: action, target: target ?? pressed.target,
                              resultingState: resultingState ?? pressed.resultingState,
                              changesSelection: changesSelection ?? pressed.changesSelection,
                              haptics: haptics ?? pressed.haptics,
                              motions: motionsBefore + pressed.motions.filter { !leavingOut.contains($0.subject) })
        }
    }
}
