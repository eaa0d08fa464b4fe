@testable import Auditor
import Testing

@Suite("Twin results: what a representative's folded states were given, by fold key")
struct TwinResultsTests {
    static func results(_ subjects: Int) -> [CompiledRule.Evaluation] { [CompiledRule.Evaluation(subjects: subjects)] }

    /// Past the list's limit the entries move to a dictionary; none is lost on the way.
    @Test("every entry filed is found again, and only it, however many there are",
          arguments: [1, 3, TwinResults.listLimit, TwinResults.listLimit + 1, 4 * TwinResults.listLimit])
    func filedAndFound(count: Int) {
        var results = TwinResults()
        for key in 0..<count { results.file(Self.results(key), for: key * 7) }
        #expect(results.count == count)
        for key in 0..<count { #expect(results[key * 7]?.first?.subjects == key) }
        #expect(results[-1] == nil)
        #expect(results[count * 7] == nil)
    }

    @Test("a key filed again holds its new results", arguments: [2, TwinResults.listLimit + 2])
    func filedAgain(count: Int) {
        var results = TwinResults()
        for key in 0..<count { results.file(Self.results(key), for: key) }
        results.file(Self.results(100), for: 1)
        #expect(results.count == count)
        #expect(results[1]?.first?.subjects == 100)
        #expect(results[0]?.first?.subjects == 0)
    }
}
