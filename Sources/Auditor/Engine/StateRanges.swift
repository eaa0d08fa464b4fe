import Synchronization

/// The positions of a selection, shared out among workers: each worker owns one contiguous
/// range and works through it from the front, a chunk at a time; a worker whose range is
/// done takes chunks from the back of the range with the most left.
///
/// Neighbouring states look alike to the rules, so a worker that meets them together
/// finds them in its own memo (two workers interleaving small chunks would each evaluate
/// what the other already has); taking from the back keeps the workers finishing
/// together while cutting each run in two at most once.
final class StateRanges: Sendable {
    /// States a worker takes at a time: enough to keep the lock cold.
    static let chunkSize = 64

    private let ranges: Mutex<[Range<Int>]>

    init(count: Int, workers: Int) {
        ranges = Mutex((0..<workers).map { worker in count * worker / workers..<count * (worker + 1) / workers })
    }

    /// The next positions for `worker`, or nil when every range is done.
    func next(for worker: Int) -> Range<Int>? {
        ranges.withLock { ranges in
            if !ranges[worker].isEmpty {
                let own = ranges[worker]
                let chunk = own.lowerBound..<min(own.lowerBound + Self.chunkSize, own.upperBound)
                ranges[worker] = chunk.upperBound..<own.upperBound
                return chunk
            }
            guard let fullest = ranges.indices.max(by: { ranges[$0].count < ranges[$1].count }),
                  !ranges[fullest].isEmpty else { return nil }
            let other = ranges[fullest]
            let chunk = max(other.lowerBound, other.upperBound - Self.chunkSize)..<other.upperBound
            ranges[fullest] = other.lowerBound..<chunk.lowerBound
            return chunk
        }
    }
}
