@testable import Auditor
import AccessibilityModel
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

    @Test("workers given runs go through their own in order, then take chunks from the back of the fullest")
    func sharesOfRuns() {
        let ranges = StateRanges(shares: [[0..<48, 96..<144, 192..<400], [48..<96, 144..<192]])
        #expect(ranges.next(for: 0) == 0..<48)
        #expect(ranges.next(for: 0) == 96..<144)
        #expect(ranges.next(for: 0) == 192..<256)
        #expect(ranges.next(for: 1) == 48..<96)
        #expect(ranges.next(for: 1) == 144..<192)
        // Worker 1 is done: it takes the end of worker 0's last run, and worker 0 goes on
        // from the front of what is left.
        #expect(ranges.next(for: 1) == 336..<400)
        #expect(ranges.next(for: 0) == 256..<320)
        #expect(ranges.next(for: 1) == 320..<336)
        #expect(ranges.next(for: 0) == nil && ranges.next(for: 1) == nil)
    }

    @Test("every position of a selection dealt out by text size is handed out once", arguments: [1, 2, 3])
    func dealtSelection(workers: Int) throws {
        let space = StateSpace([Dimension("scope", values: ["a", "b", "c"]), .contentSize, .motion, .direction])
        let selection = space.all
        let ranges = StateRanges(shares: try #require(selection.shares(workers, dealingOut: "size")))
        var handed: [Int] = []
        var worker = 0
        var idle = 0
        while idle < workers {
            if let chunk = ranges.next(for: worker) {
                handed += chunk
                idle = 0
            } else {
                idle += 1
            }
            worker = (worker + 1) % workers
        }
        #expect(handed.sorted() == Array(selection.indices))
    }
}

