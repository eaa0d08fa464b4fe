import AccessibilityModel
import Synchronization

/// Renders a block's body once for every group of states that agree on what the body read.
///
/// A render records the dimensions its body read (``RenderContext``) and leaves out what
/// it never depends on: right-to-left mirroring and the resting state of transitions are
/// applied to each state afterwards, and a Reduce Motion substitute chosen with
/// ``Animation/reducedMotion(_:)`` is resolved afterwards too. Another state reuses the
/// render when it has the same values in every dimension the render read; the render is
/// then the same by construction, since the body saw nothing else. A render is filed under
/// the values it read, so a state finds it by looking itself up once per distinct set of
/// dimensions that renders read (a body reads the same few sets, whatever its state).
///
/// A cache serves one block under one set of assumption choices: its renders, and the ink
/// colours they resolved (``InkColours``), are filed by state alone.
///
/// The cache holds at most ``capacity`` renders, the most recently filed or met: the
/// engine meets states in runs of neighbours, so recent renders are the useful ones. It is shared
/// by every worker (a `Mutex` guards it), so two workers never render the same entry twice
/// when they meet it one after the other; a render it lets go is handed back to the thread
/// that laid it out, which frees it, so that no worker frees into another's allocator arena.
public final class RenderCache: Sendable {
    public let capacity: Int
    private let entries = Mutex(Entries())
    private let renderCount = Atomic<Int>(0)
    private let reuseCount = Atomic<Int>(0)
    /// Ink colours its renders resolved, for the renders after them.
    private let inkColours = InkColours()
    /// Parts of bodies its renders built, each thread's own (``RenderContext/reused(_:key:_:)``).
    private let viewCaches = ViewCaches()

    /// Renders by the values they read: each key is the state's value indices with the
    /// dimensions the render did not read at -1, then the region. Two generations: renders
    /// filed since the cache last turned over, and those of the turn before; a render met
    /// again is filed anew, so what is in use outlives a turnover. A render that turns old
    /// lets go of its placed variants (``Layout/Variants``), most of its memory, so that the
    /// cache can hold more renders: one met again makes them anew, equal to the ones it had,
    /// for much less than laying it out again.
    private struct Entries {
        /// The sets of dimensions the renders held read, as `Layout.dimensionsRead` masks.
        var masks: [UInt64] = []
        var recent: [Key: Layout] = [:]
        var older: [Key: Layout] = [:]

        /// The render filed under one of `keys` (a state's keys under the masks read before
        /// the lock was taken: a mask filed since is missed, and its render made again).
        mutating func layout(forAnyOf keys: [Key], generation: Int) -> (Layout, Turnover?)? {
            for key in keys {
                if let layout = recent[key] { return (layout, nil) }
                if let layout = older[key] { return (layout, file(layout, under: key, generation: generation)) }
            }
            return nil
        }

        mutating func file(_ layout: Layout, under key: Key, generation: Int) -> Turnover? {
            var turnover: Turnover?
            if recent.count >= generation {
                turnover = Turnover(dropped: older, turnedOld: Array(recent.values))
                older = recent
                recent = [:]
                masks = Array(Set(older.values.map(\.dimensionsRead)))
            }
            if !masks.contains(layout.dimensionsRead) { masks.append(layout.dimensionsRead) }
            recent[key] = layout
            return turnover
        }
    }

    /// What a turnover let go, dealt with once the lock is given back: the renders dropped
    /// are freed, and those turned old forget their variants.
    private struct Turnover {
        var dropped: [Key: Layout]
        var turnedOld: [Layout]
    }

    /// Renders let go by a turnover on another thread than the one that made them, by their
    /// maker, which frees them (or has them forget their variants) when it next renders.
    ///
    /// Most of a render's memory was allocated by the thread that laid it out, from its own
    /// allocator arena: freed by another thread, each block takes that arena's lock while its
    /// maker is allocating from it, and on two workers the two stalled each other thousands
    /// of times a block. Handed back, a render is freed where it was made.
    private struct Chores {
        var dropped: [Layout] = []
        var turnedOld: [Layout] = []

        mutating func take(_ other: Chores) {
            dropped += other.dropped
            turnedOld += other.turnedOld
        }

        /// Has the renders turned old forget their variants; the dropped ones are freed with
        /// the chores.
        func finish() {
            for layout in turnedOld { layout.variants.forget() }
        }
    }

    private let chores = Mutex<[UInt: Chores]>([:])
    /// How many threads have chores waiting: read at every render, so that a thread takes
    /// the lock only when there may be some of its own.
    private let choresWaiting = Atomic<Int>(0)

    /// Deals with a turnover on the thread `thread`: its own renders here, the others'
    /// handed to their makers.
    private func finish(_ turnover: Turnover, on thread: UInt) {
        var own = Chores()
        var others: [UInt: Chores] = [:]
        func sort(_ layout: Layout, into list: WritableKeyPath<Chores, [Layout]>) {
            if layout.maker == thread { own[keyPath: list].append(layout) } else { others[layout.maker, default: Chores()][keyPath: list].append(layout) }
        }
        for layout in turnover.dropped.values { sort(layout, into: \.dropped) }
        for layout in turnover.turnedOld { sort(layout, into: \.turnedOld) }
        if !others.isEmpty {
            let added = chores.withLock { chores in
                var added = 0
                for (maker, handed) in others {
                    if chores[maker] == nil { added += 1 }
                    chores[maker, default: Chores()].take(handed)
                }
                return added
            }
            choresWaiting.add(added, ordering: .relaxed)
        }
        own.finish()
    }

