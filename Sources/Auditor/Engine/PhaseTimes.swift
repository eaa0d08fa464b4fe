import Dispatch

/// Time spent in each phase of an audit, summed over workers: each worker measures its
/// own elapsed time per phase, so on a busy machine the sum can exceed the CPU used.
public struct PhaseTimes: Sendable {
    public var enumerate = 0.0
    public var render = 0.0
    /// Building and updating libxml2 documents for what the memo misses.
    public var document = 0.0
    /// Splitting states into children, memo lookups, rule evaluation and counting the
    /// results: the rest of the workers' time.
    public var evaluate = 0.0

    public var total: Double { enumerate + render + document + evaluate }

    /// Enumerating is timed on one state in this many and scaled to all of them: stepping
    /// to the next state takes about as long as reading the clock twice.
    static let enumerateSampling = 32

    mutating func add(_ other: PhaseTimes) {
        enumerate += other.enumerate
        render += other.render
        document += other.document
        evaluate += other.evaluate
    }

    /// Runs `work`, timing it when `count` is a multiple of `interval`: then its duration
    /// is added to `sampled`, which counts the runs timed. `count` counts every run.
    @inline(__always)
    static func measure<T>(_ sampled: inout (seconds: Double, runs: Int), every interval: Int, counting count: inout Int,
                           _ work: () throws(InputError) -> T) throws(InputError) -> T {
        defer { count += 1 }
        guard count % interval == 0 else { return try work() }
        sampled.runs += 1
        return try measure(&sampled.seconds, work)
    }

    /// Runs `work`, untimed, where its caller times the phase: as ``measure(_:_:)`` runs
    /// it, in a closure, which the optimiser treats better in the audit's loop than the same
    /// statements written inline (measured: 3 % fewer instructions on a sample).
    @inline(__always)
    static func untimed<T>(_ work: () throws(InputError) -> T) throws(InputError) -> T { try work() }

    /// Runs `work` and adds its duration to the phase at `phase`.
    @inline(__always)
    static func measure<T>(_ phase: inout Double, _ work: () throws(InputError) -> T) throws(InputError) -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        defer { phase += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
        return try work()
    }
}
