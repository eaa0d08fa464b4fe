import AccessibilityModel
import XMLSupport

/// Rules with the same footprint, evaluated and remembered together.
///
/// A group sees children through its projection and numbers what it sees by content.
/// It remembers at two levels. Its *view* of a state (the parameters it reads and the
/// projections of the children it can see) keys its results for the whole state. A local
/// group also remembers each unit on its own (the parameters and projected environment,
/// numbered as a context, with the projected unit), so a view it has not met is put
/// together from units it has. A document-wide group keeps the document it evaluated last.
struct RuleGroup {
    let footprint: RuleFootprint
    let projection: Projection
    var rules: [Int]
    /// The kind of unit a local group is about; nil for a document-wide group.
    let unitKind: StateDocument.Child.Kind?
    /// The kinds of children the group sees, as `Child.Kind` bits.
    let kinds: UInt8
    /// Whether it reads any parameter: asked for every state it looks at.
    private let readsParameters: Bool

    /// Results by view.
    var views: ViewMemo
    /// A local group's results by unit: its context's number and its projection's.
    var units: UnitMemo
    /// A local group's contexts, numbered.
    var contexts = MixedTable<MemoKey, Int>()
    /// For each distinct list of dimensions met (a region of the state space), the
    /// positions of the parameters the group reads.
    private var regions: [(dimensions: [Dimension], positions: [Int])] = []
    /// Each child number's projected number, -1 until first needed.
    private var projected = NumberTable()
    /// Each base view's projected number (for a group that reads geometry, the place of the
    /// rest of its view in `projections`); -1 until first needed.
    private var projectedBase = NumberTable()
    private(set) var projections = ProjectionTable()
    /// A local group's projections of colour twins' elements, by their representatives'
    /// (``RecolouredProjections``).
    var recoloured = RecolouredProjections()
    /// The documents a document-wide group evaluated last while it remembered its views,
    /// one for each layout direction, and what stands in each of their places
    /// (`StateEvaluator.evaluate(_:on:children:numbers:)`).
    var documents = KeptDocuments()

    init(footprint: RuleFootprint, rules: [Int], memoTrial: Int = UnitMemo.trial) {
        self.footprint = footprint
        views = Memo(trial: memoTrial)
        units = Memo(trial: memoTrial)
        self.projection = Projection(footprint)
        self.rules = rules
        readsParameters = footprint.parameters != []
        if case .unit(let name) = footprint.scope {
            let kind = StateDocument.Child.Kind.allCases.first { $0.name == name }
            unitKind = kind
            kinds = (kind?.bit ?? 0) | StateDocument.Child.Kind.environment.bit
        } else {
            unitKind = nil
            kinds = StateDocument.Child.Kind.allCases.reduce(0) { mask, kind in
                kind != .param && footprint.kinds?.contains(kind.name) ?? true ? mask | kind.bit : mask
            }
        }
    }

    /// The most entries any of the group's tables holds.
    var size: Int { max(views.count, units.count, projections.count) }

    /// The number of a child as this group sees it. Projections are numbered by content,
    /// so the numbers outlive the table's: a table that starts afresh costs re-projecting
    /// the children seen again, not the group's memory.
    ///
    /// An element is viewed through the base views (``BaseViews``), which every group shares
    /// and which keep no geometry: a group that reads none narrows its element's base view,
    /// once per distinct one; a group that reads geometry narrows it likewise to the rest of
    /// its view and places that at the element's frame and hit region (`ElementPlacement`),
    /// so a new place costs a comparison of numbers rather than a new view. Inks have frames
    /// of their own, so a group that reads geometry and inks views each element whole.
    mutating func project(_ number: Int, in table: ChildTable, base: inout BaseViews) -> Int {
        if let known = projectedNumber(number) { return known }
        projected.extendUnknown(through: number)
        // The child is not read out of the table: that copied it, its element's strings and
        // lists retained and released, for every child a group met first.
        if projection.viewsThroughBase, table.isElement(number) {
            let shared = base.number(of: number, in: table)
            projectedBase.extendUnknown(through: shared)
            if projectedBase[shared] < 0 {
                let narrowed = base.views.withUnsafeBufferPointer { ElementView(narrowing: $0.baseAddress! + shared, to: projection) }
                projectedBase[shared] = projection.readsGeometry ? projections.place(of: narrowed) : projections.number(for: narrowed)
            }
            projected[number] = projection.readsGeometry
                ? projections.number(placing: table.placement(of: number, keeping: projection)!, on: projectedBase[shared])
                : projectedBase[shared]
        } else {
            projected[number] = projections.number(for: table.children[number], keeping: projection)
        }
        return projected[number]
    }

    /// The projection's number of a child projected before; nil when it has not been. Read
    /// without the mutable access ``project(_:in:base:)`` needs, which a memo key's every
    /// child paid, though it was mostly projected already.
    func projectedNumber(_ number: Int) -> Int? {
        projected.known(number)
    }

