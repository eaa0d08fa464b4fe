import AccessibilityModel

/// States that follow one another in a selection and differ only in trailing dimensions
/// that no rule and no part of their snapshots reads: one evaluation stands for all of
/// them, and they are counted together rather than visited one by one.
///
/// Every state of a run shows the same document but for its id and the parameters of
/// those dimensions, which no rule reads; the engine checks both before it makes a run
/// longer than one state (``AuditEngine``).
struct StateRun {
    /// The first state, and its position in the whole selection.
    let first: BlockState
    let position: Int
    /// The first state's space-wide value indices (``ValueTally/Indexer``).
    let values: [Int]
    private(set) var length = 1
    /// The positions of the trailing dimensions the states differ in.
    private var trailing: [Int] = []
    /// Per state, row by row, the trailing dimensions' value indices in the region and in
    /// the whole space.
    private var regionValues: [Int] = []
    private var spaceValues: [Int] = []

    init(first: BlockState, position: Int, values: [Int]) {
        self.first = first
        self.position = position
        self.values = values
    }

    /// The run of `length` states from `first` on, which differ only in the last
    /// `trailing` dimensions, whose allowed values are `allowed`.
    init(first: BlockState, position: Int, values: [Int], length: Int, allowed: [[Int]], indexer: ValueTally.Indexer) {
        self.init(first: first, position: position, values: values)
        guard length > 1 else { return }
        self.length = length
        let count = allowed.count
        trailing = Array(first.valueIndices.indices.suffix(count))
        var digits = zip(trailing, allowed).map { position, allowed in allowed.firstIndex(of: first.valueIndices[position]) ?? 0 }
        regionValues.reserveCapacity(length * count)
        spaceValues.reserveCapacity(length * count)
        for _ in 0..<length {
            for (index, position) in trailing.enumerated() {
                let value = allowed[index][digits[index]]
                regionValues.append(value)
                spaceValues.append(indexer.index(of: value, at: position, in: first))
            }
            // The next state: the last dimension fastest.
            var index = count - 1
            while index >= 0 {
                digits[index] += 1
                if digits[index] < allowed[index].count { break }
                digits[index] = 0
                index -= 1
            }
        }
    }

    /// The state at `offset` in the run.
    func state(at offset: Int) -> BlockState {
        var state = first
        for (index, position) in trailing.enumerated() {
            state = state.with(dimensionAt: position, valueAt: regionValues[offset * trailing.count + index])
        }
        return state
    }

    /// The space-wide value indices of the state at `offset`.
    func values(at offset: Int) -> [Int] {
        var values = values
        for (index, position) in trailing.enumerated() { values[position] = spaceValues[offset * trailing.count + index] }
        return values
    }

    /// Counts every state of the run.
    func add(to tally: inout ValueTally) {
        tally.add(values, times: length)
        for (index, position) in trailing.enumerated() {
            tally.add(-length, at: position, value: values[position])
            for offset in 0..<length { tally.add(1, at: position, value: spaceValues[offset * trailing.count + index]) }
        }
    }
}
