import AccessibilityModel
import Testing

@Suite("Pairwise coverage: every pair of values of two dimensions appears in some chosen state")
struct PairwiseCoveringTests {
    /// Domain sizes of small spaces, covered and checked by brute force.
    static let smallSpaces: [[Int]] = [
        [2, 2], [3, 3, 3], [2, 2, 2, 2, 2, 2, 2], [4, 3, 2, 1], [1, 1, 1], [5, 1, 4, 2, 3],
        [7, 2], [3, 4, 5, 6], [2, 9, 2, 9], [6, 6, 6, 6, 6], [10, 10, 2, 2, 2, 2, 2],
        // ScopeHeader's shape: scope, chips, on, count, stuck, onFilters, size, motion, width, direction.
        [3, 3, 16, 2, 2, 2, 12, 2, 3, 2],
    ]

    /// The pairs (d1, v1, d2, v2) with d1 < d2 that no row holds.
    static func uncoveredPairs(_ rows: [[Int]], sizes: [Int]) -> [[Int]] {
        var missing: [[Int]] = []
        for d1 in sizes.indices {
            for d2 in sizes.indices where d2 > d1 {
                var seen = Set<[Int]>()
                for row in rows { seen.insert([row[d1], row[d2]]) }
                for v1 in 0..<sizes[d1] {
                    for v2 in 0..<sizes[d2] where !seen.contains([v1, v2]) { missing.append([d1, v1, d2, v2]) }
                }
            }
        }
        return missing
    }

    @Test("every pair of values of every two dimensions is in at least one row", arguments: smallSpaces)
    func coversEveryPair(sizes: [Int]) {
        let rows = PairwiseCovering.rows(sizes: sizes)
        #expect(rows.allSatisfy { row in row.count == sizes.count && zip(row, sizes).allSatisfy { $0 >= 0 && $0 < $1 } })
        #expect(Self.uncoveredPairs(rows, sizes: sizes).isEmpty)
    }

    @Test("every value of a single dimension is in some row, and no row repeats", arguments: smallSpaces + [[4], [1]])
    func singleValuesAndNoRepeats(sizes: [Int]) {
        let rows = PairwiseCovering.rows(sizes: sizes)
        for (dimension, size) in sizes.enumerated() {
            #expect(Set(rows.map { $0[dimension] }) == Set(0..<size))
        }
        #expect(Set(rows).count == rows.count)
    }

    @Test("the same domains always give the same rows", arguments: smallSpaces)
    func deterministic(sizes: [Int]) {
        #expect(PairwiseCovering.rows(sizes: sizes) == PairwiseCovering.rows(sizes: sizes))
    }

    @Test("rows are far fewer than the product and close to the largest two domains' product",
          arguments: smallSpaces.filter { $0.filter { $0 > 1 }.count >= 3 })
    func small(sizes: [Int]) {
        let rows = PairwiseCovering.rows(sizes: sizes).count
        let product = sizes.reduce(1, *)
        let floor = sizes.sorted(by: >).prefix(2).reduce(1, *)
        #expect(rows >= floor)
        #expect(rows < product)
        #expect(Double(rows) <= 2.5 * Double(floor), "\(rows) rows for a floor of \(floor)")
    }

    @Test("ScopeHeader's 165,888 states shrink to about two hundred")
    func scopeHeaderShape() {
        let rows = PairwiseCovering.rows(sizes: [3, 3, 16, 2, 2, 2, 12, 2, 3, 2]).count
        #expect(rows >= 16 * 12 && rows <= 240, "\(rows) rows")
    }

    @Test("an empty domain gives no rows; no dimensions give the one empty state")
    func degenerate() {
        #expect(PairwiseCovering.rows(sizes: [3, 0, 2]).isEmpty)
        #expect(PairwiseCovering.rows(sizes: []) == [[]])
        #expect(PairwiseCovering.rows(sizes: [3]) == [[0], [1], [2]])
    }

    // MARK: Selections

    static let regions = StateSpace(regions: [
        [Dimension("tabs", values: ["few"]), Dimension("selection", values: ["a", "b", "c"]),
         Dimension("size", values: ["S", "M", "L", "XL"]), .motion, .direction],
        [Dimension("tabs", values: ["many"]), Dimension("selection", values: ["d", "e", "f", "g", "h"]),
         Dimension("size", values: ["S", "M", "L", "XL"]), .motion, .direction],
    ])

    @Test("in a union of regions, pairs are covered within each region, with that region's states")
    func coversEachRegion() {
        let exhaustive = Self.regions.all
        let pairwise = exhaustive.pairwiseCovering()
        let ids = Set(exhaustive.map(\.id))
        #expect(pairwise.allSatisfy { ids.contains($0.id) })
        #expect(Set(pairwise.map(\.id)).count == pairwise.count)
        for region in ["few", "many"] {
            let inRegion = pairwise.filter { $0["tabs"] == region }
            let all = exhaustive.filter { $0["tabs"] == region }
            let names = Self.regions.dimensions.map(\.name)
            for (i, first) in names.enumerated() {
                for second in names[(i + 1)...] {
                    let wanted = Set(all.map { [$0[first], $0[second]] })
                    let found = Set(inRegion.map { [$0[first], $0[second]] })
                    #expect(wanted == found, "\(region): \(first) × \(second)")
                }
            }
        }
        #expect(pairwise.count < exhaustive.count)
    }

    @Test("a --where filter is kept: only allowed values appear, and their pairs are all covered")
    func respectsFilter() throws {
        let filter = try StateFilter(parsing: ["motion=reduced", "size=L"], in: Self.regions)
        let selection = Self.regions.states(matching: filter)
        let pairwise = selection.pairwiseCovering()
        #expect(pairwise.allSatisfy { $0["motion"] == "reduced" && $0["size"] == "L" })
        let wanted = Set(selection.map { [$0["selection"], $0["direction"]] })
        #expect(Set(pairwise.map { [$0["selection"], $0["direction"]] }) == wanted)
    }

    @Test("a selection with no states stays empty")
    func emptySelection() throws {
        let filter = try StateFilter(parsing: ["motion=reduced", "motion=full"], in: Self.regions)
        #expect(Self.regions.states(matching: filter).pairwiseCovering().isEmpty)
    }
}
