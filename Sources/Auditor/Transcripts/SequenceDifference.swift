/// How one sequence became another: a longest-common-subsequence alignment whose unmatched
/// items are read as moved, changed, removed or added.
///
/// Shared by the approved-transcript diff (approved lines → model lines) and the device
/// comparison (model stops → recorded utterances), so both say the same thing about the
/// same edit. Reading the unmatched items:
/// - an item removed in one place and an equal item added in another was **moved**;
/// - between two matched items, removed and added items are paired in order as
///   **changed** (same place, other words), preferring pairs that share the most words;
/// - what is left was **removed** or **added**.
struct SequenceDifference: Sendable {
    enum Change: Sendable, Hashable {
        case removed(old: Int)
        case added(new: Int)
        case changed(old: Int, new: Int)
        case moved(old: Int, new: Int)
    }

    /// The changes in the order of the alignment (old positions first where both apply).
    let changes: [Change]
    /// The items the alignment kept, as (old, new) positions in order.
    let matches: [(old: Int, new: Int)]

    var isEmpty: Bool { changes.isEmpty }

    /// - Parameters:
    ///   - same: whether old item `i` and new item `j` are the same item.
    ///   - similarity: how alike two unequal items are (shared words); only ranks pairings.
    init(oldCount: Int, newCount: Int, same: (Int, Int) -> Bool, similarity: (Int, Int) -> Int) {
        let steps = Self.align(oldCount: oldCount, newCount: newCount, same: same)

        // Hunks: the runs of unmatched items between matched ones.
        var hunks: [(removed: [Int], added: [Int])] = []
        var current: (removed: [Int], added: [Int]) = ([], [])
        var matches: [(old: Int, new: Int)] = []
        for step in steps {
            switch step {
            case .match(let old, let new):
                matches.append((old, new))
                if !current.removed.isEmpty || !current.added.isEmpty { hunks.append(current) }
                current = ([], [])
            case .remove(let old): current.removed.append(old)
            case .add(let new): current.added.append(new)
            }
        }
        if !current.removed.isEmpty || !current.added.isEmpty { hunks.append(current) }

        // Moves: an unmatched old item equal to an unmatched new item, first come first paired.
        var movedTo: [Int: Int] = [:]
        var movedNew: Set<Int> = []
        let allAdded = hunks.flatMap(\.added)
        for old in hunks.flatMap(\.removed) {
            if let new = allAdded.first(where: { !movedNew.contains($0) && same(old, $0) }) {
                movedTo[old] = new
                movedNew.insert(new)
            }
        }

        var changes: [Change] = []
        for hunk in hunks {
            let removed = hunk.removed.filter { movedTo[$0] == nil }
            let added = hunk.added.filter { !movedNew.contains($0) }
            let pairs = Self.pair(removed, added, similarity: similarity)
            var pairedOld: [Int: Int] = [:]
            for pair in pairs { pairedOld[pair.old] = pair.new }
            let pairedNew = Set(pairs.map(\.new))
            for old in hunk.removed {
                if let new = movedTo[old] {
                    changes.append(.moved(old: old, new: new))
                } else if let new = pairedOld[old] {
                    changes.append(.changed(old: old, new: new))
                } else {
                    changes.append(.removed(old: old))
                }
            }
            for new in added where !pairedNew.contains(new) { changes.append(.added(new: new)) }
        }
        self.changes = changes
        self.matches = matches
    }

    private enum Step { case match(Int, Int), remove(Int), add(Int) }

    /// The classic dynamic programme over suffixes; removals come before additions in a hunk.
    private static func align(oldCount: Int, newCount: Int, same: (Int, Int) -> Bool) -> [Step] {
        let width = newCount + 1
        var length = [Int](repeating: 0, count: (oldCount + 1) * width)
        if oldCount > 0, newCount > 0 {
            for i in stride(from: oldCount - 1, through: 0, by: -1) {
                for j in stride(from: newCount - 1, through: 0, by: -1) {
                    length[i * width + j] = same(i, j)
                        ? length[(i + 1) * width + j + 1] + 1
                        : max(length[(i + 1) * width + j], length[i * width + j + 1])
                }
            }
        }
        var steps: [Step] = []
        var i = 0, j = 0
        while i < oldCount || j < newCount {
            if i < oldCount, j < newCount, same(i, j), length[i * width + j] == length[(i + 1) * width + j + 1] + 1 {
                steps.append(.match(i, j))
                i += 1
                j += 1
            } else if i < oldCount, j == newCount || length[(i + 1) * width + j] >= length[i * width + j + 1] {
                steps.append(.remove(i))
                i += 1
            } else {
                steps.append(.add(j))
                j += 1
            }
        }
        return steps
    }

    /// Pairs removed with added items in order, as many as possible, preferring alike pairs:
    /// a small alignment that scores each pair 1 plus its similarity.
    private static func pair(_ removed: [Int], _ added: [Int], similarity: (Int, Int) -> Int) -> [(old: Int, new: Int)] {
        guard !removed.isEmpty, !added.isEmpty else { return [] }
        let m = removed.count, n = added.count, width = n + 1
        var score = [Int](repeating: 0, count: (m + 1) * width)
        for i in stride(from: m - 1, through: 0, by: -1) {
            for j in stride(from: n - 1, through: 0, by: -1) {
                let paired = score[(i + 1) * width + j + 1] + 1 + similarity(removed[i], added[j])
                score[i * width + j] = max(paired, score[(i + 1) * width + j], score[i * width + j + 1])
            }
        }
        var pairs: [(old: Int, new: Int)] = []
        var i = 0, j = 0
        while i < m, j < n {
            let paired = score[(i + 1) * width + j + 1] + 1 + similarity(removed[i], added[j])
            if score[i * width + j] == paired {
                pairs.append((removed[i], added[j]))
                i += 1
                j += 1
            } else if score[i * width + j] == score[(i + 1) * width + j] {
                i += 1
            } else {
                j += 1
            }
        }
        return pairs
    }
}

/// How many words two token lists share, counting repeats: the similarity both comparisons
/// rank pairings by.
func sharedWordCount(_ first: [String], _ second: [String]) -> Int {
    var counts: [String: Int] = [:]
    for word in first { counts[word, default: 0] += 1 }
    var shared = 0
    for word in second where counts[word, default: 0] > 0 {
        counts[word]! -= 1
        shared += 1
    }
    return shared
}
