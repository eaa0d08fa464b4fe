import AccessibilityModel
import Dispatch
import XMLSupport

/// Evaluates one block's rules on state after state, reusing earlier results wherever a
/// rule's footprint shows it cannot tell two states apart.
///
/// A state arrives as its snapshot and is split into the children of its document as
/// model values (`StateDocument.children(of:)`), which a `ChildTable` numbers; no XML is
/// written for a child already seen. Rules with the same footprint form a `RuleGroup`,
/// which sees a child through its `Projection` (only the attributes, nested elements and
/// facts it reads) and numbers what it sees; groups share one view of elements without
/// their geometry (`BaseViews`). A group remembers its results by its view of the state and,
/// for a local group, by unit. Only what misses is evaluated: a document-wide group on
/// its own document of the state as it sees it, updated in place from the last state it
/// evaluated; local groups on one small document of the units they missed. A state whose
/// every lookup hits touches no libxml2 document. Each worker owns one evaluator, so
/// nothing here is shared between threads.
struct StateEvaluator {
    /// What the evaluator saw, and how often each level was answered from memory.
    struct Statistics: Sendable {
        /// Lookups of one unit by a local group.
        var unitHits = 0, unitMisses = 0
        /// Lookups of a group's view of a whole state.
        var documentHits = 0, documentMisses = 0
        /// Documents built or updated to evaluate what missed.
        var documentsBuilt = 0
        /// Transitions in the states evaluated.
        var transitions = 0
        /// Groups that took a folded twin's results instead of looking at a state (`Folding`).
        var foldedGroups = 0
        /// States whose results were all taken from states met before, without a snapshot
        /// of their own (`Folding`).
        var countedStates = 0
        /// Groups that saw a colour twin through its representative's projections, without
        /// numbering its elements (``RecolouredProjections``).
        var recolouredGroups = 0
        /// Time spent writing XML and building libxml2 documents, as opposed to evaluating.
        var documentSeconds = 0.0
        /// Per rule, in rule order: the time its own XPath evaluations took.
        var ruleSeconds: [Double] = []
        /// Per rule: its share of the time its group spent on everything but its members'
        /// own evaluations (projecting, memo lookups, the group's document), split equally
        /// among the group's members, since that work serves them all alike.
        var groupShareSeconds: [Double] = []

        /// Each rule's measured work: its own evaluations and its share of its group's.
        var ruleWork: [Double] {
            ruleSeconds.indices.map { ruleSeconds[$0] + (groupShareSeconds.indices.contains($0) ? groupShareSeconds[$0] : 0) }
        }

        mutating func add(_ other: Statistics) {
            transitions += other.transitions
            foldedGroups += other.foldedGroups
            countedStates += other.countedStates
            recolouredGroups += other.recolouredGroups
            unitHits += other.unitHits
            unitMisses += other.unitMisses
            documentHits += other.documentHits
            documentMisses += other.documentMisses
            documentsBuilt += other.documentsBuilt
            documentSeconds += other.documentSeconds
            ruleSeconds = Self.sum(ruleSeconds, other.ruleSeconds)
            groupShareSeconds = Self.sum(groupShareSeconds, other.groupShareSeconds)
        }

        private static func sum(_ lhs: [Double], _ rhs: [Double]) -> [Double] {
            (0..<max(lhs.count, rhs.count)).map { (lhs.indices.contains($0) ? lhs[$0] : 0) + (rhs.indices.contains($0) ? rhs[$0] : 0) }
        }
    }

    /// Distinct children, and projections and results per group, remembered before the
    /// table or the group starts afresh, so memory stays bounded however many states
    /// stream through. Both sizes are measured (the performance log): a group that starts
    /// afresh learns its projections, views and units again, and at 3,584 instead of 2,048
    /// the log's two samples execute 6.5 % and 4.1 % fewer instructions; 4,096 takes the
    /// full default audit on two workers to 100 MB. A child table a third larger saves
    /// 0.3 % on one sample and nothing on the other.
    static let capacity = 6_000
    static let groupCapacity = 3_584

    let rules: [CompiledRule]
    let memoizes: Bool
    private(set) var statistics = Statistics()
    private var groups: [RuleGroup] = []
    private var table = ChildTable()
    private var base: BaseViews
    private var evaluator: XPathEvaluator?

    init(rules: [CompiledRule], memoizes: Bool, memoTrial: Int = RuleGroup.UnitMemo.trial) {
        self.rules = rules
        self.memoizes = memoizes
        statistics.ruleSeconds = Array(repeating: 0, count: rules.count)
        statistics.groupShareSeconds = Array(repeating: 0, count: rules.count)
        for (index, rule) in rules.enumerated() {
            let footprint = RuleFootprint(rule: rule.rule)
            if let group = groups.firstIndex(where: { $0.footprint == footprint }) {
                groups[group].rules.append(index)
            } else {
                groups.append(RuleGroup(footprint: footprint, rules: [index], memoTrial: memoTrial))
            }
        }
        base = BaseViews(projection: groups.map(\.projection).filter(\.viewsThroughBase).map(\.withoutGeometry)
            .reduce(Projection(attributes: 0, nested: 0, facts: [])) { $0.union($1) })
        unitProjection = groups.filter { $0.unitKind != nil }.map(\.projection)
            .reduce(Projection(attributes: 0, nested: 0, facts: [])) { $0.union($1) }
        sensitivities = groups.map(\.foldSensitivity)
        sensitiveGroups = (0...Int(Folding.Setting.all)).map { settings in
            sensitivities.count { Int($0) & settings != 0 }
        }
        renderKeying = groups.map(RenderResults.keying)
        groupRules = RulesByGroup(groups.map(\.rules))
        standsForAClass = (0...Int(Folding.Setting.all)).map { differing in
            sensitivities.contains { $0 & UInt8(differing) != 0 && UInt8(differing) & ~$0 == 0 }
        }
    }

    /// Whether some group can tell states apart by the value of the dimension `name` alone:
    /// it reads the state's id, that parameter or every parameter.
    func reads(parameter name: String) -> Bool {
        groups.contains { group in
            group.footprint.readsStateID || (group.footprint.parameters?.contains(name) ?? true)
        }
    }

    /// Where a group's view of a state is put together, kept between states.
    private var seenBuffer: [Int] = []
    /// Where a group's parameters are put together, kept likewise.
    private var parametersBuffer: [Int] = []

    /// Per group, the folded settings its view can tell apart (`RuleGroup.foldSensitivity`).
    private var sensitivities: [UInt8] = []
    /// Each group's rules, by group number.
    private(set) var groupRules = RulesByGroup([])

    /// Every group's rules in one list, group after group: counting a block class by class
    /// reads a group's rules for every class, and a list of its own was retained each time.
    struct RulesByGroup {
        /// The rules, group after group, each group's in its order.
        let rules: [Int]
        /// Where each group's rules end in ``rules``.
        let ends: [Int]

        init(_ groups: [[Int]]) {
            rules = groups.flatMap { $0 }
            var end = 0
            ends = groups.map { end += $0.count; return end }
        }

