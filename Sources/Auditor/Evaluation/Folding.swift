import AccessibilityModel

/// Folding: rule groups that cannot tell two states apart are evaluated once for both.
///
/// The model kit lays a body out once for every state that agrees on what the body read
/// (`RenderCache`), and applies four settings afterwards: Reduce Motion (`motion`, which
/// animations run), layout direction (`direction`, mirroring and focus order), and
/// appearance and Increase Contrast (`appearance`, `contrast`, the inks' colours). A
/// state that differs from its *representative* — the same state with those four at the
/// first values the selection allows — only in those settings therefore shows the same
/// document but for what the settings change, and a group whose projection keeps none of
/// that sees the same view in both. Its results are the representative's.
///
/// A state's snapshot is checked against its representative's before it is folded: the
/// same render (``RenderIdentity``, which the kit clears when a block changes the
/// elements), the same block facts, assumptions read and transitions but for their
/// motions. A state needs no snapshot at all when the kit vouches for its representative's
/// (``Snapshot/dimensionsRead``: the body and the block's additions read none of the
/// settings the two differ in), and every group that sees the difference was evaluated on
/// a state alike in what it sees. What a group keeps is its footprint's projection, the same
/// the memo keys on, so a folded result is one the memo would have found.
///
/// So a group's results over a representative and its twins (its `TwinBlock`) take one
/// value for each combination of the settings the group sees: a class of twins, which the
/// twin that differs from the representative in those settings only stands for. Where the
/// kit vouches for the representative's reads, the twins are counted at the representative,
/// class by class (``countTwins(_:at:values:shape:with:snapshot:)``): only the twins
/// that stand for a class are looked up, and each class is counted once, where counting
/// state by state looked every twin up in every group that sees how it differs.
struct Folding {
    /// A setting the kit applies after layout: one bit of a group's sensitivity.
    enum Setting: Int, CaseIterable {
        case motion, direction, appearance, contrast

        var dimension: String {
            switch self {
            case .motion: "motion"
            case .direction: "direction"
            case .appearance: "appearance"
            case .contrast: "contrast"
            }
        }

        var bit: UInt8 { 1 << rawValue }

        static let all: UInt8 = allCases.reduce(0) { $0 | $1.bit }
    }

    /// A region met (its list of dimensions): where the folded settings are in it, and
    /// which setting each is.
    struct Region {
        let dimensions: [Dimension]
        let positions: [Int]
        let settings: [Setting]
        /// The folded positions, one bit each (those from the 64th on left out).
        let mask: UInt64

        init(dimensions: [Dimension], positions: [Int], settings: [Setting]) {
            self.dimensions = dimensions
            self.positions = positions
            self.settings = settings
            mask = positions.reduce(0) { $1 < UInt64.bitWidth ? $0 | 1 << UInt64($1) : $0 }
        }
    }

    private(set) var regions: [Region] = []
    private var representatives = Representatives()
    /// The representative found last, and its region.
    private var lastRepresentative: (state: BlockState, region: Int)?

    /// What folding gives for one state: each rule's evaluation, the assumptions the
    /// state's render read, and the dimensions its snapshot depends on, when the kit knows
    /// (``Snapshot/dimensionsRead``; the representative's, which agrees with the state in
    /// all of them).
    struct Result {
        var evaluations: FoldedEvaluations
        var assumptionsRead: [String]
        var dimensionsRead: UInt64?

        init(_ evaluations: FoldedEvaluations, of snapshot: Snapshot) {
            self.evaluations = evaluations
            assumptionsRead = snapshot.assumptionsRead
            dimensionsRead = snapshot.dimensionsRead
        }

        init(_ evaluations: [CompiledRule.Evaluation], of snapshot: Snapshot) {
            self.init(FoldedEvaluations(evaluations), of: snapshot)
        }
    }

