@testable import Auditor
import Testing

/// A table by whole-number key finds what a dictionary finds, whatever the keys: spread
/// hashes, small counting numbers, multiples of a large power of two (which a multiply
/// alone would gather into few slots), and the extremes.
@Suite("Int table: values by whole-number key, as a dictionary keeps them")
struct IntTableTests {
    enum Keys: String, CaseIterable, CustomTestStringConvertible {
        case counting, hashes, powerOfTwoApart = "a power of two apart", extremes

        /// The `index`th key of this kind; a few repeat, so that entries are replaced.
        func key(_ index: Int) -> Int {
            switch self {
            case .counting: index % 700
            case .hashes: (index % 900).hashValue
            case .powerOfTwoApart: (index % 600) << 40
            case .extremes: [Int.min, Int.max, 0, -1, 1][index % 5] ^ (index % 300)
            }
        }

        var testDescription: String { rawValue }
    }

    @Test("filing and looking up agree with a dictionary, across growth and clearing", arguments: Keys.allCases)
    func agreesWithDictionary(keys: Keys) {
        var table = IntTable<Int>()
        var expected: [Int: Int] = [:]
        for round in 0..<3 {
            for index in 0..<2_000 {
                let key = keys.key(index)
                // Look up a key before and after filing it, and one not filed yet.
                #expect(table[key] == expected[key])
                table[key] = index + round
                expected[key] = index + round
                #expect(table[key] == index + round)
                #expect(table[keys.key(index + 1)] == expected[keys.key(index + 1)])
            }
            #expect(table.count == expected.count)
            // Cleared, keeping the slots or not: nothing is found, and filing starts afresh.
            table.removeAll(keepingCapacity: round == 0)
            expected.removeAll()
            #expect(table.isEmpty)
            #expect((0..<50).allSatisfy { table[keys.key($0)] == nil })
        }
    }

    @Test("a unit memo on the table remembers, replaces and forgets as one on a dictionary")
    func unitMemo() {
        var memo = RuleGroup.UnitMemo(trial: 1_000)
        let first = [CompiledRule.Evaluation(subjects: 1)], second = [CompiledRule.Evaluation(subjects: 2)]
        memo.remember(first, for: 3 << 32 | 5)
        memo.remember(second, for: 3 << 32 | 6)
        #expect(memo.peek(3 << 32 | 5)?.first?.subjects == 1)
        memo.remember(second, for: 3 << 32 | 5)
        #expect(memo.lookUp(3 << 32 | 5)?.first?.subjects == 2)
        #expect(memo.count == 2)
        memo.removeAll()
        #expect(memo.peek(3 << 32 | 6) == nil && memo.count == 0)
    }
}