        /// Where `group`'s rules lie in ``rules``.
        func range(of group: Int) -> Range<Int> { (group == 0 ? 0 : ends[group - 1])..<ends[group] }
    }
    /// Per set of folded settings (`Folding.Setting` bits), whether a state that differs
    /// from its representative in them stands for its class for some group.
    private var standsForAClass: [Bool] = []
    /// Per set of folded settings (`Folding.Setting` bits), how many groups see one of them.
    private var sensitiveGroups: [Int] = []
    /// Per group, how folded states' results are kept by render (`RenderResults`).
    private var renderKeying: [RenderResults.Keying] = []
    private var renderResults = RenderResults()

    /// A local group's view that missed: what its remembered units gave, and the units
    /// still to evaluate.
    private struct PendingView {
        var group: Int
        var key: MemoKey?
        var evaluations: [CompiledRule.Evaluation]
        var misses: [(unit: Int, key: Int)]
    }

    /// Each rule's evaluation on one state, in rule order. A state evaluated only to stand
    /// for others (`counted` false) is left out of the statistics' transitions, which count
    /// the audited states'.
    mutating func evaluate(_ snapshot: Snapshot, counted: Bool = true) throws(InputError) -> [CompiledRule.Evaluation] {
        if counted { statistics.transitions += snapshot.transitions.count }
        return try evaluate(snapshot, groups: Array(groups.indices))
    }

    /// Each rule's evaluation on a state folded onto a representative (`Folding`): a group
    /// blind to the `differing` settings takes the representative's results (`twin`); a
    /// group that sees some of them takes the results it gave another state folded onto
    /// the same representative with the same values of those settings (`seen`, by group
    /// and `settings`' value indices, filled as groups are evaluated), and is evaluated on
    /// this state otherwise.
    ///
    /// `readsKnown`: the kit vouches that the two snapshots differ in nothing but the
    /// settings (``Snapshot/dimensionsRead``), so motions differ only with Reduce Motion.
    /// `folded`: where the folded settings are in the state's region (`Folding.Region.mask`).
    ///
    /// A state that differs from its `representative` only in colour settings is a colour
    /// twin: a group about elements finds what it sees of the twin's elements from what it
    /// saw of the representative's (``RecolouredProjections``) where it can, and the twin's
    /// elements are numbered and projected only for the groups that cannot.
    ///
    /// `canonicalOnly`: only the groups for which the state stands for its class of a block
    /// (``isCanonical(_:differing:)``) are looked at, to fill `seen` for
    /// ``classes(of:seen:)``; the state itself is not counted.
    mutating func evaluate(_ snapshot: Snapshot, twin: [CompiledRule.Evaluation], differing: UInt8,
                           settings: Folding.SettingValues, readsKnown: Bool, seen: inout TwinResults,
                           representative: Snapshot? = nil, folded: UInt64, canonicalOnly: Bool = false)
        throws(InputError) -> FoldedEvaluations {
        if !canonicalOnly { statistics.transitions += snapshot.transitions.count }
        var results = FoldedEvaluations(twin, groups: sensitiveGroups[Int(differing)])
        var rest: [(group: Int, key: Int, rendered: [Int]?)] = []
        var beyondRender: UInt64??
        for index in groups.indices {
            guard sensitivities[index] & differing != 0 else {
                if !canonicalOnly { statistics.foldedGroups += 1 }
                continue
            }
            if canonicalOnly && !isCanonical(index, differing: differing) { continue }
            let key = foldKey(index, settings: settings, readsKnown: readsKnown)
            var known = seen[key]
            var rendered: [Int]?
            if known == nil, let byRender = renderKey(index, foldKey: key, render: snapshot, state: snapshot.state,
                                                      folded: folded, beyondRender: &beyondRender) {
                known = renderResults.lookUp(byRender)
                if let known { seen.file(known, for: key) }
                rendered = byRender
            }
            guard let known else {
                rest.append((index, key, rendered))
                continue
            }
            statistics.foldedGroups += 1
            results.replace(groups[index].rules, with: known)
        }
        if rest.isEmpty { return results }
        let colourSettings = Folding.Setting.appearance.bit | Folding.Setting.contrast.bit
        let sibling = differing & ~colourSettings == 0 ? representative.flatMap { representativeIdentity(ofColourTwin: snapshot, $0) } : nil
        var recolouring: Recolouring?
        if let sibling, rest.contains(where: { takesRecolouredProjections($0.group) }) {
            recolouring = self.recolouring(snapshot, sibling: sibling)
        }
        if let recolouring {
            rest.removeAll { index, key, rendered in
                guard let members = evaluateRecoloured(index, snapshot.state, recolouring) else { return false }
                statistics.recolouredGroups += 1
                seen.file(members, for: key)
                if let rendered { renderResults.remember(members, for: rendered) }
                results.replace(groups[index].rules, with: members)
                return true
            }
            if rest.isEmpty { return results }
        }
        let evaluated = try evaluate(snapshot, groups: rest.map(\.group))
        for (index, key, rendered) in rest {
            let members = groups[index].rules.map { evaluated[$0] }
            seen.file(members, for: key)
            if let rendered { renderResults.remember(members, for: rendered) }
            results.replace(groups[index].rules, with: members)
        }
        // The element numbers are read again after the evaluation: a table that started
        // afresh during it dropped the representative's, which then cannot be projected.
        if let sibling, var recolouring, let representative = elementNumbers[sibling]?.numbers,
           let identity = snapshot.renderIdentity, let own = elementNumbers[identity]?.numbers,
           representative.count == recolouring.colours.count, own.count == recolouring.colours.count {
            recolouring.representative = representative
            recolouring.own = own
            for (index, _, _) in rest { fileRecoloured(index, recolouring) }
        }
        return results
    }

    /// A colour twin's representative: its render identity, under which its elements'
    /// numbers are kept. Nil unless the two show one render in one direction (the kit's
    /// promise that their elements differ only in their inks' colours).
    private func representativeIdentity(ofColourTwin snapshot: Snapshot, _ representative: Snapshot) -> RenderIdentity? {
        guard let mine = snapshot.renderIdentity, let theirs = representative.renderIdentity,
              mine.render == theirs.render, mine.direction == theirs.direction, mine != theirs,
              snapshot.elements.count == representative.elements.count else { return nil }
        return theirs
    }

    /// What the element groups need of a colour twin to see it through its representative
    /// (``RecolouredProjections``), worked out once for every group: the representative's
    /// element numbers, the number of each of the twin's elements' inks' colours, and the
    /// twin's environment's number; to file what a twin showed, its own element numbers.
    private struct Recolouring {
        var representative: [Int]
        var colours: [Int]
        var environment: Int
        var own: [Int] = []
    }

    /// Nil when the representative's element numbers are no longer in the table (it drops
    /// them when it starts afresh).
    private mutating func recolouring(_ snapshot: Snapshot, sibling: RenderIdentity) -> Recolouring? {
        recolouring(count: snapshot.elements.count, colours: { snapshot.elements[$0].inks.lazy.map(\.colours) },
                    environment: snapshot.environment, sibling: sibling)
    }

