import AccessibilityModel

/// One of N jobs an audit is split into (`--shard K/N`, K counted from 1).
///
/// Job K audits, of each block's selected states, those at positions p with
/// p % N == K - 1. Interleaving rather than cutting ranges spreads every dimension's slow
/// values (the largest text sizes, say) over all jobs, so they finish together; N jobs hold
/// every state exactly once, and merging their reports (`a11y-audit merge`) gives the
/// findings of one unsplit run.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// This job's number, 1…count.
    public let index: Int
    /// The number of jobs.
    public let count: Int

    /// How `--shard` is written, for error messages.
    public static let form = "--shard takes K/N: this job's number K and the number of jobs N, whole numbers with 1 ≤ K ≤ N ≤ 100000 (--shard 2/4)"

    /// The most jobs an audit may be split into.
    public static let maximumCount = 100_000

    public init?(index: Int, count: Int) {
        guard (1...Self.maximumCount).contains(count), (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `K/N`.
    public init(parsing text: String) throws(InputError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let index = Int(parts[0]), let count = Int(parts[1]), let shard = Shard(index: index, count: count) else {
            throw InputError("\(Self.form), not '\(text)'")
        }
        self = shard
    }

    public var description: String { "\(index)/\(count)" }

    /// This job's share of a block's selected states.
    public func share(of selection: StateSelection) -> StateSelection {
        count == 1 ? selection : selection.strided(from: index - 1, by: count)
    }
}
