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

    /// The memo finds the entry it met last by its place in the table: whatever the order
    /// of lookups, remembering and replacing, each key must give its own results.
    @Test("keys looked up in any order, replaced, and after the memo is cleared, each give their own results")
    func lastEntryByPlace() {
        func results(_ subjects: Int) -> [CompiledRule.Evaluation] { [CompiledRule.Evaluation(subjects: subjects)] }
        var memo = RuleGroup.UnitMemo(trial: 1_000)
        for key in 0..<5 { memo.remember(results(key * 10), for: key) }
        for key in [4, 4, 0, 0, 3, 1, 4, 2, 2] { #expect(memo.lookUp(key)?.first?.subjects == key * 10) }
        #expect(memo.lookUp(7) == nil && memo.lookUp(2)?.first?.subjects == 20)
        memo.remember(results(33), for: 3)
        #expect(memo.lookUp(3)?.first?.subjects == 33 && memo.peek(1)?.first?.subjects == 10)
        #expect(memo.lookUp(3)?.first?.subjects == 33 && memo.count == 5)
        memo.removeAll()
        #expect(memo.lookUp(3) == nil && memo.peek(3) == nil)
        memo.remember(results(5), for: 9)
        #expect(memo.lookUp(9)?.first?.subjects == 5 && memo.lookUp(3) == nil)

        var views = RuleGroup.ViewMemo(trial: 1_000)
        let first = MemoKey(parameters: [1, 2], children: [3]), second = MemoKey(parameters: [1, 2], children: [4])
        views.remember(results(1), for: first)
        views.remember(results(2), for: second)
        #expect(views.lookUp(second)?.first?.subjects == 2 && views.lookUp(first)?.first?.subjects == 1)
        #expect(views.lookUp(first)?.first?.subjects == 1 && views.lookUp(second)?.first?.subjects == 2)
        #expect(views.lookUp(MemoKey(parameters: [1, 2], children: [5])) == nil)
    }
}
