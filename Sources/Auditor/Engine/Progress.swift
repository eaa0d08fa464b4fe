import Synchronization

/// How many states an audit has done, for a progress line.
///
/// Workers add a chunk's count when they finish it (one relaxed atomic add per chunk, so
/// watching costs them nothing measurable); a ticker on another thread reads it.
public final class AuditProgress: Sendable {
    /// The states the audit will do in all.
    public let total: Int
    private let done = Atomic<Int>(0)

    public init(total: Int) { self.total = total }

    /// States done so far.
    public var completed: Int { done.load(ordering: .relaxed) }

    func add(_ states: Int) { done.add(states, ordering: .relaxed) }
}
