/// What the groups that see a folded setting gave the states folded onto one
/// representative, by fold key (`StateEvaluator.foldKey`: the group and the values of the
/// settings it sees).
///
/// A representative has at most fifteen twins, and a group tells only a few of them
/// apart, so a representative holds a handful of entries, asked for once or twice for
/// every state folded onto it: they are kept in a list searched from its end (the entry
/// filed last is the one asked for most), which costs less than hashing a key, and only a
/// representative with more entries than ``listLimit`` files them in a dictionary.
struct TwinResults {
    static let listLimit = 48

    private var keys: [Int] = []
    private var results: [[CompiledRule.Evaluation]] = []
    private var table: [Int: [CompiledRule.Evaluation]]?

    var count: Int { table?.count ?? keys.count }

    subscript(key: Int) -> [CompiledRule.Evaluation]? {
        if let table { return table[key] }
        return place(of: key).map { results[$0] }
    }

    /// Files `evaluations` under `key`, in place of what it held.
    mutating func file(_ evaluations: [CompiledRule.Evaluation], for key: Int) {
        if table != nil {
            table![key] = evaluations
        } else if let place = place(of: key) {
            results[place] = evaluations
        } else {
            keys.append(key)
            results.append(evaluations)
            if keys.count > Self.listLimit {
                table = Dictionary(uniqueKeysWithValues: zip(keys, results))
                keys = []
                results = []
            }
        }
    }

    /// Forgets every entry, keeping the lists' room for the next representative's.
    mutating func removeAll() {
        keys.removeAll(keepingCapacity: true)
        results.removeAll(keepingCapacity: true)
        table = nil
    }

    private func place(of key: Int) -> Int? {
        var index = keys.count - 1
        while index >= 0 {
            if keys[index] == key { return index }
            index -= 1
        }
        return nil
    }
}