    /// The same for a colour twin without a snapshot of its own: its `count` elements' inks'
    /// `colours`, from its representative's ``Snapshot/colourVariants``, and its `environment`.
    private mutating func recolouring<Colours: Collection<Ink.Colours>>(
        count: Int, colours elementColours: (Int) -> Colours, environment: AccessibilityEnvironment, sibling: RenderIdentity
    ) -> Recolouring? {
        guard let representative = elementNumbers[sibling]?.numbers, representative.count == count else { return nil }
        var colours: [Int] = []
        colours.reserveCapacity(count)
        for element in 0..<count {
            let (number, startedAfresh) = inkColourNumbers.number(of: elementColours(element))
            if startedAfresh {
                // The numbers given before are void, and so is every projection filed under them.
                for group in groups.indices { groups[group].recoloured.removeAll() }
                colours = (0..<colours.count).map { inkColourNumbers.number(of: elementColours($0)).number }
            }
            colours.append(number)
        }
        return Recolouring(representative: representative, colours: colours,
                           environment: table.number(for: .environment(environment)))
    }

    /// A colour twin without a snapshot of its own, from its representative's: its
    /// elements' inks under its colour settings and its environment, the representative's
    /// under those settings.
    private mutating func colourTwin(of representative: Snapshot, in state: BlockState) -> Recolouring? {
        guard let variants = representative.colourVariants, let sibling = representative.renderIdentity else { return nil }
        var environment = representative.environment
        (environment.appearance, environment.contrast) = state.colourSettings
        guard variants.elementCount == representative.elements.count else { return nil }
        return recolouring(count: variants.elementCount, colours: { element in
            variants.colours(ofElement: element, appearance: environment.appearance, contrast: environment.contrast)
        }, environment: environment, sibling: sibling)
    }

    /// Whether a colour twin's view can be found from its representative's
    /// (``RecolouredProjections``): a group about elements that does not read the state's id,
    /// whose memo remembers units and whose table of recoloured projections still pays.
    private func takesRecolouredProjections(_ group: Int) -> Bool {
        groups[group].unitKind == .element && !groups[group].footprint.readsStateID && groups[group].units.remembers
            && groups[group].recoloured.remembers
    }

    /// Each element's inks' colours, numbered for ``RecolouredProjections``.
    private var inkColourNumbers = InkColourNumbers()

    /// A group about elements on a colour twin, through its representative
    /// (``RecolouredProjections``); nil, and nothing looked up, unless each element is
    /// found there and the group's memo holds its view or every unit, when the twin is
    /// evaluated as any state is. Looks up exactly as that evaluation would, so the memo's
    /// counts and judgements are the same either way.
    private mutating func evaluateRecoloured(_ group: Int, _ state: BlockState, _ recolouring: Recolouring)
        -> [CompiledRule.Evaluation]? {
        guard takesRecolouredProjections(group), !groups[group].recoloured.isEmpty else { return nil }
        var children: [Int] = []
        children.reserveCapacity(1 + recolouring.colours.count)
        children.append(groups[group].project(recolouring.environment, in: table, base: &base))
        for (number, colours) in zip(recolouring.representative, recolouring.colours) {
            let seen = groups[group].project(number, in: table, base: &base)
            // An element without inks is its representative's.
            guard colours >= 0 else {
                children.append(seen)
                continue
            }
            guard let projection = groups[group].recoloured.projection(.init(projection: seen, colours: colours)) else {
                groups[group].recoloured.attempted(foundEvery: false)
                return nil
            }
            children.append(projection)
        }
        groups[group].recoloured.attempted(foundEvery: true)
        let parameters = groups[group].parameters(of: state)
        let view = MemoKey(parameters: parameters, stateID: "", children: children)
        if groups[group].views.remembers, let known = groups[group].views.lookUpIfRemembered(view) {
            statistics.documentHits += 1
            return known
        }
        let context = groups[group].context(MemoKey(parameters: parameters, environment: children[0]))
        let units = children.dropFirst().map { context << 32 | $0 }
        guard units.allSatisfy({ groups[group].units.peek($0) != nil }) else { return nil }
        if groups[group].views.remembers {
            _ = groups[group].views.lookUp(view)
            statistics.documentMisses += 1
        }
        var evaluations = Array(repeating: CompiledRule.Evaluation(), count: groups[group].rules.count)
        for unit in units {
            guard let known = groups[group].units.lookUp(unit) else { return nil }
            statistics.unitHits += 1
            for member in known.indices { evaluations[member].add(known[member]) }
        }
        groups[group].views.remember(evaluations, for: view)
        return evaluations
    }

    /// Files what a group about elements saw of a colour twin's elements, just evaluated,
    /// under what it saw of its representative's (``RecolouredProjections``).
    private mutating func fileRecoloured(_ group: Int, _ recolouring: Recolouring) {
        guard takesRecolouredProjections(group) else { return }
        for index in recolouring.own.indices where recolouring.colours[index] >= 0 {
            let seen = groups[group].project(recolouring.representative[index], in: table, base: &base)
            let projection = groups[group].project(recolouring.own[index], in: table, base: &base)
            groups[group].recoloured.file(projection, for: .init(projection: seen, colours: recolouring.colours[index]))
        }
    }

    /// Each rule's evaluation on a folded state whose snapshot is `representative`'s but for
    /// the `differing` settings, taken wholly from the representative (`twin`) and the states
    /// folded onto it before (`seen`); nil when a group that sees the difference has not met
    /// it yet, and the state's own snapshot is needed.
    ///
    /// A group not met on a state folded onto this representative is looked up by render
    /// (`RenderResults`): `state` shows the representative's render, under its own settings.
    /// `beyondRender` is the representative's, kept with it for all its twins; `folded` as in
    /// ``evaluate(_:twin:differing:settings:readsKnown:seen:representative:folded:)``.
    ///
    /// A colour twin (`differing` only in colour settings) is seen by a group about elements
    /// through its representative's projections and the colours its inks take there
    /// (``Snapshot/colourVariants``, ``RecolouredProjections``), where the group has seen
    /// them before; its environment is its representative's under its own settings.
    ///
    /// `canonicalOnly` as in ``evaluate(_:twin:differing:settings:readsKnown:seen:representative:folded:canonicalOnly:)``.
    mutating func evaluate(counting state: BlockState, representative: Snapshot, twin: [CompiledRule.Evaluation],
                           differing: UInt8, settings: Folding.SettingValues, seen: inout TwinResults,
                           folded: UInt64, beyondRender: inout UInt64??, canonicalOnly: Bool = false) -> FoldedEvaluations? {
        var results = FoldedEvaluations(twin, groups: canonicalOnly ? 0 : sensitiveGroups[Int(differing)])
        let colourSettings = Folding.Setting.appearance.bit | Folding.Setting.contrast.bit
        // Worked out when a group first needs it; nil inside when it cannot be.
        var recolouring: Recolouring??
        var recoloured = 0
        for index in groups.indices where sensitivities[index] & differing != 0 {
            if canonicalOnly && !isCanonical(index, differing: differing) { continue }
            let key = foldKey(index, settings: settings, readsKnown: true)
            var known = seen[key]
            let byRender = known == nil
                ? renderKey(index, foldKey: key, render: representative, state: state, folded: folded,
                            beyondRender: &beyondRender)
                : nil
            if let byRender {
                known = renderResults.lookUp(byRender)
                if let known { seen.file(known, for: key) }
            }
            if known == nil, differing & ~colourSettings == 0, takesRecolouredProjections(index) {
                if recolouring == nil { recolouring = colourTwin(of: representative, in: state) }
                if let recolouring = recolouring ?? nil, let members = evaluateRecoloured(index, state, recolouring) {
                    known = members
                    seen.file(members, for: key)
                    if let byRender { renderResults.remember(members, for: byRender) }
                    recoloured += 1
                }
            }
            guard let known else { return nil }
            if !canonicalOnly { results.replace(groups[index].rules, with: known) }
        }
        statistics.recolouredGroups += recoloured
        if canonicalOnly { return results }
        statistics.foldedGroups += groups.count - recoloured
        statistics.countedStates += 1
        statistics.transitions += representative.transitions.count
        return results
    }

