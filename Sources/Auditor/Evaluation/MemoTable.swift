/// Where a memo (`RuleGroup.Memo`) keeps its results: a dictionary for keys of any kind, an
/// ``IntTable`` for whole numbers.
protocol MemoTable {
    associatedtype Key: Hashable

    init()
    var count: Int { get }
    /// The key as it was filed, and its results: a key that holds a buffer comes back as
    /// stored, not as asked with, so the caller may reuse the buffer it asked with.
    func entry(for key: Key) -> (key: Key, results: [CompiledRule.Evaluation])?
    /// Files `results` under `key`, in place of what it held.
    mutating func file(_ results: [CompiledRule.Evaluation], for key: Key)
    mutating func removeAll(keepingCapacity: Bool)
}

extension Dictionary: MemoTable where Value == [CompiledRule.Evaluation] {
    func entry(for key: Key) -> (key: Key, results: [CompiledRule.Evaluation])? {
        guard let index = index(forKey: key) else { return nil }
        let stored = self[index]
        return (stored.key, stored.value)
    }

    mutating func file(_ results: [CompiledRule.Evaluation], for key: Key) {
        self[key] = results
    }
}

extension IntTable: MemoTable where Value == [CompiledRule.Evaluation] {
    typealias Key = Int

    func entry(for key: Int) -> (key: Int, results: [CompiledRule.Evaluation])? {
        self[key].map { (key, $0) }
    }
}