    /// How many renders wait for the threads that made them.
    var rendersHandedBack: Int {
        chores.withLock { $0.values.reduce(0) { $0 + $1.dropped.count + $1.turnedOld.count } }
    }

    /// Deals with the chores other threads handed `thread`, if any.
    private func finishChores(of thread: UInt) {
        guard choresWaiting.load(ordering: .relaxed) > 0 else { return }
        guard let mine = chores.withLock({ $0.removeValue(forKey: thread) }) else { return }
        choresWaiting.subtract(1, ordering: .relaxed)
        mine.finish()
    }

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
        let generation = max(1, capacity / 2)
        let thread = ThreadIdentity.current
        finishChores(of: thread)
        // Every worker renders through this cache, so its lock is held only to look keys
        // up: they are made and hashed before it is taken.
        let keys = entries.withLock { $0.masks }.map { Key(of: state, reading: $0, region: region) }
        if let (layout, turnover) = entries.withLock({ $0.layout(forAnyOf: keys, generation: generation) }) {
            if let turnover { finish(turnover, on: thread) }
            reuseCount.add(1, ordering: .relaxed)
            return layout.instance(in: state, environment: environment)
        }
        let context = RenderContext(state: state, environment: environment, choices: choices, transitions: [],
                                    inkColours: inkColours, viewCache: viewCaches.current)
        var layout = Renderer.layout(body(context), proposal: proposal(context), in: context)
        layout.maker = thread
        let key = Key(of: state, reading: layout.dimensionsRead, region: region)
        if let turnover = entries.withLock({ $0.file(layout, under: key, generation: generation) }) {
            finish(turnover, on: thread)
        }
        renderCount.add(1, ordering: .relaxed)
        return layout.instance(in: state, environment: environment)
    }

    /// The snapshot of `state`: its rendering, as ``rendering(of:region:environment:choices:proposal:body:)``
    /// makes it, with the facts and transitions the block adds, which `additions` works out
    /// through a context of its own.
    ///
    /// The snapshot records the dimensions the body and `additions` read
    /// (``Snapshot/dimensionsRead``). `additions` runs for every state, so what it reads does
    /// not divide renders; like a body, it reads the state only through its context.
    public func snapshot(of state: BlockState, region: Int = 0, block: String, environment: AccessibilityEnvironment,
                         choices: AssumptionChoices, proposal: (RenderContext) -> ProposedSize,
                         body: (RenderContext) -> View, additions: (RenderContext) -> SnapshotAdditions) -> Snapshot {
        let rendering = rendering(of: state, region: region, environment: environment, choices: choices,
                                  proposal: proposal, body: body)
        let context = RenderContext(state: state, environment: environment, choices: choices,
                                    transitions: rendering.transitions)
        let added = additions(context)
        // The render's names come sorted; they are sorted again only when the additions add one.
        var assumptions = rendering.assumptionsRead
        let count = assumptions.count
        for name in context.read where !assumptions.contains(name) { assumptions.append(name) }
        if assumptions.count > count { assumptions.sort() }
        var transitions: [Transition] = []
        transitions.reserveCapacity(rendering.transitions.count + added.transitions.count)
        for transition in rendering.transitions where added.keepsBodyTransition(transition.action, transition.target) {
            transitions.append(transition)
        }
        for addition in added.transitions {
            if let transition = addition.transition(among: rendering.transitions) { transitions.append(transition) }
        }
        return Snapshot(block: block, state: state, environment: environment, elements: rendering.elements,
                        scrollRegions: rendering.scrollRegions, transitions: transitions,
                        facts: added.facts, assumptionsRead: assumptions, renderIdentity: rendering.identity,
                        dimensionsRead: rendering.dimensionsRead | context.dimensionsRead,
                        colourVariants: rendering.colourVariants)
    }

    /// How many states were rendered and how many reused a render, so far.
    public var counts: (renders: Int, reuses: Int) {
        (renderCount.load(ordering: .relaxed), reuseCount.load(ordering: .relaxed))
    }

    /// Where a render is filed: `state`'s values in the dimensions `mask` names (every one
    /// from the 64th on), then `region`. A state is looked up under every mask renders read,
    /// so a key is made for each, for every state: it keeps the state's own values (their
    /// storage, not a copy) and compares and hashes only the positions the mask names.
    private struct Key: Hashable {
        let values: [Int]
        let mask: UInt64
        let region: Int
        let hash: Int

        init(of state: BlockState, reading mask: UInt64, region: Int) {
            values = state.valueIndices
            self.mask = mask
            self.region = region
            var mix = HashMix()
            mix.add(region)
            mix.add(Int(truncatingIfNeeded: mask))
            for position in values.indices where Self.reads(position, mask) { mix.add(values[position] &+ position << 32) }
            hash = mix.number
        }

        private static func reads(_ position: Int, _ mask: UInt64) -> Bool {
            position >= 64 || mask & (1 << UInt64(position)) != 0
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }

        static func == (left: Key, right: Key) -> Bool {
            guard left.hash == right.hash, left.mask == right.mask, left.region == right.region,
                  left.values.count == right.values.count else { return false }
            for position in left.values.indices where reads(position, left.mask) && left.values[position] != right.values[position] {
                return false
            }
            return true
        }
    }
}
