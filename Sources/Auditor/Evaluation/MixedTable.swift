import AccessibilityModel

/// A key that folds itself into one word (`HashMix`), for a ``MixedTable``.
protocol Mixable: Equatable {
    /// Equal keys mix equally, but where their texts are mixed by their bytes
    /// (`HashMix.add(bytesOf:)`): texts equal only as canonically equivalent may mix
    /// apart, and the second is then filed as a key of its own, a lookup that misses and
    /// never one that finds a wrong value.
    var mixed: Int { get }
}

/// Values by a key of several numbers, found through the key's mix in a ``ContentIndex``
/// rather than through a dictionary: a dictionary hashes each of the key's numbers with a
/// round of a seeded SipHash, which was most of what looking a memo's key up cost. Entries
/// are only added or replaced, and cleared all at once.
struct MixedTable<Key: Mixable, Value> {
    private var keys: [Key] = []
    private var values: [Value] = []
    private var index = ContentIndex()

    init() {}

    var count: Int { keys.count }

    /// The key as it was filed, and its value.
    func filed(_ key: Key) -> (key: Key, value: Value)? {
        guard let place = place(of: key, mixed: key.mixed) else { return nil }
        return (keys[place], values[place])
    }

    subscript(key: Key) -> Value? { filed(key)?.value }

    /// Files `value` under `key`, in place of what it held; gives where it is filed.
    @discardableResult
    mutating func file(_ value: Value, for key: Key) -> Int {
        let mixed = key.mixed
        if let place = place(of: key, mixed: mixed) {
            values[place] = value
            return place
        }
        index.file(keys.count, hash: mixed)
        keys.append(key)
        values.append(value)
        return keys.count - 1
    }

    /// Where `key` is filed, nil when it is not. A place holds its entry until the table
    /// is cleared.
    func place(of key: Key) -> Int? { place(of: key, mixed: key.mixed) }

    /// Whether the entry at `place` is filed under `key`, compared where it lies.
    func holds(_ key: Key, at place: Int) -> Bool { keys[place] == key }

    func value(at place: Int) -> Value { values[place] }

    mutating func removeAll(keepingCapacity: Bool = false) {
        keys.removeAll(keepingCapacity: keepingCapacity)
        values.removeAll(keepingCapacity: keepingCapacity)
        index.removeAll()
    }

    private func place(of key: Key, mixed: Int) -> Int? {
        index.number(hash: mixed) { keys[$0] == key }
    }
}

extension Array: Mixable where Element == Int {
    var mixed: Int {
        var mix = HashMix()
        mix.add(self)
        return mix.number
    }
}
