/// Where a memo (`RuleGroup.Memo`) keeps its results: a ``MixedTable`` for views, an
/// ``IntTable`` for units, whose keys are whole numbers.
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

extension IntTable: MemoTable where Value == [CompiledRule.Evaluation] {
    typealias Key = Int

    func entry(for key: Int) -> (key: Int, results: [CompiledRule.Evaluation])? {
        self[key].map { (key, $0) }
    }
}

extension MixedTable: MemoTable where Key == MemoKey, Value == [CompiledRule.Evaluation] {
    func entry(for key: MemoKey) -> (key: MemoKey, results: [CompiledRule.Evaluation])? {
        filed(key).map { ($0.key, $0.value) }
    }
}
