/// A covering array of strength two: rows of value positions in which every pair of values
/// of any two dimensions appears at least once.
///
/// Many faults need only one value, or two values together, to show; a pairwise selection
/// finds those in a few hundred states where the product has hundreds of thousands. The
/// rows are built in parameter order (IPOG): the two largest dimensions' product first,
/// then each further dimension is added to the existing rows (each row takes the value
/// covering most missing pairs, the lowest on a tie), and rows are appended only for
/// pairs still missing. Nothing here lists the product: the work depends on the rows and
/// the pairs of values, not on how many states the domains multiply to. Every choice
/// breaks ties by position, so the same domains always give the same rows.
public enum PairwiseCovering {
    /// Rows covering every pair of values of dimensions with the given domain sizes. Each
    /// row holds one position (`0..<sizes[d]`) per dimension, in the order of `sizes`.
    /// No rows when a domain is empty; one empty row when there are no dimensions.
    public static func rows(sizes: [Int]) -> [[Int]] {
        precondition(sizes.allSatisfy { $0 >= 0 }, "a domain has a size of zero or more")
        if sizes.contains(0) { return [] }
        guard sizes.count >= 2 else { return sizes.isEmpty ? [[]] : (0..<sizes[0]).map { [$0] } }

        // Largest domains first: their product is the floor on the row count anyway, and
        // later, smaller dimensions then fit into rows that already exist.
        let order = sizes.indices.sorted { (sizes[$0], -$0) > (sizes[$1], -$1) }
        let ordered = order.map { sizes[$0] }
        var rows: [[Int]] = []
        for first in 0..<ordered[0] {
            for second in 0..<ordered[1] {
                rows.append([first, second] + Array(repeating: unset, count: ordered.count - 2))
            }
        }
        for dimension in 2..<ordered.count {
            extend(&rows, with: dimension, sizes: ordered)
        }

        // Positions no pair needed take each dimension's first value; merging them can make
        // two rows alike, and one of them is enough.
        var seen = Set<[Int]>()
        var result: [[Int]] = []
        for row in rows {
            var original = Array(repeating: 0, count: sizes.count)
            for (position, dimension) in order.enumerated() { original[dimension] = max(row[position], 0) }
            if seen.insert(original).inserted { result.append(original) }
        }
        return result
    }

    /// A position that no pair has needed yet.
    private static let unset = -1

    /// Adds dimension `k` (in parameter order) to every row, then rows for the pairs with
    /// earlier dimensions that are still missing.
    private static func extend(_ rows: inout [[Int]], with k: Int, sizes: [Int]) {
        var missing = Pairs(sizes: sizes, dimension: k)

        // Horizontal growth: each row takes the value that covers most missing pairs.
        for index in rows.indices {
            var best = unset
            var bestGain = 0
            for value in 0..<sizes[k] {
                var gain = 0
                for j in 0..<k where rows[index][j] != unset && missing.contains(j, rows[index][j], value) { gain += 1 }
                if gain > bestGain {
                    best = value
                    bestGain = gain
                }
            }
            guard best != unset else { continue }
            rows[index][k] = best
            for j in 0..<k where rows[index][j] != unset { missing.remove(j, rows[index][j], best) }
        }

        // Vertical growth: each missing pair goes into the first row that can take it
        // without changing a value already set, or into a new row.
        for j in 0..<k {
            for a in 0..<sizes[j] {
                for value in 0..<sizes[k] where missing.contains(j, a, value) {
                    if let index = rows.firstIndex(where: { $0[k] == value && $0[j] == unset }) {
                        rows[index][j] = a
                        missing.remove(j, a, value)
                    } else if let index = rows.firstIndex(where: { $0[k] == unset && ($0[j] == a || $0[j] == unset) }) {
                        rows[index][j] = a
                        rows[index][k] = value
                        for other in 0..<k where rows[index][other] != unset { missing.remove(other, rows[index][other], value) }
                    } else {
                        var row = Array(repeating: unset, count: sizes.count)
                        row[j] = a
                        row[k] = value
                        rows.append(row)
                        missing.remove(j, a, value)
                    }
                }
            }
        }
    }

    /// The pairs between dimension `dimension` and each earlier one that no row covers yet.
    private struct Pairs {
        /// One flag per (earlier dimension, its value, this dimension's value).
        private var flags: [Bool]
        private let offsets: [Int]
        private let width: Int

        init(sizes: [Int], dimension: Int) {
            width = sizes[dimension]
            var offsets: [Int] = []
            var total = 0
            for j in 0..<dimension {
                offsets.append(total)
                total += sizes[j] * width
            }
            self.offsets = offsets
            flags = Array(repeating: true, count: total)
        }

        func contains(_ j: Int, _ a: Int, _ value: Int) -> Bool { flags[offsets[j] + a * width + value] }

        mutating func remove(_ j: Int, _ a: Int, _ value: Int) { flags[offsets[j] + a * width + value] = false }
    }
}

extension StateSelection {
    /// A few states of this selection in which every pair of values that two dimensions
    /// take together in one of its regions appears at least once (`--coverage pairwise`).
    ///
    /// Pairs are covered within each region of the space, over the values the selection
    /// allows; a region's dimensions with one allowed value simply carry it. The result is
    /// deterministic and holds each chosen state once, in region order. A strided view (one
    /// shard's share) is covered as the whole selection it was taken from, so cover first,
    /// then split.
    public func pairwiseCovering() -> StateSelection {
        var chosen: [Part] = []
        for part in parts {
            for row in PairwiseCovering.rows(sizes: part.allowed.map(\.count)) {
                chosen.append(Part(dimensions: part.dimensions,
                                   allowed: zip(part.allowed, row).map { [$0[$1]] }))
            }
        }
        return StateSelection(parts: chosen)
    }
}
