import AccessibilityModel

/// What a block's body is built from in one state: the state, the environment it renders
/// under, its bindings, and the answers to named assumptions.
///
/// The context records what the body reads: each dimension of the state (through
/// ``binding(_:isSelection:)``, ``value(of:)-(String)``, the environment's accessors, or —
/// all of them — ``state``) and each assumption (``value(of:)-(Assumption)``). A
/// ``RenderCache`` reuses a render for every state that agrees on what it read, so a body
/// must read the state only through its context. A context lives for one render, on one
/// thread.
public final class RenderContext {
    private let current: BlockState
    private let settings: AccessibilityEnvironment
    public let choices: AssumptionChoices
    private(set) var read: [String] = []
    /// The positions of the dimensions read, one bit each.
    private(set) var dimensionsRead: UInt64 = 0

    /// Ink colours resolved in earlier renders of the same cache, when a ``RenderCache``
    /// renders.
    let inkColours: InkColours?
    /// Parts of bodies built on this thread by earlier renders of the same cache, when a
    /// ``RenderCache`` renders (``reused(_:key:_:)``).
    let viewCache: ViewCache?

    /// The body's transitions, for a snapshot's additions (``RenderCache/snapshot(of:region:block:environment:choices:proposal:body:additions:)``).
    private let rendered: [Transition]

    public convenience init(state: BlockState, environment: AccessibilityEnvironment, choices: AssumptionChoices = .defaults) {
        self.init(state: state, environment: environment, choices: choices, transitions: [])
    }

    init(state: BlockState, environment: AccessibilityEnvironment, choices: AssumptionChoices, transitions: [Transition],
         inkColours: InkColours? = nil, viewCache: ViewCache? = nil) {
        current = state
        settings = environment
        self.choices = choices
        rendered = transitions
        self.inkColours = inkColours
        self.viewCache = viewCache
    }

    /// A part of the body that depends on nothing but what it reads through this context
    /// and `key`: built by `build` once for each set of values it reads, and the same nodes
    /// used again in the renders after that agree with it there. What it read is recorded
    /// as if it had been built.
    ///
    /// `site` names the call site (unique in the block); `key` holds whatever the part
    /// depends on that it does not read here, such as a value worked out from the state
    /// outside it. A part that captures such a value and leaves it out of `key` is reused
    /// where it should not be: a block's tests compare its renders made with parts kept and
    /// without (``reusesParts``), as `KeptPartsTests` does for the built-in blocks. Without a
    /// render cache (a context made on its own) the part is built every time.
    public func reused(_ site: String, key: some Hashable = 0, _ build: (RenderContext) -> View) -> View {
        guard let viewCache, Self.reusesParts else { return build(self) }
        return viewCache.part(site, key: AnyHashable(key), in: self) { build(self) }
    }

    /// Whether ``reused(_:key:_:)`` keeps parts, in the task that renders: off only to
    /// check that keeping them changes no render.
    @TaskLocal public static var reusesParts = true

    /// `build`'s view, and the dimensions and assumptions it read, recorded here as well.
    func recordingReads(_ build: () -> View) -> (View, dimensions: UInt64, assumptions: [String]) {
        let (outerDimensions, outerRead) = (dimensionsRead, read)
        dimensionsRead = 0
        read = []
        let view = build()
        let reads = (dimensionsRead, read)
        dimensionsRead = outerDimensions
        read = outerRead
        recordReads(dimensions: reads.0, assumptions: reads.1)
        return (view, reads.0, reads.1)
    }

    /// Records reads a kept part made when it was built.
    func recordReads(dimensions: UInt64, assumptions: [String]) {
        dimensionsRead |= dimensions
        for name in assumptions { record(name) }
    }

    /// The value indices of the dimensions `mask` names, in order, without recording a read.
    func unrecordedValues(at mask: UInt64) -> [Int] {
        var values: [Int] = []
        var bits = mask
        while bits != 0 {
            let position = bits.trailingZeroBitCount
            values.append(position < current.valueIndices.count ? current.valueIndices[position] : -1)
            bits &= bits - 1
        }
        return values
    }

