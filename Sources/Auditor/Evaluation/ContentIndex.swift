/// Finds a value's number by content when the values are kept in the caller's array: the
/// index holds hashes and numbers, not a second copy of each value.
///
/// An element view is some 400 bytes; a dictionary keyed by views would keep every view
/// twice, once in the array that numbers them and once in buckets sized for growth. Equal
/// hashes are only a hint: a number is returned only when `matches` confirms its value.
struct ContentIndex {
    /// The first number filed under each hash (hashes are spread already: an ``IntTable``
    /// takes them without hashing them again), and any later ones that share it.
    private var first = IntTable<Int>()
    private var sharing: [Int: [Int]] = [:]

    /// The number filed under `hash` whose value `matches` confirms, if any.
    func number(hash: Int, where matches: (Int) -> Bool) -> Int? {
        guard let number = first[hash] else { return nil }
        if matches(number) { return number }
        return sharing[hash]?.first(where: matches)
    }

    /// Files `number` under its value's `hash`.
    mutating func file(_ number: Int, hash: Int) {
        if first[hash] == nil {
            first[hash] = number
        } else {
            sharing[hash, default: []].append(number)
        }
    }

    mutating func removeAll() {
        first.removeAll(keepingCapacity: true)
        sharing.removeAll()
    }
}
