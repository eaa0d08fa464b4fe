import AccessibilityModel

/// What the groups that see a folded setting gave a folded state, kept by its render, so
/// that another folded state of the same render need not be rendered or evaluated again.
///
/// Two snapshots with the same ``RenderIdentity`` show the same elements and scroll regions
/// (the kit's promise), and a folded state's environment is its representative's under its
/// own settings. So a group whose view holds only elements, scroll regions, the environment
/// and parameters sees the same view in two folded states that agree on the render, on the
/// settings the group sees, on the rest of the environment and on the parameters it reads.
/// The kit lays a body out once for all the states that agree on what it read, so such
/// states are common: states that differ only in an input the body does not show in them
/// (which filters are on while no filter is drawn) share a render, and so do their
/// direction, colour and Reduce Motion twins.
///
/// A group that sees facts or transitions sees more of the state than the render pins: the
/// block's facts and added transitions come from what its additions read, and a
/// transition's resulting state is written as the values it changes, which depend on the
/// state's own (``seenBeyondRender(of:folded:)``). Its key adds those positions and the
/// state's values there. A group that reads the state's id sees every value, and is not
/// kept.
///
/// Only folded states' results are kept: a representative's own are met once, and keying
/// every group of every representative costs more than it saves. A body that reads every
/// dimension its states differ in never shares a render, and then no lookup ever hits: when
/// not one of the first lookups, as many as it holds entries, has hit, it stops remembering
/// and lets its entries go. One hit is enough to go on, since the states that share a
/// render may lie far apart in the audit's order (one value of an outer dimension to the
/// next), and a hit spares a snapshot and an evaluation, where a lookup costs one hash of a
/// few numbers.
struct RenderResults {
    /// Entries kept before starting afresh, so memory stays bounded.
    static let capacity = 8_192

    let trial: Int
    private var results = MixedTable<[Int], [CompiledRule.Evaluation]>()
    private var lookups = 0
    private var hits = 0
    private(set) var remembers = true

    init(trial: Int = Self.capacity) { self.trial = trial }

    mutating func lookUp(_ key: [Int]) -> [CompiledRule.Evaluation]? {
        guard remembers else { return nil }
        let known = results[key]
        lookups += 1
        if known != nil { hits += 1 }
        if lookups == trial, hits == 0 {
            remembers = false
            results.removeAll()
        }
        return known
    }

    mutating func remember(_ evaluations: [CompiledRule.Evaluation], for key: [Int]) {
        guard remembers else { return }
        if results.count >= Self.capacity, results[key] == nil { results.removeAll(keepingCapacity: true) }
        results.file(evaluations, for: key)
    }

    /// How a group's results are kept by render.
    enum Keying {
        /// Not at all: the group reads the state's id.
        case never
        /// By the render, the environment and the group's parameters.
        case render
        /// By those and by the state's values where its facts and transitions depend on it
        /// (``seenBeyondRender(of:folded:)``).
        case renderAndReads
    }

    static func keying(_ group: RuleGroup) -> Keying {
        guard !group.footprint.readsStateID else { return .never }
        let beyond = StateDocument.Child.Kind.fact.bit | StateDocument.Child.Kind.transition.bit
        return group.kinds & beyond == 0 ? .render : .renderAndReads
    }

    /// The positions of `snapshot`'s state on which its facts and transitions may depend
    /// beyond its render, one bit each: the dimensions its body and its block's additions
    /// read (``Snapshot/dimensionsRead``; a body reads the value of a binding it sets, and
    /// additions read the state only through their context), and those its transitions
    /// change. A template's change is written only where it changes the value, so two
    /// states of one render that agree on these positions write every transition alike: a
    /// position where one of them writes a change is among its positions, so the other
    /// holds the same value there and writes the same change. Nil when the kit does not say
    /// what was read, when the state has more than 64 dimensions, or when a transition leads
    /// to another region; nil too when the positions and the `folded` settings' positions
    /// (`Folding.Region.mask`) hold every dimension: such a key names one representative,
    /// whose twins already find each other's results (`TwinResults`), and keeping them would
    /// only cost.
    static func seenBeyondRender(of snapshot: Snapshot, folded: UInt64) -> UInt64? {
        let state = snapshot.state
        let count = state.valueIndices.count
        guard var positions = snapshot.dimensionsRead, count <= UInt64.bitWidth else { return nil }
        let every: UInt64 = count == UInt64.bitWidth ? .max : 1 << UInt64(count) - 1
        guard (positions | folded) & every != every else { return nil }
        for transition in snapshot.transitions {
            let resulting = transition.resultingState
            guard resulting.dimensions == state.dimensions else { return nil }
            for position in state.valueIndices.indices where resulting.valueIndices[position] != state.valueIndices[position] {
                positions |= 1 << UInt64(position)
            }
        }
        return (positions | folded) & every == every ? nil : positions
    }

    /// `key` followed by `positions` and the values `state` holds there.
    static func append(_ positions: UInt64, of state: BlockState, to key: inout [Int]) {
        key.append(Int(truncatingIfNeeded: positions))
        var rest = positions
        while rest != 0 {
            key.append(state.valueIndices[rest.trailingZeroBitCount])
            rest &= rest - 1
        }
    }

    /// The start of a folded state's key for one group: the group's fold key (its number and
    /// the values of the settings it sees, `StateEvaluator.foldKey`), the render, and the
    /// environment's text size and width (what the settings leave of it). The parameters the
    /// group reads follow (`RuleGroup.appendParameters(of:to:)`); room is made for a few.
    static func key(foldKey: Int, render: Int, environment: AccessibilityEnvironment) -> [Int] {
        var key: [Int] = []
        key.reserveCapacity(12)
        key.append(foldKey)
        key.append(render)
        key.append(environment.contentSize.rawValue)
        key.append(Int(truncatingIfNeeded: environment.width.bitPattern))
        return key
    }
}