    /// What the body's buttons do in this state, for a snapshot's additions that build on
    /// them. Their motions follow Reduce Motion, so reading them reads `motion`; a block that
    /// only passes a button's action on makes an ``AddedTransition/fromButton(on:action:target:resultingState:changesSelection:haptics:motionsBefore:leavingOut:)``
    /// instead, which reads nothing.
    public var bodyTransitions: [Transition] {
        record(dimension: "motion")
        return rendered
    }

    /// Whether the body has a button on `target` in this state (the render decides, not the
    /// settings): what ``AddedTransition/fromButton(on:action:target:resultingState:changesSelection:haptics:motionsBefore:leavingOut:)``
    /// builds on.
    public func hasButton(on target: String) -> Bool {
        rendered.contains { $0.action == .activate && $0.target == target }
    }

    /// The state with the dimension at `position` set to the value at `value`: where an
    /// action leads. It reads nothing; the values it sets are the caller's.
    public func state(setting position: Int, to value: Int) -> BlockState {
        current.with(dimensionAt: position, valueAt: value)
    }

    /// The whole state: reading it makes the render depend on every dimension.
    public var state: BlockState {
        dimensionsRead = .max
        return current
    }

    /// The whole environment: reading it makes the render depend on every setting.
    public var environment: AccessibilityEnvironment {
        for name in Self.settingNames { record(dimension: name) }
        return settings
    }

    /// `@Environment(\.dynamicTypeSize)`.
    public var contentSize: ContentSizeCategory {
        record(dimension: "size")
        return settings.contentSize
    }

    /// `@Environment(\.accessibilityReduceMotion)`.
    public var reduceMotion: Bool {
        record(dimension: "motion")
        return settings.reduceMotion
    }

    /// The screen width the block is laid out in.
    public var width: Double {
        record(dimension: "width")
        return settings.width
    }

    /// `@Environment(\.layoutDirection)`. The kit mirrors a block for right-to-left by
    /// itself; a body reads this only to do something else.
    public var direction: LayoutDirection {
        record(dimension: "direction")
        return settings.direction
    }

    /// `@Environment(\.colorScheme)`. The kit resolves colours for every appearance by
    /// itself; a body reads this only to lay out or expose something differently.
    public var appearance: Appearance {
        record(dimension: "appearance")
        return settings.appearance
    }

    /// `@Environment(\.colorSchemeContrast)`; as ``appearance``.
    public var contrast: ContrastSetting {
        record(dimension: "contrast")
        return settings.contrast
    }

    /// The value of a dimension of the state.
    public func value(of dimension: String) -> String {
        record(dimension: dimension)
        return current[dimension]
    }

    /// The value index of the dimension at `position`: ``value(of:)-(String)`` for a block
    /// that has looked its dimensions up once.
    public func valueIndex(at position: Int) -> Int {
        dimensionsRead |= position < 64 ? 1 << UInt64(position) : .max
        return current.valueIndices[position]
    }

    /// The binding of a dimension of the block's state.
    public func binding(_ dimension: String, isSelection: Bool = false) -> Binding {
        Binding(dimension, value: value(of: dimension), isSelection: isSelection)
    }

    /// A dimension a modifier watches — `.sensoryFeedback(_:trigger:)`, `.contentTransition(_:on:)`,
    /// `.changes(_:on:)`, `.matchedGeometryEffect(moving:)` — without the body reading its
    /// value: those modifiers act when an action changes the dimension, whatever its value,
    /// so a body that only watches a dimension renders alike for all its values. Setting
    /// it traps; a button's action sets a ``binding(_:isSelection:)``.
    public func trigger(_ dimension: String) -> Binding { Binding.watching(dimension) }

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

    private func record(dimension name: String) {
        if let position = current.dimensions.firstIndex(where: { $0.name == name }) {
            dimensionsRead |= position < 64 ? 1 << UInt64(position) : .max
        }
    }

    /// The state and environment without recording a read: for the kit's own bookkeeping.
    var unrecordedState: BlockState { current }
    var unrecordedEnvironment: AccessibilityEnvironment { settings }

    /// The dimensions `BlockState.environment` reads the settings from.
    static let settingNames = ["size", "motion", "width", "direction", "appearance", "contrast"]
}
