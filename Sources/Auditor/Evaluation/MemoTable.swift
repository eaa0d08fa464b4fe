/// Where a memo (`RuleGroup.Memo`) keeps its results: a ``MixedTable`` for views, an
/// ``IntTable`` for units, whose keys are whole numbers. Entries are found by their place,
/// which holds them until the table is cleared, so a memo remembers the entry it met last
/// by its place and compares its key where it lies, rather than keeping a copy of the key
/// and the results.
protocol MemoTable {
    associatedtype Key: Hashable

    init()
    var count: Int { get }
    /// Where `key` is filed, nil when it is not.
    func place(of key: Key) -> Int?
    /// Whether the entry at `place` is filed under `key`.
    func holds(_ key: Key, at place: Int) -> Bool
    /// The results filed at `place`.
    func results(at place: Int) -> [CompiledRule.Evaluation]
    /// Files `results` under `key`, in place of what it held; gives where they are filed.
    @discardableResult
    mutating func file(_ results: [CompiledRule.Evaluation], for key: Key) -> Int
    mutating func removeAll(keepingCapacity: Bool)
}

extension IntTable: MemoTable where Value == [CompiledRule.Evaluation] {
    typealias Key = Int

    func results(at place: Int) -> [CompiledRule.Evaluation] { value(at: place) }
}

extension MixedTable: MemoTable where Key == MemoKey, Value == [CompiledRule.Evaluation] {
    func results(at place: Int) -> [CompiledRule.Evaluation] { value(at: place) }
}
