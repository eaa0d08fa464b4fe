import AccessibilityModel

/// States that follow one another in a selection and differ only in trailing dimensions
/// that no rule and no part of their snapshots reads: one evaluation stands for all of
/// them, and they are counted together rather than visited one by one.
///
/// Every state of a run shows the same document but for its id and the parameters of
/// those dimensions, which no rule reads; the engine checks both before it makes a run
/// longer than one state (``AuditEngine``). A run is counted in one step; only what names
/// states one by one (samples, baseline entries, the findings log) looks at its states.
struct StateRun {
    /// The first state, and its position in the whole selection.
    let first: BlockState
    let position: Int
    /// The first state's space-wide value indices (``ValueTally/Indexer``).
    let values: [Int]
    private(set) var length = 1
    /// The trailing dimensions' allowed value indices, and the first state's place among them.
    private var allowed: [[Int]] = []
    private var digits: [Int] = []
    private var indexer: ValueTally.Indexer?

    init(first: BlockState, position: Int, values: [Int]) {
        self.first = first
        self.position = position
        self.values = values
    }

    /// The run of `length` states from `first` on, which differ only in the last
    /// `allowed.count` dimensions, whose allowed values are `allowed`.
    init(first: BlockState, position: Int, values: [Int], length: Int, allowed: [[Int]], indexer: ValueTally.Indexer) {
        self.init(first: first, position: position, values: values)
        guard length > 1 else { return }
        self.length = length
        self.allowed = allowed
        self.indexer = indexer
        let trailing = first.valueIndices.count - allowed.count
        digits = allowed.enumerated().map { index, values in values.firstIndex(of: first.valueIndices[trailing + index]) ?? 0 }
    }

    /// The trailing dimensions' value indices in the region of the state at `offset`: the
    /// last dimension fastest.
    private func trailingValues(at offset: Int) -> [Int] {
        var digits = digits
        var carry = offset
        for index in allowed.indices.reversed() where carry > 0 {
            let sum = digits[index] + carry
            digits[index] = sum % allowed[index].count
            carry = sum / allowed[index].count
        }
        return zip(allowed, digits).map { $0[$1] }
    }

    /// The state at `offset` in the run.
    func state(at offset: Int) -> BlockState {
        guard offset > 0 else { return first }
        var state = first
        let trailing = first.valueIndices.count - allowed.count
        for (index, value) in trailingValues(at: offset).enumerated() {
            state = state.with(dimensionAt: trailing + index, valueAt: value)
        }
        return state
    }

    /// The space-wide value indices of the state at `offset`.
    func values(at offset: Int) -> [Int] {
        guard offset > 0, let indexer else { return values }
        var values = values
        let trailing = first.valueIndices.count - allowed.count
        for (index, value) in trailingValues(at: offset).enumerated() {
            values[trailing + index] = indexer.index(of: value, at: trailing + index, in: first)
        }
        return values
    }

    /// Counts every state of the run. A whole block of the trailing dimensions' values
    /// takes each of them equally often, and is counted without visiting its states.
    func add(to tally: inout ValueTally) {
        tally.add(values, times: length)
        guard length > 1, let indexer else { return }
        let trailing = first.valueIndices.count - allowed.count
        for index in allowed.indices { tally.add(-length, at: trailing + index, value: values[trailing + index]) }
        if digits.allSatisfy({ $0 == 0 }), length == allowed.reduce(1, { $0 * $1.count }) {
            for (index, values) in allowed.enumerated() {
                for value in values {
                    tally.add(length / values.count, at: trailing + index, value: indexer.index(of: value, at: trailing + index, in: first))
                }
            }
        } else {
            for offset in 0..<length {
                for (index, value) in trailingValues(at: offset).enumerated() {
                    tally.add(1, at: trailing + index, value: indexer.index(of: value, at: trailing + index, in: first))
                }
            }
        }
    }
}
