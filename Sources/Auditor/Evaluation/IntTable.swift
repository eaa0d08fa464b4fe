/// Values by whole-number key, for the evaluator's busiest lookups: units by their
/// context's and projection's numbers, and numbers by content hash.
///
/// A dictionary hashes every key with a seeded SipHash round, about 90 instructions, which
/// was most of what looking a number up cost. These keys are numbers the evaluator made
/// itself, so one multiply by the golden ratio spreads them well enough (Fibonacci hashing:
/// the product's top bits pick the slot). Open addressing with linear probing, at most half
/// full. Entries are only added or replaced, and cleared all at once, which is all the
/// evaluator's tables do.
struct IntTable<Value> {
    private var keys: [Int] = []
    private var values: [Value] = []
    /// Per slot, the place of its entry in `keys` and `values`, plus one; 0 where empty.
    private var slots: [UInt32] = []
    /// 64 less the slots' bit count: the product's top bits are the slot.
    private var shift: UInt64 = 64

    init() {}

    var count: Int { keys.count }
    var isEmpty: Bool { keys.isEmpty }

    /// The value filed under `key`; setting nil is not supported (entries are cleared all at once).
    subscript(key: Int) -> Value? {
        get { place(of: key).map { values[$0] } }
        set {
            guard let newValue else { preconditionFailure("an IntTable's entries are cleared all at once") }
            file(newValue, for: key)
        }
    }

    /// Files `value` under `key`, in place of what it held; gives where it is filed.
    @discardableResult
    mutating func file(_ value: Value, for key: Int) -> Int {
        if let place = place(of: key) {
            values[place] = value
            return place
        }
        if (keys.count + 1) * 2 > slots.count { grow() }
        slots.withUnsafeMutableBufferPointer { slots in
            let mask = slots.count - 1
            var slot = Self.slot(of: key, shift: shift)
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = UInt32(keys.count + 1)
        }
        keys.append(key)
        values.append(value)
        return keys.count - 1
    }

    /// Whether the entry at `place` is filed under `key`.
    func holds(_ key: Int, at place: Int) -> Bool { keys[place] == key }

    func value(at place: Int) -> Value { values[place] }

    mutating func removeAll(keepingCapacity: Bool = false) {
        keys.removeAll(keepingCapacity: keepingCapacity)
        values.removeAll(keepingCapacity: keepingCapacity)
        if keepingCapacity {
            slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        } else {
            slots = []
            shift = 64
        }
    }

    /// Where `key`'s entry lies in `keys` and `values`, nil when it is not filed. A place
    /// holds its entry until the table is cleared.
    func place(of key: Int) -> Int? {
        guard !slots.isEmpty else { return nil }
        return slots.withUnsafeBufferPointer { slots in
            keys.withUnsafeBufferPointer { keys in
                let mask = slots.count - 1
                var slot = Self.slot(of: key, shift: shift)
                while true {
                    let entry = Int(slots[slot])
                    if entry == 0 { return nil }
                    if keys[entry - 1] == key { return entry - 1 }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    @inline(__always)
    private static func slot(of key: Int, shift: UInt64) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// Twice the slots (16 at first), every entry placed again.
    private mutating func grow() {
        let capacity = max(16, slots.count * 2)
        shift = UInt64(64 - capacity.trailingZeroBitCount)
        slots = Array(repeating: 0, count: capacity)
        let shift = shift
        slots.withUnsafeMutableBufferPointer { slots in
            let mask = capacity - 1
            for (place, key) in keys.enumerated() {
                var slot = Self.slot(of: key, shift: shift)
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = UInt32(place + 1)
            }
        }
    }
}
