@testable import Auditor
import Testing

/// A group's memo remembers results by key and stops when its lookups rarely hit; a lookup
/// made only when the key is remembered counts exactly as a look first and a lookup after.
@Suite("Memo: remembered results, counted lookups")
struct MemoTests {
    static let results = [CompiledRule.Evaluation(subjects: 2)]

    @Test("a lookup of what is remembered counts a hit; of what is not, a lookup when asked plainly and nothing otherwise")
    func counting() {
        var memo = RuleGroup.UnitMemo(trial: 100)
        memo.remember(Self.results, for: 1)
        #expect(memo.lookUpIfRemembered(2) == nil)
        #expect(memo.lookups == 0 && memo.hits == 0)
        #expect(memo.lookUpIfRemembered(1)?.first?.subjects == 2)
        #expect(memo.lookups == 1 && memo.hits == 1)
        #expect(memo.lookUp(2) == nil)
        #expect(memo.lookups == 2 && memo.hits == 1)
        #expect(memo.lookUp(1)?.first?.subjects == 2)
        #expect(memo.lookups == 3 && memo.hits == 2)
    }

    @Test("lookups only when remembered, and plain lookups that miss, reach the same judgement", arguments: [false, true])
    func judgement(onlyWhenRemembered: Bool) {
        var memo = RuleGroup.UnitMemo(trial: 10)
        memo.remember(Self.results, for: 0)
        for key in 0..<10 {
            if key == 0 {
                _ = onlyWhenRemembered ? memo.lookUpIfRemembered(key) : memo.lookUp(key)
            } else {
                _ = memo.lookUp(key)
            }
        }
        // One hit in ten lookups is under a fifth: the memo stops remembering.
        #expect(memo.lookups == 10 && memo.hits == 1)
        #expect(!memo.remembers)
        #expect(memo.lookUpIfRemembered(0) == nil)
    }
}