    /// Each rule's evaluation on `state`: the representative's results for the groups blind
    /// to how the state differs from it, the state's own for the rest. A representative met
    /// for the first time (another worker's, or forgotten) is rendered and evaluated here
    /// without being counted; the statistics' transitions count only audited states.
    ///
    /// `snapshot` makes the state's snapshot, and is called only when needed: a state that
    /// differs from its representative only in dimensions the representative's snapshot did
    /// not read (``Snapshot/dimensionsRead``), and whose every group that sees the difference
    /// was already evaluated on a state alike in what it sees, is counted from those results
    /// without a snapshot of its own.
    ///
    /// Inlined into the audit's loop, its one caller, where the `snapshot` closure is made
    /// for every state: called out of line it cost some 600 instructions a state.
    @inline(__always)
    mutating func evaluate(_ state: BlockState, snapshot: () -> Snapshot, in selection: StateSelection, of block: any BlockModel,
                           with evaluator: inout StateEvaluator) throws(InputError) -> Result {
        // A representative keeps its state's dimensions, so one region serves both.
        let region = region(of: state)
        let folded = regions[region].positions
        guard !folded.isEmpty, let representative = representative(of: state, in: region, selection: selection) else {
            let snapshot = snapshot()
            return Result(try evaluator.evaluate(snapshot), of: snapshot)
        }
        let key = Representatives.Key(values: representative.valueIndices, region: region)
        guard representative.valueIndices != state.valueIndices else {
            let snapshot = snapshot()
            let evaluations = try evaluator.evaluate(snapshot)
            representatives.remember(Representatives.Entry(snapshot: snapshot, evaluations: evaluations), for: key)
            return Result(evaluations, of: snapshot)
        }
        var twin: Representatives.Entry
        if let known = representatives.take(key) {
            twin = known
        } else {
            let twinSnapshot = block.snapshot(of: representative)
            twin = Representatives.Entry(snapshot: twinSnapshot, evaluations: try evaluator.evaluate(twinSnapshot, counted: false))
        }
        let differing = differing(state, representative, in: region)
        let settings = settingValues(of: state, in: region)
        let readsKnown = twin.snapshot.dimensionsRead.map { $0 & positions(where: state, differsFrom: representative, in: region) == 0 } ?? false
        // The entry goes back to the table with `consume`: a copy would retain every field
        // of its snapshot, for each folded state.
        if readsKnown, let evaluations = evaluator.evaluate(counting: state, representative: twin.snapshot, twin: twin.evaluations,
                                                            differing: differing, settings: settings, seen: &twin.seen,
                                                            folded: regions[region].mask,
                                                            beyondRender: &twin.beyondRender) {
            let result = Result(evaluations, of: twin.snapshot)
            representatives.remember(consume twin, for: key)
            return result
        }
        let snapshot = snapshot()
        guard Self.agree(snapshot, twin.snapshot, differing: differing) else {
            representatives.remember(consume twin, for: key)
            return Result(try evaluator.evaluate(snapshot), of: snapshot)
        }
        let evaluations = try evaluator.evaluate(snapshot, twin: twin.evaluations, differing: differing,
                                                 settings: settings, readsKnown: readsKnown, seen: &twin.seen,
                                                 representative: twin.snapshot, folded: regions[region].mask)
        representatives.remember(consume twin, for: key)
        return Result(evaluations, of: snapshot)
    }

    /// What counting a representative's block gives (``countTwins(_:at:values:shape:with:snapshot:)``).
    enum BlockCount {
        /// The representative's snapshot and evaluations, and every group's classes over the
        /// block (``StateEvaluator/classes(of:seen:)``).
        case classes(TwinBlock, representative: Snapshot, evaluations: [CompiledRule.Evaluation],
                     [StateEvaluator.TwinClassResults])
        /// The kit does not vouch that the twins' snapshots are the representative's but for
        /// the settings: the representative's result, its twins to be evaluated state by state
        /// (``evaluate(_:snapshot:in:of:with:)``, which finds the representative remembered).
        case stateByState(TwinBlock, Result)
    }

    /// Whether the states of `state`'s region are counted at their representatives, a block
    /// at a time (``countTwins(_:at:values:shape:with:snapshot:)``), in `selection`:
    /// the shape of its blocks where the region has folded dimensions, a block holds 2 to 64
    /// states and the selection is not strided (a strided view's twins are other jobs').
    /// The same answer for every state of the region, whichever worker asks, so a twin is
    /// skipped by all but its representative's.
    mutating func countsBlocks(of state: BlockState, in region: Int, at position: Int, in selection: StateSelection,
                               indexer: ValueTally.Indexer) -> TwinBlock.Shape? {
        guard !regions[region].positions.isEmpty, let allowed = selection.allowedValues(at: position) else { return nil }
        if let known = shapes.first(where: {
            $0.region == region && ($0.allowed.isStorage(of: allowed) || $0.allowed == allowed)
        }) { return known.shape }
        let shape = TwinBlock.Shape(allowed: allowed, folded: Array(zip(regions[region].positions, regions[region].settings))) {
            indexer.index(of: $0, at: $1, in: state)
        }
        shapes.append((region, allowed, shape))
        return shape
    }

