/// Each rule's evaluation on one state, as folding finds it: a representative's
/// evaluations (`shared`), but for the groups that saw how the state differs from it
/// (`replaced`), whose rules take their own.
///
/// Most audited states are folded, and most of their rules take the representative's
/// results: holding its array and the few groups' arrays as they are, rather than writing
/// them into a copy, spares every folded state an array of all the rules and its teardown.
struct FoldedEvaluations {
    let shared: [CompiledRule.Evaluation]
    /// The groups' rules and evaluations; each rule at most once.
    private(set) var replaced: [Replacement] = []

    /// A group's rules, and their evaluations in the same order. A struct, not a tuple: a
    /// list of tuples is torn down through the generic witnesses of tuples and of each of
    /// their fields, for every folded state.
    struct Replacement {
        var rules: [Int]
        var evaluations: [CompiledRule.Evaluation]
    }

    /// `groups`: how many groups may be replaced, so that the list is made once.
    init(_ shared: [CompiledRule.Evaluation], groups: Int = 0) {
        self.shared = shared
        replaced.reserveCapacity(groups)
    }

    mutating func replace(_ rules: [Int], with evaluations: [CompiledRule.Evaluation]) {
        replaced.append(Replacement(rules: rules, evaluations: evaluations))
    }

    /// Every rule's evaluation, in rule order.
    var all: [CompiledRule.Evaluation] {
        var all = shared
        for replacement in replaced {
            for (rule, evaluation) in zip(replacement.rules, replacement.evaluations) { all[rule] = evaluation }
        }
        return all
    }

    /// Counts every passing rule (subjects found, none failing) `length` times into
    /// `counts`, and calls `failing` with every failing rule's index and evaluation: the
    /// rules taken from the representative first, in order, then the replaced groups'
    /// rules. Each rule is met once.
    ///
    /// A passing evaluation is read where it lies, and the representative's are counted
    /// by ``PassingCounts`` once for all the states that take them alike. Most rules pass
    /// in most states, and handing each out as a value retained and released its failures
    /// and its group's arrays: some 75 reference counts for every audited state.
    /// `context` is handed to `failing` with each failing rule: a closure that captured it
    /// instead held a copy of it, made for every audited state.
    func tally<Context>(_ length: Int, into counts: inout PassingCounts, with context: Context,
                        failing: (Int, CompiledRule.Evaluation, Context) -> Void) {
        func visit(_ rule: Int, _ evaluations: [CompiledRule.Evaluation], _ position: Int) {
            guard !evaluations[position].hasFailures else {
                failing(rule, evaluations[position], context)
                return
            }
            let found = evaluations[position].subjects
            guard found > 0 else { return }
            counts.count(rule, found: found, length: length)
        }
        guard shared.count <= UInt64.bitWidth else {
            let all = all
            for index in all.indices { visit(index, all, index) }
            return
        }
        var taken: UInt64 = 0
        for group in replaced.indices {
            for rule in replaced[group].rules { taken |= 1 << UInt64(rule) }
        }
        var failingShared = counts.count(taking: shared, except: taken, length: length) & ~taken
        while failingShared != 0 {
            let rule = failingShared.trailingZeroBitCount
            failing(rule, shared[rule], context)
            failingShared &= failingShared - 1
        }
        for group in replaced.indices {
            for position in replaced[group].rules.indices {
                visit(replaced[group].rules[position], replaced[group].evaluations, position)
            }
        }
    }
}
