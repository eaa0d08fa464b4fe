/// Everything a block exposes in one state: the accessibility tree with its geometry, the
/// scroll regions, the interactions from this state, and model facts for contracts.
public struct Snapshot: Sendable {
    public var block: String
    public var state: BlockState
    public var environment: AccessibilityEnvironment
    /// Elements in view order, decorative and hidden ones included.
    public var elements: [AccessibilityElement] { didSet { renderIdentity = nil; dimensionsRead = nil; colourVariants = nil } }
    public var scrollRegions: [ScrollRegion] { didSet { renderIdentity = nil; dimensionsRead = nil } }
    public var transitions: [Transition] { didSet { dimensionsRead = nil } }
    /// Block-level facts (theme tokens, the selected tab…), written on the state element.
    public var facts: [Fact] { didSet { dimensionsRead = nil } }
    /// The names of the assumptions this state's render read, sorted: a finding in this state
    /// may rest on them.
    public var assumptionsRead: [String]
    /// The render the elements and scroll regions come from unchanged, when the model kit
    /// knows it; nil when a block built or changed them itself.
    public var renderIdentity: RenderIdentity?
    /// The dimensions the snapshot was worked out from, by position in the state's
    /// dimensions, one bit each (a dimension from the 64th on sets every bit), when the
    /// model kit made all of it; nil when a block built or changed any part itself.
    ///
    /// A state that differs only in dimensions outside it has the same snapshot but for its
    /// own id, parameters and environment, and for what the kit applies after layout
    /// (mirroring, inks' colours, Reduce Motion's substitutes), so an auditor may take its
    /// results from this state's without making its snapshot.
    public var dimensionsRead: UInt64?
    /// The elements' inks under every appearance and Increase Contrast setting, when the
    /// model kit drew them from one render (``renderIdentity``); nil when a block built or
    /// changed the elements itself.
    public var colourVariants: ColourVariants?

    public init(block: String, state: BlockState, environment: AccessibilityEnvironment,
                elements: [AccessibilityElement], scrollRegions: [ScrollRegion] = [],
                transitions: [Transition] = [], facts: [Fact] = [], assumptionsRead: [String] = [],
                renderIdentity: RenderIdentity? = nil, dimensionsRead: UInt64? = nil,
                colourVariants: ColourVariants? = nil) {
        self.block = block
        self.state = state
        self.environment = environment
        self.elements = elements
        self.scrollRegions = scrollRegions
        self.transitions = transitions
        self.facts = facts
        self.assumptionsRead = assumptionsRead
        self.renderIdentity = renderIdentity
        self.dimensionsRead = dimensionsRead
        self.colourVariants = colourVariants
    }

    /// The focusable elements in the order VoiceOver visits them.
    public var focusOrder: [AccessibilityElement] {
        FocusOrder.sorted(elements.filter(\.isFocusable), direction: environment.direction)
    }

    public func element(_ id: String) -> AccessibilityElement? { elements.first { $0.id == id } }
}