    /// The results a block's twins filed, kept empty between blocks for their lists' room.
    private var spareSeen = TwinResults()

    /// The shapes of blocks met, by region and allowed values (nil where blocks are not
    /// counted); a selection hands out one list of allowed values per part, so the lists
    /// compared are mostly one storage.
    private var shapes: [(region: Int, allowed: [[Int]], shape: TwinBlock.Shape?)] = []

    /// Whether `state` is its own representative: the first allowed value at every folded position.
    func isRepresentative(_ state: BlockState, in shape: TwinBlock.Shape) -> Bool {
        shape.axes.allSatisfy { state.valueIndices[$0.position] == $0.allowed[0] }
    }

    /// Evaluates `representative`, at `position` of the whole selection, and every state folded
    /// onto it, group by group: each combination of the folded settings that stands for its
    /// class for some group (``StateEvaluator/isCanonical(_:differing:)``) is looked up as a
    /// folded state is (``evaluate(_:snapshot:in:of:with:)``), given a snapshot of its own only
    /// where a group has not met it; then every group's classes are counted at once. `snapshot`
    /// makes a state's snapshot.
    mutating func countTwins(_ representative: BlockState, at position: Int, values: [Int], shape: TwinBlock.Shape,
                             with evaluator: inout StateEvaluator,
                             snapshot: (BlockState) -> Snapshot) throws(InputError) -> BlockCount {
        let region = region(of: representative)
        let block = TwinBlock(representative: representative, position: position, values: values, shape: shape)
        let own = snapshot(representative)
        let evaluations = try evaluator.evaluate(own)
        // Its twins evaluated one by one, which find it remembered.
        func stateByState() -> BlockCount {
            representatives.remember(Representatives.Entry(snapshot: own, evaluations: evaluations),
                                     for: Representatives.Key(values: representative.valueIndices, region: region))
            return .stateByState(block, Result(evaluations, of: own))
        }
        // The kit vouches for the twins only when the representative read none of the settings.
        guard let read = own.dimensionsRead, read & shape.foldedPositions == 0 else { return stateByState() }
        // The lists of the last block's results, emptied: a block fills a few dozen entries.
        var seen = spareSeen
        spareSeen = TwinResults()
        defer {
            seen.removeAll()
            spareSeen = seen
        }
        var beyondRender: UInt64??
        var snapshots = 0
        for combo in 1..<shape.count {
            let differing = shape.differing[combo]
            guard evaluator.standsForAClass(differing: differing) else { continue }
            let state = block.state(of: combo)
            let settings = shape.settings[combo]
            if evaluator.evaluate(counting: state, representative: own, twin: evaluations, differing: differing,
                                  settings: settings, seen: &seen, folded: regions[region].mask,
                                  beyondRender: &beyondRender, canonicalOnly: true) != nil { continue }
            let twin = snapshot(state)
            snapshots += 1
            // Not what the kit vouched for: every twin is evaluated on its own.
            guard Self.agree(twin, own, differing: differing) else { return stateByState() }
            _ = try evaluator.evaluate(twin, twin: evaluations, differing: differing, settings: settings, readsKnown: true,
                                       seen: &seen, representative: own, folded: regions[region].mask, canonicalOnly: true)
        }
        guard let classes = evaluator.classes(of: block, seen: seen) else { return stateByState() }
        evaluator.countTwins(states: shape.count - 1, counted: shape.count - 1 - snapshots, transitions: own.transitions.count,
                             classes: classes)
        return .classes(block, representative: own, evaluations: evaluations, classes)
    }

    /// `state`'s representative: the last one found when `state` agrees with it outside
    /// the folded positions (the states folded onto a representative mostly follow it), so
    /// that most states find theirs without a new one being made.
    private mutating func representative(of state: BlockState, in region: Int, selection: StateSelection) -> BlockState? {
        if let last = lastRepresentative, last.region == region, agreesUnfolded(state, last.state, in: region) {
            return last.state
        }
        let found = selection.representative(of: state, folding: regions[region].positions)
        lastRepresentative = found.map { ($0, region) }
        return found
    }

    /// Whether two states of `region` take the same values everywhere but at its folded positions.
    private func agreesUnfolded(_ state: BlockState, _ other: BlockState, in region: Int) -> Bool {
        let mask = regions[region].mask
        guard state.valueIndices.count == other.valueIndices.count, state.valueIndices.count <= UInt64.bitWidth else {
            return false
        }
        return state.valueIndices.withUnsafeBufferPointer { mine in
            other.valueIndices.withUnsafeBufferPointer { theirs in
                for position in mine.indices where mask & 1 << UInt64(position) == 0 && mine[position] != theirs[position] {
                    return false
                }
                return true
            }
        }
    }

