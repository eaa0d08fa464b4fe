@testable import Auditor
import Testing

@Suite("Workers share out a selection in runs")
struct StateRangesTests {
    @Test("every position is handed out once, and a worker starts with its own run, in order",
          arguments: [(1, 1), (130, 2), (1_000, 2), (7, 3), (0, 2)])
    func everyPositionOnce(count: Int, workers: Int) {
        let ranges = StateRanges(count: count, workers: workers)
        var handed: [Int] = []
        var first: [Int: Range<Int>] = [:]
        var worker = 0
        var idle = 0
        while idle < workers {
            if let chunk = ranges.next(for: worker) {
                if first[worker] == nil { first[worker] = chunk }
                handed += chunk
                idle = 0
            } else {
                idle += 1
            }
            worker = (worker + 1) % workers
        }
        #expect(handed.sorted() == Array(0..<count))
        for (worker, chunk) in first where count >= workers {
            #expect(chunk.lowerBound == count * worker / workers, "worker \(worker) starts at its own run")
        }
    }

    @Test("a worker whose run is done takes the end of the longest run left")
    func stealsFromTheBack() {
        let ranges = StateRanges(count: 1_000, workers: 2)
        var own: [Int] = []
        for _ in 0..<8 { own += ranges.next(for: 0) ?? 0..<0 }
        #expect(own == Array(0..<500))
        #expect(ranges.next(for: 0) == 936..<1_000)
        #expect(ranges.next(for: 1) == 500..<564)
    }
}
