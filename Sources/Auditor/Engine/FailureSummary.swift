import AccessibilityModel

/// What a failing rule's states have in common, in words a reviewer can act on: "fails
/// whenever size ≥ AX3 and width = 320", "fails in every audited state".
///
/// It is worked out from per-value counts (``ValueTally``) of the block's audited states
/// and of the rule's failing states, so it costs nothing per state to keep. The conditions
/// are the smallest set of dimension values that every failing state has: per dimension, the
/// values failing states are confined to, when that is fewer than all audited values, and of
/// those dimensions the fewest that still single out exactly the failing states.
/// "Whenever" is said only when it is known that every audited state meeting the conditions
/// fails; otherwise the summary says "only when", which is always true.
public struct FailureSummary: Sendable, Hashable {
    public enum Reach: Sendable, Hashable {
        /// Every audited state fails.
        case everyState
        /// Every audited state meeting all the conditions fails, and no other.
        case whenever
        /// Failing states all meet the conditions, but some states that meet them pass.
        case onlyWhen
        /// No value is common to all failing states, but every audited state meeting any
        /// one of the conditions fails.
        case wheneverAny
        /// Failing states share no value and no value always fails.
        case noCommonValue
    }

    /// One dimension's part of a summary: the values it is confined to.
    public struct Condition: Sendable, Hashable {
        public var dimension: String
        /// The values, in the dimension's order.
        public var values: [String]
        /// How the condition reads: `size ≥ AX3`, `width = 320`, `selection ∈ {music, travel}`.
        public var text: String
    }

    public var reach: Reach
    public var conditions: [Condition]
    public var failingStates: Int
    public var auditedStates: Int
    /// Audited states meeting the conditions (all of them; for ``Reach/wheneverAny`` any of
    /// them), when the audited states are whole products of values and so can be counted.
    public var matchingStates: Int?

    /// The summary as a clause: "fails whenever size ≥ AX3 and width = 320".
    public var text: String {
        switch reach {
        case .everyState:
            return "fails in every audited state"
        case .whenever:
            return "fails whenever \(joined("and"))"
        case .onlyWhen:
            let share = matchingStates.map { " (\(Count.grouped(failingStates)) of those \(Count($0, "state")))" } ?? ""
            return "fails only when \(joined("and"))\(share)"
        case .wheneverAny:
            guard let matchingStates else {
                return "fails whenever \(joined("or")), and \(Count.grouped(failingStates)) of \(Count(auditedStates, "state")) in all"
            }
            let others = failingStates - matchingStates
            return "fails whenever \(joined("or"))" + (others > 0 ? ", and in \(Count(others, "other state"))" : "")
        case .noCommonValue:
            return "fails in \(Count.grouped(failingStates)) of \(Count(auditedStates, "state")), with no dimension value common to them all"
        }
    }

    /// The summary as a sentence: "Fails whenever size ≥ AX3 and width = 320."
    public var sentence: String { text.prefix(1).uppercased() + text.dropFirst() + "." }

    private func joined(_ word: String) -> String { conditions.map(\.text).joined(separator: " \(word) ") }

    /// The summary of a rule's failures in one block, or nil when the rule passed or its
    /// failing states were not tallied (an outcome read back from a report).
    public init?(_ rule: RuleOutcome, in block: BlockOutcome) {
        guard let space = block.stateSpace else { return nil }
        self.init(space: space, audited: block.audited, failing: rule.failingValues,
                  failingStates: rule.failingStates, auditedStates: block.states)
    }