    /// Counts a ``TwinBlock``'s twins in the statistics: `states` of them, `counted` of
    /// which had no snapshot of their own, each with the representative's `transitions`;
    /// for each group, every twin but those that stand for its classes took another state's
    /// results (`classes`, as ``classes(of:seen:)`` gave them).
    mutating func countTwins(states: Int, counted: Int, transitions: Int, classes: [TwinClassResults]) {
        statistics.transitions += states * transitions
        statistics.countedStates += counted
        statistics.foldedGroups += groups.count * (states + 1) - classes.count
    }

    /// Whether a state that differs from its representative in the `differing` settings
    /// stands for its class of a block for `group` (``classes(of:seen:)``): the group sees
    /// every setting the state differs in, so the state's results are the class's, and the
    /// class's other members differ from it only in settings the group does not see.
    func isCanonical(_ group: Int, differing: UInt8) -> Bool {
        sensitivities[group] & differing != 0 && differing & ~sensitivities[group] == 0
    }

    /// Whether some group needs a state that differs from its representative in the
    /// `differing` settings to stand for its class (``isCanonical(_:differing:)``).
    func standsForAClass(differing: UInt8) -> Bool {
        standsForAClass[Int(differing)]
    }

    /// One group's results over a ``TwinBlock``: a class of combinations it cannot tell
    /// apart (`members`, a bit each, and the one that stands for them) and its rules'
    /// evaluations there, in the order of its rules; nil evaluations for the class of the
    /// representative, whose results it takes.
    struct TwinClassResults {
        /// The group's number: its rules are ``groupRules``' `range(of: group)`.
        var group: Int
        /// The settings the group sees (`Folding.Setting` bits).
        var sees: UInt8
        var members: UInt64
        var canonical: Int
        var evaluations: [CompiledRule.Evaluation]?
    }

    /// Every group's classes over `block`, once `seen` holds what each class's state
    /// (``isCanonical(_:differing:)``) gave, found by its fold key as
    /// ``evaluate(counting:representative:twin:differing:settings:seen:folded:beyondRender:canonicalOnly:)``
    /// looks a state up; the class of the representative takes its results. Nil when a
    /// class's results are not in `seen`.
    func classes(of block: TwinBlock, seen: TwinResults) -> [TwinClassResults]? {
        var classes: [TwinClassResults] = []
        classes.reserveCapacity(sensitivities.reduce(0) { $0 + block.shape.classes[Int($1)].count })
        for index in groups.indices {
            let sensitivity = sensitivities[index]
            for (members, canonical) in block.shape.classes[Int(sensitivity)] {
                guard canonical > 0 else {
                    classes.append(TwinClassResults(group: index, sees: sensitivity, members: members,
                                                    canonical: 0, evaluations: nil))
                    continue
                }
                guard let known = seen[foldKey(index, settings: block.shape.settings[canonical], readsKnown: true)] else {
                    return nil
                }
                classes.append(TwinClassResults(group: index, sees: sensitivity, members: members,
                                                canonical: canonical, evaluations: known))
            }
        }
        return classes
    }

    /// The key by render (`RenderResults`) of `state`, folded and showing `render`'s render,
    /// for `group`; nil when the group's results are not kept by render.
    ///
    /// `beyondRender`: where `render`'s facts and transitions depend on its state
    /// (``RenderResults/seenBeyondRender(of:folded:)``), worked out for the first group that
    /// needs it.
    private mutating func renderKey(_ group: Int, foldKey: Int, render: Snapshot, state: BlockState, folded: UInt64,
                                    beyondRender: inout UInt64??) -> [Int]? {
        guard renderKeying[group] != .never, renderResults.remembers, let identity = render.renderIdentity else { return nil }
        var key = RenderResults.key(foldKey: foldKey, render: identity.render, environment: render.environment)
        if renderKeying[group] == .renderAndReads {
            if beyondRender == nil { beyondRender = RenderResults.seenBeyondRender(of: render, folded: folded) }
            guard let positions = beyondRender ?? nil else { return nil }
            RenderResults.append(positions, of: state, to: &key)
        }
        groups[group].appendParameters(of: state, to: &key)
        return key
    }

    /// Where a state folded onto a representative keeps `group`'s results among `seen`: the
    /// values of the settings the group sees, one digit each (0 for one it does not), after
    /// the group's number. Unless the kit vouches for the snapshots' reads (`readsKnown`),
    /// motions are checked against the representative's only where Reduce Motion is the
    /// same, so a group that sees motions is shared only by states alike in every setting.
    private func foldKey(_ group: Int, settings: Folding.SettingValues, readsKnown: Bool) -> Int {
        let sensitivity = sensitivities[group]
        let keyed = !readsKnown && sensitivity & Folding.Setting.motion.bit != 0 ? Folding.Setting.all : sensitivity
        var key = group
        for setting in Folding.Setting.allCases {
            key = key << 8 | (keyed & setting.bit != 0 ? settings[setting] + 1 : 0)
        }
        return key
    }

