/// What one interaction does from one state: the state it leads to, what the user feels and
/// what moves.
public struct Transition: Sendable, Hashable {
    public var action: Action
    /// The element acted on (its id); empty for actions without one, such as a pager drag.
    public var target: String
    /// The state the interaction leads to.
    public var resultingState: BlockState
    /// Whether the interaction changes what is selected (a scope, a tab, a chip).
    public var changesSelection: Bool
    public var haptics: [Haptic]
    public var motions: [Motion]

    public init(action: Action, target: String = "", resultingState: BlockState, changesSelection: Bool,
                haptics: [Haptic] = [], motions: [Motion] = []) {
        self.action = action
        self.target = target
        self.resultingState = resultingState
        self.changesSelection = changesSelection
        self.haptics = haptics
        self.motions = motions
    }

    public enum Action: String, Sendable, CaseIterable {
        /// A tap, or VoiceOver's double-tap.
        case activate
        /// One step of a finger dragging a pager.
        case drag
        /// A drag released and the content settling.
        case settle
        /// The app setting a binding from code.
        case setSelection = "set-selection"
        /// Scrolling the surrounding content (a header becoming stuck).
        case scroll

        /// By case, not by raw string (`Hasher.combine(caseOf:)`).
        public func hash(into hasher: inout Hasher) { hasher.combine(caseOf: self) }
    }
}