    /// The summary from tallies over `space`; nil when nothing failed or the tallies do not
    /// account for the states.
    public init?(space: StateSpace, audited: ValueTally, failing: ValueTally, failingStates: Int, auditedStates: Int) {
        let dimensions = space.dimensions
        guard failingStates > 0, auditedStates > 0, failing.states == failingStates, audited.states == auditedStates,
              audited.counts.count == dimensions.count, failing.counts.count <= dimensions.count else { return nil }
        self.failingStates = failingStates
        self.auditedStates = auditedStates
        conditions = []
        matchingStates = nil
        if failingStates == auditedStates {
            reach = .everyState
            return
        }

        let auditedValues = dimensions.indices.map { d in
            dimensions[d].values.indices.filter { audited.count(dimension: d, value: $0) > 0 }
        }
        let failingValues = dimensions.indices.map { d in
            auditedValues[d].filter { failing.count(dimension: d, value: $0) > 0 }
        }
        func condition(_ d: Int, _ values: [Int]) -> Condition {
            Self.condition(dimensions[d], values: values, among: auditedValues[d])
        }
        let census = Census(space: space, auditedValues: auditedValues, states: auditedStates)

        let confined = dimensions.indices.filter { failingValues[$0].count < auditedValues[$0].count }
        if !confined.isEmpty {
            /// The audited values with only `chosen` dimensions confined to failing values.
            func choice(_ chosen: [Int]) -> [[Int]] {
                dimensions.indices.map { chosen.contains($0) ? failingValues[$0] : auditedValues[$0] }
            }
            let chosen: [Int]?
            if let census {
                // The fewest confined dimensions whose values hold no passing state.
                chosen = Self.subsets(of: confined).first { census.count(choice($0)) == failingStates }
                if chosen == nil { matchingStates = census.count(choice(confined)) }
            } else {
                // Without a census, one dimension is known to be enough when every state
                // with its values fails.
                chosen = confined.first { d in
                    failingValues[d].reduce(0) { $0 + audited.count(dimension: d, value: $1) } == failingStates
                }.map { [$0] }
            }
            reach = chosen == nil ? .onlyWhen : .whenever
            conditions = (chosen ?? confined).map { condition($0, failingValues[$0]) }
            return
        }

        // No value is common to all failing states: name the values that always fail.
        let alwaysFailing = dimensions.indices.map { d in
            auditedValues[d].filter { failing.count(dimension: d, value: $0) == audited.count(dimension: d, value: $0) }
        }
        var sufficient = dimensions.indices.filter { !alwaysFailing[$0].isEmpty }
        guard !sufficient.isEmpty else {
            reach = .noCommonValue
            return
        }
        reach = .wheneverAny
        if let census {
            /// Audited states meeting at least one condition of `chosen`.
            func covered(_ chosen: [Int]) -> Int {
                auditedStates - census.count(dimensions.indices.map { d in
                    chosen.contains(d) ? auditedValues[d].filter { !alwaysFailing[d].contains($0) } : auditedValues[d]
                })
            }
            let all = covered(sufficient)
            // A condition whose states the others already cover says nothing more.
            for d in sufficient.reversed() where covered(sufficient.filter { $0 != d }) == all {
                sufficient.removeAll { $0 == d }
            }
            matchingStates = all
        }
        conditions = sufficient.map { condition($0, alwaysFailing[$0]) }
    }

    /// Every subset of `items`, smallest first, each in the order of `items`.
    static func subsets(of items: [Int]) -> [[Int]] {
        guard items.count <= 12 else { return [items] }
        var result: [[Int]] = [[]]
        for item in items { result += result.map { $0 + [item] } }
        return result.dropFirst().sorted { $0.count != $1.count ? $0.count < $1.count : $0.lexicographicallyPrecedes($1) }
    }

    /// How a dimension's values read among its audited values: a range for an ordered
    /// dimension when they are consecutive, else the shorter of the values and the rest.
    static func condition(_ dimension: Dimension, values: [Int], among audited: [Int]) -> Condition {
        let names = values.map { dimension.values[$0] }
        let name = dimension.name
        func set(_ items: [String]) -> String { "{\(items.joined(separator: ", "))}" }
        let text: String
        if values.count == 1 {
            text = "\(name) = \(names[0])"
        } else if isOrdered(dimension), let first = audited.firstIndex(of: values[0]),
                  audited[first..<min(audited.count, first + values.count)].elementsEqual(values) {
            if first + values.count == audited.count {
                text = "\(name) ≥ \(names[0])"
            } else if first == 0 {
                text = "\(name) ≤ \(names[names.count - 1])"
            } else {
                text = "\(name) \(names[0]) … \(names[names.count - 1])"
            }
        } else {
            let rest = audited.filter { !values.contains($0) }.map { dimension.values[$0] }
            if rest.count == 1 {
                text = "\(name) ≠ \(rest[0])"
            } else if rest.count < names.count {
                text = "\(name) ∉ \(set(rest))"
            } else {
                text = "\(name) ∈ \(set(names))"
            }
        }
        return Condition(dimension: name, values: names, text: text)
    }

    /// Whether a dimension's values have an order worth reading as ranges: Dynamic Type
    /// sizes or numbers, listed in ascending order.
    static func isOrdered(_ dimension: Dimension) -> Bool {
        let values = dimension.values
        let sizes = values.compactMap(ContentSizeCategory.init(token:))
        if sizes.count == values.count { return zip(sizes, sizes.dropFirst()).allSatisfy { $0 < $1 } }
        let numbers = values.compactMap(Double.init)
        return numbers.count == values.count && zip(numbers, numbers.dropFirst()).allSatisfy { $0 < $1 }
    }

    /// The audited states as whole products of values, one per region of the space, when
    /// they are: then the states meeting any per-dimension choice of values can be counted
    /// from the space alone. A `--where` selection is such a set; a part of one may not be.
    struct Census {
        /// Per region, per dimension, the audited values the region has.
        let regions: [[Set<Int>]]

        init?(space: StateSpace, auditedValues: [[Int]], states: Int) {
            regions = space.regions.map { region in
                region.enumerated().map { d, dimension in
                    Set(dimension.values.compactMap { space.dimensions[d].values.firstIndex(of: $0) })
                        .intersection(auditedValues[d])
                }
            }
            // Every audited state is in this union; equal counts make it the whole union.
            guard count(auditedValues) == states else { return nil }
        }

        /// The states, in the union, whose value in each dimension is among `values`.
        func count(_ values: [[Int]]) -> Int {
            regions.reduce(0) { total, region in
                total + region.indices.reduce(1) { product, d in product * values[d].filter(region[d].contains).count }
            }
        }
    }
}
