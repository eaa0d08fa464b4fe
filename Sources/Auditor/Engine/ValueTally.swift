import AccessibilityModel

/// Per dimension, how many states took each value: the audited states of a block, or the
/// failing states of a rule.
///
/// It is what lets a report say which dimension values failures are confined to without
/// keeping the states: its size is the sum of the dimensions' domains, whatever the number
/// of states. Value indices are positions in the state space's ``StateSpace/dimensions``
/// (see ``Indexer``), so states of different regions count alike.
public struct ValueTally: Sendable, Hashable {
    /// `counts[dimension][value]`; grown as values are seen, so an empty tally needs no shape.
    public private(set) var counts: [[Int]] = []

    public init() {}

    /// A tally with these counts, as a report records them.
    public init(counts: [[Int]]) { self.counts = counts }

    /// Counts one state, given its value index per dimension.
    public mutating func add(_ values: [Int]) { add(values, times: 1) }

    /// Counts `times` states alike in every dimension.
    mutating func add(_ values: [Int], times: Int) {
        if counts.count < values.count { counts += Array(repeating: [], count: values.count - counts.count) }
        // Every audited state comes here, for the block and for each rule it fails: the
        // dimensions' lists are reached through one buffer, not checked out one by one.
        counts.withUnsafeMutableBufferPointer { counts in
            for (dimension, value) in values.enumerated() {
                if counts[dimension].count <= value {
                    counts[dimension] += Array(repeating: 0, count: value + 1 - counts[dimension].count)
                }
                counts[dimension][value] += times
            }
        }
    }

    /// Adds `count` (negative to take away) to one value's count.
    mutating func add(_ count: Int, at dimension: Int, value: Int) {
        if counts[dimension].count <= value {
            counts[dimension] += Array(repeating: 0, count: value + 1 - counts[dimension].count)
        }
        counts[dimension][value] += count
    }

    /// Adds another tally's counts, as workers' tallies combine.
    public mutating func merge(_ other: ValueTally) {
        if counts.count < other.counts.count { counts += Array(repeating: [], count: other.counts.count - counts.count) }
        for (dimension, values) in other.counts.enumerated() {
            if counts[dimension].count < values.count {
                counts[dimension] += Array(repeating: 0, count: values.count - counts[dimension].count)
            }
            for (value, count) in values.enumerated() { counts[dimension][value] += count }
        }
    }

    /// How many states took `value` of `dimension`.
    public func count(dimension: Int, value: Int) -> Int {
        guard dimension < counts.count, value < counts[dimension].count else { return 0 }
        return counts[dimension][value]
    }

    /// How many states were counted (every state has a value in every dimension).
    public var states: Int { counts.first?.reduce(0, +) ?? 0 }

    /// Turns a state's value indices, which count within its region, into indices among
    /// the values of the whole space.
    public struct Indexer: Sendable {
        /// Per dimension, the space-wide index of each value by name; nil when the space is
        /// one region, whose indices already are space-wide.
        private let lookup: [[String: Int]]?
        /// Per region, the space-wide indices by dimension and value index: a state's region
        /// is found by comparing dimension lists, which share storage with the space's, so a
        /// state is indexed without looking its values up by name.
        private let regions: [(dimensions: [Dimension], indices: [[Int]])]

        public init(_ space: StateSpace) {
            let lookup = space.regions.count == 1 ? nil : space.dimensions.map { dimension in
                Dictionary(dimension.values.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
            }
            self.lookup = lookup
            regions = lookup.map { lookup in space.regions.map { ($0, Self.indices(of: $0, lookup)) } } ?? []
        }

        /// The space-wide index of each value of each of `dimensions`.
        private static func indices(of dimensions: [Dimension], _ lookup: [[String: Int]]) -> [[Int]] {
            dimensions.enumerated().map { position, dimension in dimension.values.map { lookup[position][$0] ?? 0 } }
        }

        /// The space-wide indices of `state`'s region; nil when the space is one region.
        private func indices(of state: BlockState) -> [[Int]]? {
            guard let lookup else { return nil }
            return regions.first { $0.dimensions == state.dimensions }?.indices ?? Self.indices(of: state.dimensions, lookup)
        }

        /// The space-wide index of value `index` of the dimension at `position` of `state`'s region.
        func index(of index: Int, at position: Int, in state: BlockState) -> Int {
            indices(of: state)?[position][index] ?? index
        }

        public func values(of state: BlockState) -> [Int] {
            guard let indices = indices(of: state) else { return state.valueIndices }
            return state.valueIndices.enumerated().map { indices[$0][$1] }
        }
    }
}