    /// The evaluations of the rules of `selected` groups on one state; the other rules' are empty.
    private mutating func evaluate(_ snapshot: Snapshot, groups selected: [Int]) throws(InputError) -> [CompiledRule.Evaluation] {
        guard memoizes else {
            statistics.documentMisses += rules.count
            let document = build(snapshot, StateDocument.children(of: snapshot).map(\.element))
            var evaluations: [CompiledRule.Evaluation] = []
            let evaluator = evaluator(for: document)
            for (index, rule) in rules.enumerated() {
                evaluations.append(try timed(index) { () throws(InputError) in try rule.evaluate(on: document, with: evaluator) })
            }
            return evaluations
        }
        if table.count > Self.capacity || elementNumbers.count > Self.groupCapacity {
            table.removeAll()
            elementNumbers.removeAll(keepingCapacity: true)
            parameterNumbers.removeAll(keepingCapacity: true)
            transitionNumbers.removeAll()
            lastEnvironment = nil
            lastFacts = nil
            lastScrollRegions = nil
            base.forgetChildren()
            togetherDocument = nil
            unitDocuments.removeAll()
            for index in groups.indices { groups[index].forgetChildren() }
        }
        if base.count > Self.capacity {
            base.removeAll()
            for index in groups.indices { groups[index].forgetBase() }
            togetherDocument?.narrowed.removeAll()
        }
        for index in groups.indices where groups[index].size > Self.groupCapacity { groups[index].forget() }
        let numbered = numbered(snapshot, reading: selected.reduce(0) { $0 | groups[$1].kinds })
        let numbers = numbered.numbers
        let kinds = numbered.kinds
        // Made only when a group misses and needs the children themselves.
        var written: StateChildren?
        func children() -> StateChildren {
            if let written { return written }
            let all = StateChildren(of: snapshot, numbers: numbers, kinds: kinds, table: table.children)
            written = all
            return all
        }

        var results = Array(repeating: CompiledRule.Evaluation(), count: rules.count)
        var pending: [PendingView] = []
        // Document-wide groups that no longer remember their views, evaluated together.
        var together: [Int] = []
        timeWeight = timing.next()
        // One clock reading between two groups' steps: the end of one is the start of the next.
        var started = timeWeight > 0 ? DispatchTime.now().uptimeNanoseconds : 0
        ruleSecondsSinceGroupStart = 0
        for index in selected {
            defer { started = chargeGroup(index, since: started) }
            // The buffer of the last key that hit, reused as the seen children's are. The
            // buffers are swapped in and out, and the key made of them, without a copy: each
            // copy was a retain and a release for every group of every state.
            var parameters: [Int] = []
            swap(&parameters, &parametersBuffer)
            parameters.removeAll(keepingCapacity: true)
            groups[index].appendParameters(of: snapshot.state, to: &parameters)
            var key: MemoKey?
            if groups[index].views.remembers {
                // The buffer of the last view that hit, reused; a view that misses is kept as
                // its key, with its buffer.
                var seen: [Int] = []
                swap(&seen, &seenBuffer)
                seen.removeAll(keepingCapacity: true)
                seen.reserveCapacity(numbers.count)
                let read = groups[index].kinds
                for kind in StateDocument.Child.Kind.allCases where read & kind.bit != 0 {
                    for position in numbered.positions(of: kind)
                    where kind != .fact || numbered.keeps(position, groups[index].projection) {
                        seen.append(groups[index].projectedNumber(numbers[position])
                            ?? groups[index].project(numbers[position], in: table, base: &base))
                    }
                }
                let view = MemoKey(parameters: consume parameters,
                                   stateID: groups[index].footprint.readsStateID ? snapshot.state.id : "", children: consume seen)
                if let known = groups[index].views.lookUp(view) {
                    var spent = consume view
                    swap(&seenBuffer, &spent.children)
                    swap(&parametersBuffer, &spent.parameters)
                    statistics.documentHits += 1
                    add(known, of: index, to: &results)
                    continue
                }
                statistics.documentMisses += 1
                parameters = view.parameters
                key = consume view
            }
            guard let unitKind = groups[index].unitKind else {
                if !groups[index].views.remembers {
                    together.append(index)
                    continue
                }
                let evaluations = try evaluate(index, on: snapshot, children: children(), numbers: numbers)
                if let key { groups[index].views.remember(evaluations, for: key) }
                add(evaluations, of: index, to: &results)
                continue
            }
            let environment = numbered.positions(of: .environment).first.map {
                groups[index].project(numbers[$0], in: table, base: &base)
            } ?? -1
            let context = groups[index].context(MemoKey(parameters: parameters, environment: environment))
            var view = PendingView(group: index, key: key,
                                   evaluations: Array(repeating: CompiledRule.Evaluation(), count: groups[index].rules.count),
                                   misses: [])
            for unit in numbered.positions(of: unitKind) {
                let unitKey = context << 32 | groups[index].project(numbers[unit], in: table, base: &base)
                if let known = groups[index].units.lookUp(unitKey) {
                    statistics.unitHits += 1
                    for member in known.indices { view.evaluations[member].add(known[member]) }
                } else {
                    statistics.unitMisses += 1
                    view.misses.append((unit, unitKey))
                }
            }
            pending.append(view)
        }
        if !together.isEmpty {
            let evaluated = try evaluate(together: together, on: snapshot, children: children(), numbers: numbers)
            for (index, evaluations) in zip(together, evaluated) { add(evaluations, of: index, to: &results) }
        }
        if pending.contains(where: { !$0.misses.isEmpty }) {
            try evaluateUnits(of: snapshot, children: children(), numbers: numbers, pending: &pending)
        }
        for view in pending {
            if let key = view.key { groups[view.group].views.remember(view.evaluations, for: key) }
            add(view.evaluations, of: view.group, to: &results)
        }
        return results
    }

    /// A state's children as the table numbers them, in document order, with their kinds
    /// and, for the block's facts, their names (what a projection may leave out).
    private struct NumberedChildren {
        var numbers: [Int]
        var kinds: [StateDocument.Child.Kind]
        /// The names of the facts, in their order: a list of optional names, one for every
        /// child, was torn down name by name through the generic witness of `Optional`.
        var factNames: [String]
        /// Where each kind's children start, by raw value, and where the last ends: a
        /// document lists its children kind by kind, so a group walks only the kinds it reads.
        /// Held inline (one place for each of the six kinds, and the end): a list was made
        /// for every state numbered.
        var starts = InlineArray<7, Int>(repeating: 0)

        /// The places of the children of `kind`.
        func positions(of kind: StateDocument.Child.Kind) -> Range<Int> {
            starts[Int(kind.rawValue)]..<starts[Int(kind.rawValue) + 1]
        }

        /// Sets ``starts`` from how many children of each kind there are, in
        /// ``StateDocument/Child/Kind`` order, as ``StateEvaluator/numbered(_:reading:)`` lists them.
        mutating func setStarts(counts: InlineArray<6, Int>) {
            for kind in counts.indices { starts[kind + 1] = starts[kind] + counts[kind] }
            let end = starts[counts.count]
            precondition(end == kinds.count && end == numbers.count, "every child listed is counted by its kind")
        }

        func keeps(_ position: Int, _ projection: Projection) -> Bool {
            let facts = positions(of: .fact)
            guard facts.contains(position) else { return true }
            return projection.keepsFact(named: factNames[position - facts.lowerBound])
        }
    }

    /// The numbers of the elements of each render identity met: equal identities show equal
    /// elements (`RenderIdentity`), so a state whose render was met before is numbered
    /// without looking at its elements.
    private var elementNumbers: [RenderIdentity: ElementNumbers] = [:]

    /// One render identity's element numbers, which elements have inks, and their places in
    /// VoiceOver's order.
    private struct ElementNumbers {
        var numbers: [Int]
        var inked: [Bool]
        var orders: [Int]
    }