    /// The XML of a projection's number.
    mutating func written(_ projected: Int) -> XMLElement {
        projections.element(projected)
    }

    /// The parameters the group reads, as the state's region and their value indices:
    /// cheaper than their names and values, and as exact, since a region's dimensions
    /// name every value.
    mutating func parameters(of state: BlockState) -> [Int] {
        var key: [Int] = []
        appendParameters(of: state, to: &key)
        return key
    }

    /// ``parameters(of:)``, appended to `key`: a key that starts with other numbers is
    /// made in one array.
    mutating func appendParameters(of state: BlockState, to key: inout [Int]) {
        guard readsParameters else { return }
        let region = regions.firstIndex(where: { $0.dimensions.isStorage(of: state.dimensions) })
            ?? regions.firstIndex(where: { $0.dimensions == state.dimensions }) ?? {
            let names = footprint.parameters
            regions.append((state.dimensions, state.dimensions.indices.filter {
                names?.contains(state.dimensions[$0].name) ?? true
            }))
            return regions.count - 1
        }()
        key.reserveCapacity(key.count + 1 + regions[region].positions.count)
        key.append(region)
        for position in regions[region].positions { key.append(state.valueIndices[position]) }
    }

    /// The number of a local group's context.
    mutating func context(_ key: MemoKey) -> Int {
        if let known = contexts[key] { return known }
        contexts.file(contexts.count, for: key)
        return contexts.count - 1
    }

    /// Drops what refers to the table's numbers, when the table starts afresh.
    mutating func forgetChildren() {
        projected.removeAll()
        documents.removeAll()
    }

    /// Drops what refers to the base views' numbers, when they start afresh.
    mutating func forgetBase() {
        projectedBase.removeAll()
    }

    /// Starts afresh.
    mutating func forget() {
        projectedBase.removeAll()
        documents.removeAll()
        views.removeAll()
        units.removeAll()
        contexts.removeAll(keepingCapacity: true)
        projected.removeAll()
        projections.removeAll()
        recoloured.removeAll()
    }

    typealias ViewMemo = Memo<MixedTable<MemoKey, [CompiledRule.Evaluation]>>
    typealias UnitMemo = Memo<IntTable<[CompiledRule.Evaluation]>>

    /// Remembered results by key, which stops remembering when its lookups rarely hit:
    /// looking up and storing would then cost more than evaluating. Judged after `trial`
    /// lookups, against `worthwhile`. Views are kept in a ``MixedTable``; units, whose keys
    /// are numbers, in an ``IntTable``.
    struct Memo<Table: MemoTable> {
        typealias Key = Table.Key

        static var trial: Int { 2_000 }
        static var worthwhile: Double { 0.2 }

        /// The lookups after which it is judged.
        let trial: Int

        init(trial: Int = Self.trial) { self.trial = trial }

        private var results = Table()
        /// Where the entry last found or remembered is filed: neighbouring states often look
        /// the same to a group, and comparing keys is cheaper than hashing one. Kept as a
        /// place, not as a copy of the key and results, each of whose lists was retained
        /// and released whenever the entry changed.
        private var lastPlace: Int?
        private(set) var lookups = 0
        private(set) var hits = 0
        private(set) var remembers = true

        var count: Int { results.count }

        mutating func lookUp(_ key: Key) -> [CompiledRule.Evaluation]? {
            let known = find(key)
            count(found: known != nil)
            return known
        }

        /// The results remembered for `key`, a lookup counted only when they are there: for
        /// a caller that evaluates what is not some other way. The same as ``peek(_:)`` and
        /// then ``lookUp(_:)`` when it finds them, with the key found once.
        mutating func lookUpIfRemembered(_ key: Key) -> [CompiledRule.Evaluation]? {
            guard let known = find(key) else { return nil }
            count(found: true)
            return known
        }

        private mutating func find(_ key: Key) -> [CompiledRule.Evaluation]? {
            if let lastPlace, results.holds(key, at: lastPlace) { return results.results(at: lastPlace) }
            guard let place = results.place(of: key) else { return nil }
            lastPlace = place
            return results.results(at: place)
        }

        /// Counts a lookup, and judges the memo after its trial.
        private mutating func count(found: Bool) {
            lookups += 1
            if found { hits += 1 }
            if lookups == trial, Double(hits) / Double(lookups) < Self.worthwhile {
                remembers = false
                results = Table()
                lastPlace = nil
            }
        }

        mutating func remember(_ evaluations: [CompiledRule.Evaluation], for key: Key) {
            guard remembers else { return }
            lastPlace = results.file(evaluations, for: key)
        }

        /// The results remembered for `key`, without counting a lookup: for a caller that
        /// looks up only when every key it needs is there.
        func peek(_ key: Key) -> [CompiledRule.Evaluation]? {
            if let lastPlace, results.holds(key, at: lastPlace) { return results.results(at: lastPlace) }
            return results.place(of: key).map { results.results(at: $0) }
        }

        mutating func removeAll() {
            results.removeAll(keepingCapacity: true)
            lastPlace = nil
        }
    }
}
