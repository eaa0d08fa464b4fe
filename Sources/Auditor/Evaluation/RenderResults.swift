import AccessibilityModel

/// What the groups that see a folded setting gave a folded state, kept by its render, so
/// that another folded state of the same render need not be rendered or evaluated again.
///
/// Two snapshots with the same ``RenderIdentity`` show the same elements and scroll regions
/// (the kit's promise), and a folded state's environment is its representative's under its
/// own settings. So a group whose view holds only elements, scroll regions, the environment
/// and parameters (no facts, no transitions, not the state's id) sees the same view in two
/// folded states that agree on the render, on the settings the group sees, on the rest of
/// the environment and on the parameters it reads. The kit lays a body out once for all the
/// states that agree on what it read, so such states are common: states that differ only in
/// an input the body does not show in them (which filters are on while no filter is drawn)
/// share a render, and so do their direction and colour twins.
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
    private var results: [[Int]: [CompiledRule.Evaluation]] = [:]
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
            results = [:]
        }
        return known
    }

    mutating func remember(_ evaluations: [CompiledRule.Evaluation], for key: [Int]) {
        guard remembers else { return }
        if results.count >= Self.capacity, results[key] == nil { results.removeAll(keepingCapacity: true) }
        results[key] = evaluations
    }

    /// Whether a group's view is fixed by the render, the environment and its parameters.
    static func keys(_ group: RuleGroup) -> Bool {
        let others = StateDocument.Child.Kind.fact.bit | StateDocument.Child.Kind.transition.bit
        return !group.footprint.readsStateID && group.kinds & others == 0
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
