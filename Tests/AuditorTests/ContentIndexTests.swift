@testable import Auditor
import Testing

/// Numbers by content hold hashes, not values: a shared hash never makes two values one.
@Suite("Content index: values numbered by content, kept once")
struct ContentIndexTests {
    /// Numbers `values` as the projection tables do, with `hash` standing in for the
    /// values' own hashes, so that the test chooses which of them collide.
    static func numbers(of values: [String], hash: (String) -> Int) -> [Int] {
        var index = ContentIndex()
        var kept: [String] = []
        return values.map { value in
            if let known = index.number(hash: hash(value), where: { kept[$0] == value }) { return known }
            index.file(kept.count, hash: hash(value))
            kept.append(value)
            return kept.count - 1
        }
    }

    /// How the test's hashes fall: each value its own, all alike, or alike by length.
    enum Hashes: String, CaseIterable, CustomTestStringConvertible {
        case own, allAlike = "all alike", byLength = "alike by length"

        func hash(_ value: String) -> Int {
            switch self {
            case .own: value.hashValue
            case .allAlike: 7
            case .byLength: value.count
            }
        }

        var testDescription: String { rawValue }
    }

    @Test("equal values get one number, different values different numbers, however their hashes fall",
          arguments: Hashes.allCases)
    func numbering(_ hashes: Hashes) {
        let values = ["tab.a", "tab.b", "tab.a", "indicator", "tab.b", "tab.c", "indicator", "tab.a"]
        #expect(Self.numbers(of: values, hash: hashes.hash) == [0, 1, 0, 2, 1, 3, 2, 0])
    }

    @Test("an emptied index finds nothing it held")
    func emptied() {
        var index = ContentIndex()
        index.file(0, hash: 1)
        index.file(1, hash: 1)
        #expect(index.number(hash: 1, where: { $0 == 1 }) == 1)
        index.removeAll()
        #expect(index.number(hash: 1, where: { _ in true }) == nil)
    }
}