    /// The number of `state`'s region among those met, added when new.
    mutating func region(of state: BlockState) -> Int {
        if let known = regions.firstIndex(where: { $0.dimensions.isStorage(of: state.dimensions) })
            ?? regions.firstIndex(where: { $0.dimensions == state.dimensions }) { return known }
        var positions: [Int] = []
        var settings: [Setting] = []
        for (position, dimension) in state.dimensions.enumerated() {
            guard let setting = Setting.allCases.first(where: { $0.dimension == dimension.name }) else { continue }
            positions.append(position)
            settings.append(setting)
        }
        regions.append(Region(dimensions: state.dimensions, positions: positions, settings: settings))
        return regions.count - 1
    }

    /// The settings `state` and its representative differ in, as `Setting` bits.
    func differing(_ state: BlockState, _ representative: BlockState, in region: Int) -> UInt8 {
        var bits: UInt8 = 0
        for (position, setting) in zip(regions[region].positions, regions[region].settings)
        where state.valueIndices[position] != representative.valueIndices[position] {
            bits |= setting.bit
        }
        return bits
    }

    /// The folded positions `state` and its representative differ in, one bit each as
    /// ``Snapshot/dimensionsRead`` numbers them.
    func positions(where state: BlockState, differsFrom representative: BlockState, in region: Int) -> UInt64 {
        var bits: UInt64 = 0
        for position in regions[region].positions where state.valueIndices[position] != representative.valueIndices[position] {
            bits |= position < 64 ? 1 << UInt64(position) : .max
        }
        return bits
    }

    /// Each setting's value index in a state; -1 where its region lacks the setting. Four
    /// numbers held in place: every folded state makes one.
    struct SettingValues {
        private var values = (-1, -1, -1, -1)

        subscript(setting: Setting) -> Int {
            get {
                switch setting {
                case .motion: values.0
                case .direction: values.1
                case .appearance: values.2
                case .contrast: values.3
                }
            }
            set {
                switch setting {
                case .motion: values.0 = newValue
                case .direction: values.1 = newValue
                case .appearance: values.2 = newValue
                case .contrast: values.3 = newValue
                }
            }
        }
    }

    /// Each setting's value index in `state`; -1 where its region lacks it.
    func settingValues(of state: BlockState, in region: Int) -> SettingValues {
        var values = SettingValues()
        for (position, setting) in zip(regions[region].positions, regions[region].settings) {
            values[setting] = state.valueIndices[position]
        }
        return values
    }

    /// Whether `snapshot` is `representative`'s but for what the `differing` settings change.
    static func agree(_ snapshot: Snapshot, _ representative: Snapshot, differing: UInt8) -> Bool {
        guard let mine = snapshot.renderIdentity, let theirs = representative.renderIdentity,
              mine.render == theirs.render, snapshot.block == representative.block,
              Fact.equal(snapshot.facts, representative.facts), snapshot.assumptionsRead == representative.assumptionsRead,
              snapshot.transitions.count == representative.transitions.count else { return false }
        let motionsMayDiffer = differing & Setting.motion.bit != 0
        // Each transition read where it lies, through pointers: read through the arrays'
        // subscripts, its strings, lists and resulting state were retained and released.
        return snapshot.transitions.withUnsafeBufferPointer { transitions in
            representative.transitions.withUnsafeBufferPointer { others in
                for index in transitions.indices {
                    let (mine, theirs) = (transitions.baseAddress! + index, others.baseAddress! + index)
                    guard mine.pointee.action == theirs.pointee.action, mine.pointee.target == theirs.pointee.target,
                          mine.pointee.changesSelection == theirs.pointee.changesSelection,
                          mine.pointee.haptics == theirs.pointee.haptics,
                          motionsMayDiffer || Motion.equal(mine.pointee.motions, theirs.pointee.motions),
                          sameChange(from: snapshot.state, by: mine, as: representative.state, by: theirs) else { return false }
                }
                return true
            }
        }
    }