    /// The element numbers of the render and direction of `identity` under another colour
    /// setting, if met: an element without inks is the same under every colour setting of
    /// one render and direction (the kit changes only inks' colours between them), and the
    /// focus order is the same for all of them.
    private func colourSibling(of identity: RenderIdentity) -> ElementNumbers? {
        for appearance in Appearance.allCases {
            for contrast in ContrastSetting.allCases where appearance != identity.appearance || contrast != identity.contrast {
                let sibling = RenderIdentity(render: identity.render, direction: identity.direction,
                                             appearance: appearance, contrast: contrast)
                if let known = elementNumbers[sibling] { return known }
            }
        }
        return nil
    }

    /// The environment numbered last, and its number: the states a worker meets one after
    /// another mostly share theirs, and comparing one costs less than hashing it.
    private var lastEnvironment: (environment: AccessibilityEnvironment, number: Int)?
    /// The facts and the scroll regions numbered last, and their numbers, for the same reason.
    private var lastFacts: (facts: [Fact], numbers: [Int])?
    private var lastScrollRegions: (regions: [ScrollRegion], numbers: [Int])?
    /// Transitions' numbers by what their children are written from (`TransitionNumbers`).
    private var transitionNumbers = TransitionNumbers()

    /// Per list of dimensions met (a region), each parameter's number by dimension and value.
    private var parameterNumbers: [(dimensions: [Dimension], numbers: [[Int]])] = []

    /// Children of kinds none of the groups evaluated reads are not numbered: their places
    /// hold -1 (their kinds are still listed, so places match the document's).
    private mutating func numbered(_ snapshot: Snapshot, reading read: UInt8) -> NumberedChildren {
        let state = snapshot.state
        let count = 1 + state.valueIndices.count + snapshot.facts.count + snapshot.elements.count
            + snapshot.scrollRegions.count + snapshot.transitions.count
        var result = NumberedChildren(numbers: [], kinds: [], factNames: [])
        result.numbers.reserveCapacity(count)
        result.kinds.reserveCapacity(count)
        result.factNames.reserveCapacity(snapshot.facts.count)
        func append(_ number: Int, _ kind: StateDocument.Child.Kind, fact: String? = nil) {
            result.numbers.append(number)
            result.kinds.append(kind)
            if let fact { result.factNames.append(fact) }
        }
        if let last = lastEnvironment, last.environment == snapshot.environment {
            append(last.number, .environment)
        } else {
            let number = table.number(for: .environment(snapshot.environment))
            lastEnvironment = (snapshot.environment, number)
            append(number, .environment)
        }
        let region = parameterNumbers.firstIndex(where: { $0.dimensions.isStorage(of: state.dimensions) })
            ?? parameterNumbers.firstIndex(where: { $0.dimensions == state.dimensions }) ?? {
            parameterNumbers.append((state.dimensions, state.dimensions.map { Array(repeating: -1, count: $0.values.count) }))
            return parameterNumbers.count - 1
        }()
        for (position, value) in state.valueIndices.enumerated() {
            if parameterNumbers[region].numbers[position][value] < 0 {
                let dimension = state.dimensions[position]
                parameterNumbers[region].numbers[position][value] = table.number(for: .param(name: dimension.name,
                                                                                              value: dimension.values[value]))
            }
            append(parameterNumbers[region].numbers[position][value], .param)
        }
        if read & StateDocument.Child.Kind.fact.bit == 0 {
            for fact in snapshot.facts { append(-1, .fact, fact: fact.name) }
        } else {
            if lastFacts.map({ Fact.equal($0.facts, snapshot.facts) }) != true {
                lastFacts = (snapshot.facts, snapshot.facts.map { table.number(for: .fact($0)) })
            }
            for (fact, number) in zip(snapshot.facts, lastFacts!.numbers) { append(number, .fact, fact: fact.name) }
        }
        let elements: [Int]
        if read & StateDocument.Child.Kind.element.bit == 0 {
            elements = Array(repeating: -1, count: snapshot.elements.count)
        } else if let identity = snapshot.renderIdentity, let known = elementNumbers[identity] {
            elements = known.numbers
        } else {
            let sibling = snapshot.renderIdentity.flatMap(colourSibling(of:))
            let orders = sibling?.orders ?? StateDocument.elementOrders(of: snapshot)
            // Each element read where the snapshot holds it: passed on by value, it was copied.
            let (inked, numbers) = snapshot.elements.withUnsafeBufferPointer { list in
                let inked = list.indices.map { !(list.baseAddress! + $0).pointee.inks.isEmpty }
                let numbers = list.indices.map { index in
                    if let sibling, !inked[index], !sibling.inked[index] { return sibling.numbers[index] }
                    return table.number(ofElement: list.baseAddress! + index, order: orders[index])
                }
                return (inked, numbers)
            }
            elements = numbers
            if let identity = snapshot.renderIdentity {
                elementNumbers[identity] = ElementNumbers(numbers: elements, inked: inked, orders: orders)
            }
        }
        for number in elements { append(number, .element) }
        if read & (StateDocument.Child.Kind.scroll.bit | StateDocument.Child.Kind.transition.bit) == 0 {
            for _ in snapshot.scrollRegions { append(-1, .scroll) }
            for _ in snapshot.transitions { append(-1, .transition) }
        } else {
            if lastScrollRegions?.regions != snapshot.scrollRegions {
                lastScrollRegions = (snapshot.scrollRegions, snapshot.scrollRegions.map { table.number(for: .scroll($0)) })
            }
            for number in lastScrollRegions!.numbers { append(number, .scroll) }
            transitionNumbers.append(numbersOf: snapshot.transitions, from: state, region: region, in: &table,
                                     to: &result.numbers)
            while result.kinds.count < result.numbers.count { result.kinds.append(.transition) }
        }
        result.setStarts(counts: [1, state.valueIndices.count, snapshot.facts.count, snapshot.elements.count,
                                  snapshot.scrollRegions.count, snapshot.transitions.count])
        return result
    }

    /// Evaluates a document-wide group on the state as the group sees it: the children of
    /// the kinds it names, projected, beside the parameters it reads. A smaller document is
    /// quicker to build and to search, and by the footprint gives the same answers as the
    /// whole one. Each group keeps its document and updates only the children whose
    /// projections changed since the state it last evaluated.
    private mutating func evaluate(_ group: Int, on snapshot: Snapshot, children: StateChildren,
                                   numbers: [Int]) throws(InputError) -> [CompiledRule.Evaluation] {
        let parameters = groups[group].footprint.parameters
        let kinds = groups[group].kinds
        // What stands in each place: a projection's number, or a parameter's child number
        // (negative, so the two never meet).
        var keys: [Int] = []
        var positions: [Int] = []
        keys.reserveCapacity(children.count)
        positions.reserveCapacity(children.count)
        let projection = groups[group].projection
        for position in 0..<children.count
        where children.isSeen(at: position, kinds: kinds, parameters: parameters, projection: projection) {
            keys.append(children.kind(at: position) == .param ? -2 - numbers[position]
                : groups[group].projectedNumber(numbers[position]) ?? groups[group].project(numbers[position], in: table, base: &base))
            positions.append(position)
        }
        let direction = snapshot.environment.direction
        let before = groups[group].documents.keys(for: direction)
        // The changed places' elements, and each place's among them (-1 where it is kept): a
        // dictionary would be grown and hashed for every state that misses, and a list of
        // optional elements by place was torn down through the generic witness of
        // `Optional`, place by place, kept places and all.
        var changed: [XMLElement] = []
        changed.reserveCapacity(keys.count)
        var changedAt = [Int](repeating: -1, count: keys.count)
        for place in keys.indices where place >= before.count || before[place] != keys[place] {
            changedAt[place] = changed.count
            changed.append(keys[place] < 0 ? children[positions[place]].element : groups[group].written(keys[place]))
        }
        let document = update(groups[group].documents.document(for: direction), count: keys.count, of: snapshot,
                              readingID: groups[group].footprint.readsStateID,
                              keeping: { changedAt[$0] < 0 }) { changed[changedAt[$0]] }
        groups[group].documents.keep(document, keys: keys, for: direction)
        let evaluator = evaluator(for: document)
        var evaluations: [CompiledRule.Evaluation] = []
        for rule in groups[group].rules {
            let compiled = rules[rule]
            evaluations.append(try timed(rule) { () throws(InputError) in try compiled.evaluate(on: document, with: evaluator) })
        }
        return evaluations
    }

