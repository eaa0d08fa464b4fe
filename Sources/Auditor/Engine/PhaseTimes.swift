import Dispatch

/// Time spent in each phase of an audit, summed over workers: each worker measures its
/// own elapsed time per phase, so on a busy machine the sum can exceed the CPU used.
public struct PhaseTimes: Sendable {
    public var enumerate = 0.0
    public var render = 0.0
    /// Building and updating libxml2 documents for what the memo misses.
    public var document = 0.0
    /// Splitting states into children, memo lookups and rule evaluation.
    public var evaluate = 0.0

    public var total: Double { enumerate + render + document + evaluate }

    mutating func add(_ other: PhaseTimes) {
        enumerate += other.enumerate
        render += other.render
        document += other.document
        evaluate += other.evaluate
    }

    /// Runs `work` and adds its duration to the phase at `phase`.
    @inline(__always)
    static func measure<T>(_ phase: inout Double, _ work: () throws(InputError) -> T) throws(InputError) -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        defer { phase += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
        return try work()
    }
}
