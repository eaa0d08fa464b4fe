@testable import Auditor
import Testing

/// A table by mixed key finds what a dictionary finds: keys that differ in one field only,
/// keys equal in their numbers but not their state ids, lists of numbers that differ in
/// order or length, replacements, and clearing.
@Suite("Mixed table: values by a key of several numbers, as a dictionary keeps them")
struct MixedTableTests {
    /// The `index`th memo key: few enough distinct ones that some repeat and are replaced,
    /// each field varied on its own.
    static func memoKey(_ index: Int) -> MemoKey {
        MemoKey(parameters: index % 3 == 0 ? [] : [index % 3, index % 5],
                stateID: index % 7 == 0 ? "" : "state-\(index % 4)",
                environment: index % 11 - 1,
                children: Array(0..<(index % 6)).map { $0 * (index % 13) })
    }

    /// The `index`th list of numbers: lengths 0 to 4, the same numbers in other orders.
    static func numbers(_ index: Int) -> [Int] {
        let numbers = Array(0..<(index % 5)).map { ($0 + index) % 9 - 4 }
        return index % 2 == 0 ? numbers : numbers.reversed()
    }

    @Test("filing and looking up memo keys agree with a dictionary, across clearing")
    func memoKeysAgreeWithDictionary() {
        agreeWithDictionary(Self.memoKey)
    }

    @Test("filing and looking up lists of numbers agree with a dictionary, across clearing")
    func numbersAgreeWithDictionary() {
        agreeWithDictionary(Self.numbers)
    }

    func agreeWithDictionary<Key: Mixable & Hashable>(_ key: (Int) -> Key) {
        var table = MixedTable<Key, Int>()
        var expected: [Key: Int] = [:]
        for round in 0..<2 {
            for index in 0..<3_000 {
                #expect(table[key(index)] == expected[key(index)])
                table.file(index + round, for: key(index))
                expected[key(index)] = index + round
                #expect(table.filed(key(index))?.key == key(index))
                #expect(table[key(index)] == index + round)
                #expect(table[key(index + 1)] == expected[key(index + 1)])
            }
            #expect(table.count == expected.count)
            table.removeAll(keepingCapacity: round == 0)
            expected.removeAll()
            #expect(table.count == 0)
            #expect((0..<50).allSatisfy { table[key($0)] == nil })
        }
    }

    @Test("memo keys equal only as canonically equivalent state ids are filed apart, each found by its own bytes")
    func canonicallyEquivalentTexts() {
        let composed = MemoKey(parameters: [1], stateID: "café", environment: 0, children: [])
        let decomposed = MemoKey(parameters: [1], stateID: "cafe\u{301}", environment: 0, children: [])
        #expect(composed == decomposed)
        var table = MixedTable<MemoKey, Int>()
        table.file(1, for: composed)
        table.file(2, for: decomposed)
        #expect(table.count == 2)
        #expect(table.filed(composed)?.value == 1)
        #expect(table.filed(decomposed)?.value == 2)
    }

    @Test("memo keys alike but for one field are told apart")
    func oneFieldApart() {
        let base = MemoKey(parameters: [1, 2], stateID: "", environment: 3, children: [4, 5])
        var keys = [base, base, base, base, base]
        keys[1].parameters = [1, 3]
        keys[2].stateID = "s"
        keys[3].environment = 4
        keys[4].children = [5, 4]
        var table = MixedTable<MemoKey, Int>()
        for (index, key) in keys.enumerated() { table.file(index, for: key) }
        #expect(table.count == keys.count)
        for (index, key) in keys.enumerated() { #expect(table[key] == index) }
    }
}