    /// The document-wide groups that no longer remember their views (`RuleGroup.Memo`), as
    /// one: the union of their projections, kinds and parameters, and the document they
    /// were evaluated on last, with the child numbers in its places.
    ///
    /// Their views rarely repeat (each meets a new geometry in almost every state), so
    /// each would rewrite its own document for almost every state; one document through
    /// the union serves them all, and by each footprint gives each the same answers as its
    /// own, since it holds all that its own holds. Keyed by child numbers, it needs no
    /// projection to tell which children changed; a child whose change none of them can
    /// see is rewritten to the same values, which leaves its node as it was.
    private struct Together {
        var groups: [Int]
        var projection: Projection
        var kinds: UInt8
        var parameters: Set<String>?
        var documents = KeptDocuments()
        /// Its elements' base views as its projection sees them.
        var narrowed = NarrowedViews()
    }

    private var togetherDocument: Together?

    /// Evaluates document-wide groups that no longer remember their views on one document
    /// of the state (`Together`), each group's rules in turn; their evaluations, in the
    /// order of `together`. The document's time is charged to the groups in equal parts.
    private mutating func evaluate(together: [Int], on snapshot: Snapshot, children: StateChildren,
                                   numbers: [Int]) throws(InputError) -> [[CompiledRule.Evaluation]] {
        let started = timeWeight > 0 ? DispatchTime.now().uptimeNanoseconds : 0
        // The union of every such group, not only of those evaluated on this state (a folded
        // state evaluates only the groups that see how it differs), so the document is
        // rewritten only where the state changed.
        let all = groups.indices.filter { groups[$0].unitKind == nil && !groups[$0].views.remembers }
        if togetherDocument?.groups != all {
            // A group joins when its memo stops remembering, and never leaves: the document
            // is built anew through the wider union.
            var parameters: Set<String>? = []
            for index in all {
                // Its own document is no longer used.
                groups[index].documents.removeAll()
                if let own = groups[index].footprint.parameters { parameters?.formUnion(own) } else { parameters = nil }
            }
            togetherDocument = Together(groups: all,
                                        projection: all.dropFirst().reduce(groups[all[0]].projection) { $0.union(groups[$1].projection) },
                                        kinds: all.reduce(0) { $0 | groups[$1].kinds }, parameters: parameters)
        }
        // Taken out while it is updated, so that its lists are not copied to be changed.
        var shared = togetherDocument.take()!
        var keys: [Int] = []
        var positions: [Int] = []
        keys.reserveCapacity(children.count)
        positions.reserveCapacity(children.count)
        for position in 0..<children.count
        where children.isSeen(at: position, kinds: shared.kinds, parameters: shared.parameters, projection: shared.projection) {
            keys.append(numbers[position])
            positions.append(position)
        }
        let projection = shared.projection
        let direction = snapshot.environment.direction
        let before = shared.documents.keys(for: direction)
        let kept = shared.documents.document(for: direction)
        // The changed places' elements, written before the document is updated; an element
        // from its narrowed base view where the projection sees elements through them.
        var changed: [XMLElement] = []
        changed.reserveCapacity(keys.count)
        var changedAt = [Int](repeating: -1, count: keys.count)
        for place in keys.indices where kept == nil || place >= before.count || before[place] != keys[place] {
            changedAt[place] = changed.count
            let position = positions[place]
            let child = children[position]
            if case .param = child {
                changed.append(child.element)
            } else if projection.viewsThroughBase, children.kind(at: position) == .element {
                let baseNumber = base.number(of: numbers[position], in: table)
                changed.append(shared.narrowed.element(baseNumber: baseNumber, of: base, keeping: projection,
                                                       placedAt: projection.readsGeometry ? child.placement(keeping: projection) : nil))
            } else {
                changed.append(child.element(keeping: projection))
            }
        }
        let document = update(kept, count: keys.count, of: snapshot,
                              readingID: shared.groups.contains { groups[$0].footprint.readsStateID },
                              keeping: { changedAt[$0] < 0 }) { changed[changedAt[$0]] }
        shared.documents.keep(document, keys: keys, for: direction)
        togetherDocument = shared
        let evaluator = evaluator(for: document)
        let documentSeconds = timeWeight > 0 ? Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 : 0
        var evaluated: [[CompiledRule.Evaluation]] = []
        for index in together {
            var evaluations: [CompiledRule.Evaluation] = []
            for rule in groups[index].rules {
                let compiled = rules[rule]
                guard timeWeight > 0 else {
                    evaluations.append(try compiled.evaluate(on: document, with: evaluator))
                    continue
                }
                let start = DispatchTime.now().uptimeNanoseconds
                evaluations.append(try compiled.evaluate(on: document, with: evaluator))
                statistics.ruleSeconds[rule] += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 * timeWeight
            }
            let share = documentSeconds * timeWeight / Double(together.count) / Double(groups[index].rules.count)
            for rule in groups[index].rules { statistics.groupShareSeconds[rule] += share }
            evaluated.append(evaluations)
        }
        return evaluated
    }

    /// `kept` updated in place to `count` children: the places `keeping` names stay as they
    /// are, the others are `written`; a new document of them all when there is none yet. An
    /// evaluator serves one block, so only the state's id changes on the root, and it is
    /// written only for rules that read it: a group that does not keeps its results for
    /// other states with other ids (its memo key leaves the id out), so it cannot depend on it.
    private mutating func update(_ kept: XMLDocument?, count: Int, of snapshot: Snapshot, readingID: Bool,
                                 keeping unchanged: (Int) -> Bool = { _ in false },
                                 writing written: (Int) -> XMLElement) -> XMLDocument {
        guard let kept else { return build(snapshot, (0..<count).map(written)) }
        let start = DispatchTime.now().uptimeNanoseconds
        kept.updateRootChildren(count: count) { place in unchanged(place) ? nil : written(place) }
        if readingID { kept.setRootAttribute("id", to: snapshot.state.id) }
        statistics.documentsBuilt += 1
        statistics.documentSeconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return kept
    }

