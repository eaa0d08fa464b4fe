import Synchronization

/// The positions of a selection, shared out among workers: each worker owns a list of
/// runs and works through them from the front, a chunk at a time; a worker whose runs are
/// done takes chunks from the back of the worker with the most left.
///
/// Neighbouring states look alike to the rules, so a worker that meets them together
/// finds them in its own memo (two workers interleaving small chunks would each evaluate
/// what the other already has); taking from the back keeps the workers finishing
/// together while cutting the others' runs as little as possible.
///
/// What a worker owns is either one contiguous range (``init(count:workers:)``) or the
/// states of some values of a dimension most views depend on (``init(shares:)``, from
/// `StateSelection.shares(_:dealingOut:)`): the views of one text size are then met by
/// one worker only, where two halves of the positions each met every text size's views
/// and each worker's memo learned them again.
final class StateRanges: Sendable {
    /// States a worker takes at a time: enough to keep the lock cold.
    static let chunkSize = 64

    /// A worker's runs: those before `next` are handed out, and `left` positions remain.
    private struct Share {
        var runs: [Range<Int>]
        var next = 0
        var left: Int

        init(_ runs: [Range<Int>]) {
            self.runs = runs.filter { !$0.isEmpty }
            left = self.runs.reduce(0) { $0 + $1.count }
        }
    }

    private let shares: Mutex<[Share]>

    /// One contiguous range for each worker.
    convenience init(count: Int, workers: Int) {
        self.init(shares: (0..<workers).map { worker in [count * worker / workers..<count * (worker + 1) / workers] })
    }

    /// Each worker's runs, `shares[worker]`, in position order.
    init(shares: [[Range<Int>]]) {
        self.shares = Mutex(shares.map(Share.init))
    }

    /// The next positions for `worker`, or nil when every run is done.
    func next(for worker: Int) -> Range<Int>? {
        shares.withLock { shares in
            if shares[worker].next < shares[worker].runs.count {
                let own = shares[worker].runs[shares[worker].next]
                let chunk = own.lowerBound..<min(own.lowerBound + Self.chunkSize, own.upperBound)
                if chunk.upperBound == own.upperBound {
                    shares[worker].next += 1
                } else {
                    shares[worker].runs[shares[worker].next] = chunk.upperBound..<own.upperBound
                }
                shares[worker].left -= chunk.count
                return chunk
            }
            guard let fullest = shares.indices.max(by: { shares[$0].left < shares[$1].left }),
                  shares[fullest].left > 0, let other = shares[fullest].runs.last else { return nil }
            let chunk = max(other.lowerBound, other.upperBound - Self.chunkSize)..<other.upperBound
            if chunk.lowerBound == other.lowerBound {
                shares[fullest].runs.removeLast()
            } else {
                shares[fullest].runs[shares[fullest].runs.count - 1] = other.lowerBound..<chunk.lowerBound
            }
            shares[fullest].left -= chunk.count
            return chunk
        }
    }
}
