import AccessibilityModel

/// Per dimension, how many states took each value: the audited states of a block, or the
/// failing states of a rule.
///
/// It is what lets a report say which dimension values failures are confined to without
/// keeping the states: its size is the sum of the dimensions' domains, whatever the number
/// of states. Value indices are positions in the state space's ``StateSpace/dimensions``
/// (see ``Indexer``), so states of different regions count alike.
public struct ValueTally: Sendable, Hashable {
    /// The counts of every dimension one after another, each dimension's from ``starts``:
    /// every audited state is counted here, for its block and for each rule it fails, and
    /// one array reached through one buffer costs a few instructions a dimension where a
    /// list per dimension costs a check of its own. Grown as values are seen, so an empty
    /// tally needs no shape.
    private var flat: [Int] = []
    /// Where each dimension's counts start in ``flat``, and how many values it has room for.
    private var starts: [Int] = []
    private var sizes: [Int] = []

    /// `counts[dimension][value]`.
    public var counts: [[Int]] {
        starts.indices.map { Array(flat[starts[$0]..<end(of: $0)]) }
    }

    public init() {}

    /// A tally with these counts, as a report records them.
    public init(counts: [[Int]]) {
        for values in counts {
            starts.append(flat.count)
            sizes.append(values.count)
            flat += values
        }
    }

    private func end(of dimension: Int) -> Int { starts[dimension] + sizes[dimension] }

    /// Counts one state, given its value index per dimension.
    public mutating func add(_ values: [Int]) { add(values, times: 1) }

    /// Counts `times` states alike in every dimension.
    mutating func add(_ values: [Int], times: Int) {
        if !holds(values) { grow(toHold: values) }
        values.withUnsafeBufferPointer { values in
            starts.withUnsafeBufferPointer { starts in
                flat.withUnsafeMutableBufferPointer { flat in
                    for dimension in values.indices { flat[starts[dimension] + values[dimension]] += times }
                }
            }
        }
    }

    /// Adds `count` (negative to take away) to one value's count.
    mutating func add(_ count: Int, at dimension: Int, value: Int) {
        if dimension >= sizes.count || value >= sizes[dimension] {
            var values = Array(repeating: 0, count: dimension + 1)
            values[dimension] = value
            grow(toHold: values)
        }
        flat[starts[dimension] + value] += count
    }

    /// Whether every dimension of `values` has room for its value.
    private func holds(_ values: [Int]) -> Bool {
        guard values.count <= sizes.count else { return false }
        return values.withUnsafeBufferPointer { values in
            sizes.withUnsafeBufferPointer { sizes in
                for dimension in values.indices where values[dimension] >= sizes[dimension] { return false }
                return true
            }
        }
    }

    /// Makes room for `values`, keeping every count: seldom, since a dimension grows only
    /// until its largest value has been seen.
    private mutating func grow(toHold values: [Int]) {
        var counts = counts
        if counts.count < values.count { counts += Array(repeating: [], count: values.count - counts.count) }
        for (dimension, value) in values.enumerated() where counts[dimension].count <= value {
            counts[dimension] += Array(repeating: 0, count: value + 1 - counts[dimension].count)
        }
        self = ValueTally(counts: counts)
    }

    /// Adds another tally's counts, as workers' tallies combine.
    public mutating func merge(_ other: ValueTally) {
        var counts = counts
        let others = other.counts
        if counts.count < others.count { counts += Array(repeating: [], count: others.count - counts.count) }
        for (dimension, values) in others.enumerated() {
            if counts[dimension].count < values.count {
                counts[dimension] += Array(repeating: 0, count: values.count - counts[dimension].count)
            }
            for (value, count) in values.enumerated() { counts[dimension][value] += count }
        }
        self = ValueTally(counts: counts)
    }

    /// How many states took `value` of `dimension`.
    public func count(dimension: Int, value: Int) -> Int {
        guard dimension < sizes.count, value < sizes[dimension] else { return 0 }
        return flat[starts[dimension] + value]
    }

    /// How many states were counted (every state has a value in every dimension).
    public var states: Int { starts.isEmpty ? 0 : flat[0..<end(of: 0)].reduce(0, +) }

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
            let region = regions.first { $0.dimensions.isStorage(of: state.dimensions) }
                ?? regions.first { $0.dimensions == state.dimensions }
            return region?.indices ?? Self.indices(of: state.dimensions, lookup)
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