    /// Whether two transitions change the same dimensions to the same values: what a state
    /// document writes of a transition's resulting state.
    private static func sameChange(from state: BlockState, by transition: UnsafePointer<Transition>,
                                   as other: BlockState, by otherTransition: UnsafePointer<Transition>) -> Bool {
        guard state.dimensions == transition.pointee.resultingState.dimensions,
              other.dimensions == otherTransition.pointee.resultingState.dimensions,
              state.dimensions == other.dimensions else {
            return StateDocument.change(from: state, to: transition.pointee.resultingState)
                == StateDocument.change(from: other, to: otherTransition.pointee.resultingState)
        }
        return transition.pointee.resultingState.valueIndices.withUnsafeBufferPointer { resulting in
            otherTransition.pointee.resultingState.valueIndices.withUnsafeBufferPointer { otherResulting in
                for position in state.valueIndices.indices {
                    let changes = resulting[position] != state.valueIndices[position]
                    guard changes == (otherResulting[position] != other.valueIndices[position]),
                          !changes || resulting[position] == otherResulting[position] else { return false }
                }
                return true
            }
        }
    }
}

extension RuleGroup {
    /// The folded settings this group's view can tell apart, as `Folding.Setting` bits:
    /// through the parameters or the state id it reads, the environment's attributes, the
    /// geometry, focus order and inks of elements, and the motions of transitions.
    var foldSensitivity: UInt8 {
        if footprint.readsStateID { return Folding.Setting.all }
        var bits: UInt8 = 0
        for setting in Folding.Setting.allCases where footprint.parameters?.contains(setting.dimension) ?? true {
            bits |= setting.bit
        }
        let environment = kinds & StateDocument.Child.Kind.environment.bit != 0
        let elements = kinds & StateDocument.Child.Kind.element.bit != 0
        let transitions = kinds & StateDocument.Child.Kind.transition.bit != 0
        if environment && projection.keeps(StateDocument.Attribute.reduceMotion)
            || transitions && projection.keeps(StateDocument.Nested.motion) {
            bits |= Folding.Setting.motion.bit
        }
        // Mirroring moves frames along x only (`Rect.mirrored(within:)`: inks' and hit
        // regions' too, width, height and y unchanged), and focus order follows the
        // direction: a group that keeps no x and no order sees the same elements either way.
        if environment && projection.keeps(StateDocument.Attribute.direction)
            || elements && (projection.keeps(StateDocument.Attribute.x) || projection.keeps(StateDocument.Attribute.hitX)
                || projection.keeps(StateDocument.Attribute.order)) {
            bits |= Folding.Setting.direction.bit
        }
        // The colour settings change only inks' colours: the same inks, frames and tokens
        // (`ColourVariants`), each resolved under the setting.
        if elements && projection.keeps(StateDocument.Nested.ink)
            && (projection.keeps(StateDocument.Attribute.foreground) || projection.keeps(StateDocument.Attribute.background)
                || projection.keeps(StateDocument.Attribute.inside)) {
            bits |= Folding.Setting.appearance.bit | Folding.Setting.contrast.bit
        }
        return bits
    }
}

/// The representatives a worker evaluated last, with their snapshots and evaluations:
/// neighbouring positions hold a representative and the states folded onto it, so a few
/// dozen cover a worker's run. Bounded; it starts afresh when full.
struct Representatives {
    static let capacity = 64

    /// A representative, and what the groups that see a folded setting gave the states
    /// folded onto it, by group and the values of the settings it sees.
    struct Entry {
        var snapshot: Snapshot
        var evaluations: [CompiledRule.Evaluation]
        var seen = TwinResults()
        /// Where the representative's facts and transitions depend on its state
        /// (`RenderResults.seenBeyondRender(of:folded:)`), worked out for the first of its
        /// twins that needs it.
        var beyondRender: UInt64??
    }

    /// A representative's value indices and region.
    struct Key: Hashable {
        var values: [Int]
        var region: Int
    }

    private var entries: [Key: Entry] = [:]
    /// The entry remembered last, outside the table: the states after a representative are
    /// mostly folded onto it, and find it without hashing its key.
    private var last: (key: Key, entry: Entry)?

    /// The entry, taken out until it is remembered again, so that filling its `seen` does
    /// not copy what the table still holds.
    mutating func take(_ key: Key) -> Entry? {
        if last?.key == key { return last.take()?.entry }
        return entries.removeValue(forKey: key)
    }

    mutating func remember(_ entry: Entry, for key: Key) {
        if let last = last.take(), last.key != key { file(last.entry, for: last.key) }
        last = (key, entry)
    }

    private mutating func file(_ entry: Entry, for key: Key) {
        if entries.count >= Self.capacity, entries[key] == nil { entries.removeAll(keepingCapacity: true) }
        entries[key] = entry
    }
}
