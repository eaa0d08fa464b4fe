import AccessibilityModel

/// Audited states that share one evaluation of a rule and are counted together: a run of
/// neighbouring states (``StateRun``), or the states of a representative's block that a rule
/// group cannot tell apart (``TwinClass``). What names states one by one (samples, baseline
/// entries, the findings log) reads them through this; counts take ``length`` at once.
protocol CountedStates {
    /// How many states.
    var length: Int { get }
    /// The position of the state at `offset` in the whole selection; positions grow with
    /// the offset.
    func position(at offset: Int) -> Int
    /// The state at `offset`.
    func state(at offset: Int) -> BlockState
    /// The space-wide value indices of the state at `offset` (``ValueTally/Indexer``).
    func values(at offset: Int) -> [Int]
    /// Counts every state into `tally`.
    func add(to tally: inout ValueTally)
}

extension StateRun: CountedStates {
    func position(at offset: Int) -> Int { position + offset }
}