    /// The documents local groups evaluated their missed units on last, one for each
    /// layout direction, updated in place for the next state's; with the child number in
    /// each of their places (-1 for a child the state's groups did not number): a place
    /// whose number is the same next time keeps its node unwritten. The numbers are the
    /// table's, so the documents are dropped when it starts afresh.
    private var unitDocuments = KeptDocuments()
    /// What the local groups read, together: the units are written through it, since a
    /// unit's rules read no more of it than their groups' projections keep.
    private let unitProjection: Projection

    /// Puts the missed units beside the state's environment, parameters and facts (all a
    /// local rule can read) in one small document, evaluates the groups that missed,
    /// remembers each missed unit's share and adds it to its view.
    private mutating func evaluateUnits(of snapshot: Snapshot, children: StateChildren, numbers: [Int],
                                        pending: inout [PendingView]) throws(InputError) {
        // Each missed unit once, in the document's order.
        let included = pending.flatMap { $0.misses.map(\.unit) }.sorted().reduce(into: [Int]()) { units, unit in
            if units.last != unit { units.append(unit) }
        }
        let context = (0..<children.count).filter { !children.kind(at: $0).isUnit }
        // Each place's child: the context, then the units; written only where its number changed.
        let places = context + included
        let keys = places.map { numbers[$0] }
        let direction = snapshot.environment.direction
        let before = unitDocuments.keys(for: direction)
        let projection = unitProjection
        let document = update(unitDocuments.document(for: direction), count: places.count, of: snapshot,
                              readingID: pending.contains { groups[$0.group].footprint.readsStateID },
                              keeping: { $0 < before.count && keys[$0] >= 0 && before[$0] == keys[$0] }) { place in
            place < context.count ? children[places[place]].element : children[places[place]].element(keeping: projection)
        }
        unitDocuments.keep(document, keys: keys, for: direction)
        let evaluator = evaluator(for: document)
        // The units' nodes, in `included`'s order: a subject's unit is found among them by
        // comparing, cheaper than hashing for the few units a state misses.
        let unitNodes = Array(document.root.elementChildren.dropFirst(context.count))
        for index in pending.indices where !pending[index].misses.isEmpty {
            let group = pending[index].group
            ruleSecondsSinceGroupStart = 0
            let started = timeWeight > 0 ? DispatchTime.now().uptimeNanoseconds : 0
            defer { _ = chargeGroup(group, since: started) }
            let members = groups[group].rules
            // Each unit's members' evaluations, unit by unit in `included`'s order, in one
            // list: a list of optional lists, one per unit, was torn down through the generic
            // witness of `Optional`. Only the units this group missed are kept.
            var missed = [Bool](repeating: false, count: included.count)
            for miss in pending[index].misses { missed[included.firstIndex(of: miss.unit)!] = true }
            var perUnit = [CompiledRule.Evaluation](repeating: CompiledRule.Evaluation(), count: included.count * members.count)
            for (member, rule) in members.enumerated() {
                let compiled = rules[rule]
                try timed(rule) { () throws(InputError) in try compiled.evaluate(on: document, with: evaluator) { subject, failure in
                    var unit = subject
                    while let parent = unit.parent, parent.parent != nil { unit = parent }
                    guard let index = unitNodes.firstIndex(of: unit), missed[index] else { return }
                    if let failure {
                        perUnit[index * members.count + member].append(failure)
                    } else {
                        perUnit[index * members.count + member].subjects += 1
                    }
                } }
            }
            for miss in pending[index].misses {
                let start = included.firstIndex(of: miss.unit)! * members.count
                let evaluations = Array(perUnit[start..<start + members.count])
                groups[group].units.remember(evaluations, for: miss.key)
                for member in evaluations.indices { pending[index].evaluations[member].add(evaluations[member]) }
            }
        }
    }

    /// Runs one rule's evaluation and adds its duration to the rule's own time, where the
    /// state is measured (``timeWeight``).
    private mutating func timed<T>(_ rule: Int, _ work: () throws(InputError) -> T) throws(InputError) -> T {
        guard timeWeight > 0 else { return try work() }
        let start = DispatchTime.now().uptimeNanoseconds
        defer {
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            statistics.ruleSeconds[rule] += seconds * timeWeight
            ruleSecondsSinceGroupStart += seconds
        }
        return try work()
    }

    /// Which states' groups and rules are timed.
    private var timing = RuleTimeSampling()
    /// How many states the times measured on the state being evaluated stand for: 0 when
    /// it is not measured, and 1 with the memo off, when every state is.
    private var timeWeight = 1.0

    /// Own evaluation time of the rules measured since the current group's step started.
    private var ruleSecondsSinceGroupStart = 0.0

    /// Charges the time of a group's step, less its members' own evaluations, to its
    /// members in equal parts; returns the time it read, where the next step starts. A
    /// state not measured reads no clock and charges nothing.
    private mutating func chargeGroup(_ group: Int, since start: UInt64) -> UInt64 {
        guard timeWeight > 0 else { return start }
        let now = DispatchTime.now().uptimeNanoseconds
        let elapsed = Double(now - start) / 1e9
        let shared = max(0, elapsed - ruleSecondsSinceGroupStart) * timeWeight / Double(groups[group].rules.count)
        for rule in groups[group].rules { statistics.groupShareSeconds[rule] += shared }
        ruleSecondsSinceGroupStart = 0
        return now
    }

    private mutating func build(_ snapshot: Snapshot, _ children: @autoclosure () -> [XMLElement]) -> XMLDocument {
        let start = DispatchTime.now().uptimeNanoseconds
        defer { statistics.documentSeconds += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
        statistics.documentsBuilt += 1
        return XMLDocument(root: XMLElement("state", attributes: [("block", snapshot.block), ("id", snapshot.state.id)],
                                            children: children()))
    }

    /// Adds a group's evaluations to a state's results, each at its rule's place. Mutating
    /// though it changes nothing of the evaluator's: as a method that does not, it was handed
    /// a copy of the whole evaluator, 856 bytes, for every group of every state.
    private mutating func add(_ evaluations: [CompiledRule.Evaluation], of group: Int, to results: inout [CompiledRule.Evaluation]) {
        // Read and added where they lie: a group's list of rules and its evaluations were
        // retained and released for every group of every state.
        let rules = groupRules.range(of: group)
        groupRules.rules.withUnsafeBufferPointer { all in
            evaluations.withUnsafeBufferPointer { evaluations in
                results.withUnsafeMutableBufferPointer { results in
                    for (member, place) in zip(evaluations.indices, rules) { results[all[place]].add(evaluations[member]) }
                }
            }
        }
    }

    /// One evaluator serves every document of the worker.
    private mutating func evaluator(for document: XMLDocument) -> XPathEvaluator {
        if let evaluator { return evaluator }
        let created = XPathEvaluator(document: document, namespaces: RuleFunctions.namespaces, functions: RuleFunctions.all)
        evaluator = created
        return created
    }
}
