import AccessibilityModel
import Synchronization

/// Renders a block's body once for every group of states that agree on what the body read.
///
/// A render records the dimensions its body read (``RenderContext``) and leaves out what
/// it never depends on: right-to-left mirroring and the resting state of transitions are
/// applied to each state afterwards, and a Reduce Motion substitute chosen with
/// ``Animation/reducedMotion(_:)`` is resolved afterwards too. Another state reuses the
/// render when it has the same values in every dimension the render read; the render is
/// then the same by construction, since the body saw nothing else. Entries are looked up
/// by every dimension but `motion`, `direction`, `appearance` and `contrast` (the ones
/// bodies most often leave unread), and checked against what they read.
///
/// The cache holds at most ``capacity`` renders and starts afresh when full: the engine
/// meets states in runs of neighbours, so recent renders are the useful ones. It is shared
/// by every worker (a `Mutex` guards it), so two workers never render the same entry twice
/// when they meet it one after the other.
public final class RenderCache: Sendable {
    public let capacity: Int
    private let entries = Mutex<[[Int]: [Layout]]>([:])
    private let renderCount = Atomic<Int>(0)
    private let reuseCount = Atomic<Int>(0)

    public init(capacity: Int = 64) {
        self.capacity = capacity
    }

    /// The rendering of `state`: `body` laid out in `proposal`, or an earlier render that
    /// read the same values.
    ///
    /// A block whose state space has several regions passes the state's `region`: states
    /// of different regions never share a render.
    public func rendering(of state: BlockState, region: Int = 0, environment: AccessibilityEnvironment,
                          choices: AssumptionChoices, proposal: (RenderContext) -> ProposedSize,
                          body: (RenderContext) -> View) -> Rendering {
        var key = Self.key(of: state)
        key.append(region)
        if let layout = entries.withLock({ $0[key]?.first { $0.holds(for: state) } }) {
            reuseCount.add(1, ordering: .relaxed)
            return layout.instance(in: state, environment: environment)
        }
        let context = RenderContext(state: state, environment: environment, choices: choices)
        let layout = Renderer.layout(body(context), proposal: proposal(context), in: context)
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key, default: []].append(layout)
        }
        renderCount.add(1, ordering: .relaxed)
        return layout.instance(in: state, environment: environment)
    }

    /// How many states were rendered and how many reused a render, so far.
    public var counts: (renders: Int, reuses: Int) {
        (renderCount.load(ordering: .relaxed), reuseCount.load(ordering: .relaxed))
    }

    /// The dimensions bodies most often leave unread: the kit mirrors for right-to-left,
    /// resolves Reduce Motion's substitutes and looks colours up for each appearance and
    /// contrast setting after the render.
    private static let oftenUnread: Set<String> = ["motion", "direction", "appearance", "contrast"]

    private static func key(of state: BlockState) -> [Int] {
        var key = state.valueIndices
        for (position, dimension) in state.dimensions.enumerated()
        where Self.oftenUnread.contains(dimension.name) {
            key[position] = 0
        }
        return key
    }
}
