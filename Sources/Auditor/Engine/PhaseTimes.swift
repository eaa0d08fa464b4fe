import Dispatch

/// Time spent in each phase of an audit, summed over workers: each worker measures its
/// own elapsed time per phase, so on a busy machine the sum can exceed the CPU used.
public struct PhaseTimes: Sendable {
    public var enumerate = 0.0
    public var render = 0.0
    public var document = 0.0
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
