import AccessibilityModel
@testable import Auditor
import BlockModels
import Testing

/// Transitions are numbered by what their children are written from, not by writing them:
/// a number must still be the one the written child gets, so that equal numbers mean
/// equal children.
@Suite("Transition numbers: a transition's number is its written child's")
struct TransitionNumbersTests {
    /// Every state of a slice of each block, in the audit's order, so that keys met before
    /// are met again from other states; the table is shared, so the numbers compare.
    @Test("every transition of every state gets its written child's number", arguments: [
        ("ScopeHeader", ["scope=following", "chips=sample", "count=auto", "size=L", "width=320", "appearance=light", "contrast=standard"]),
        ("TopTabs", ["tabs=reading", "size=AX3", "appearance=light", "contrast=standard"]),
        ("ScrollingTabStrip", ["width=320", "appearance=dark"]),
    ])
    func numbersAreTheWrittenChildren(_ blockName: String, _ pairs: [String]) throws {
        let block = try #require(BuiltInBlocks.all.first { $0.name == blockName })
        let selection = try request(block, pairs).selection
        var table = ChildTable()
        var numbers = TransitionNumbers()
        var transitions = 0
        for position in 0..<selection.count {
            let state = selection[position]
            for transition in block.snapshot(of: state).transitions {
                let written = table.number(for: StateDocument.child(of: transition, from: state))
                #expect(numbers.number(of: transition, from: state, region: 0, in: &table) == written,
                        "\(transition.action) on \(transition.target) from \(state.id)")
                transitions += 1
            }
        }
        #expect(transitions > selection.count, "too few transitions to tell")
    }

    static let space = StateSpace([
        Dimension("tab", values: ["one", "two"], summary: "tab"),
        Dimension("motion", values: ["full", "reduced"], summary: "motion"),
    ])

    /// Pairs that the key's hash cannot tell apart (texts of one length, motions of one
    /// subject length and duration), and one whose change differs only in where it starts.
    @Test("transitions that write differently get different numbers, whatever their hash")
    func collisionsAreTold() throws {
        let one = try Self.space.state(id: "tab=one;motion=full")
        let two = try Self.space.state(id: "tab=two;motion=full")
        func tap(_ target: String, to resulting: BlockState, token: String = "motion.hero") -> Transition {
            Transition(action: .activate, target: target, resultingState: resulting, changesSelection: true,
                       motions: [Motion(subject: "underline", kind: .slide, token: token, duration: 0.3)])
        }
        let pairs: [((Transition, BlockState), (Transition, BlockState))] = [
            ((tap("ab", to: two), one), (tap("cd", to: two), one)),
            ((tap("ab", to: two, token: "motion.hero"), one), (tap("ab", to: two, token: "motion.zero"), one)),
            ((tap("ab", to: two), one), (tap("ab", to: two), two)),
        ]
        for ((first, firstState), (second, secondState)) in pairs {
            var table = ChildTable()
            var numbers = TransitionNumbers()
            let a = numbers.number(of: first, from: firstState, region: 0, in: &table)
            let b = numbers.number(of: second, from: secondState, region: 0, in: &table)
            #expect(a != b)
            #expect(a == table.number(for: StateDocument.child(of: first, from: firstState)))
            #expect(b == table.number(for: StateDocument.child(of: second, from: secondState)))
        }
    }

    /// Two changes are packed into the key; a third, or a value past what packs, is
    /// written out, and must still get the written child's number.
    @Test("a transition that changes three values is numbered as written")
    func manyChanges() throws {
        let space = StateSpace([
            Dimension("a", values: ["0", "1"], summary: "a"),
            Dimension("b", values: ["0", "1"], summary: "b"),
            Dimension("c", values: ["0", "1"], summary: "c"),
        ])
        let start = try space.state(id: "a=0;b=0;c=0")
        var table = ChildTable()
        var numbers = TransitionNumbers()
        for target in ["a=1;b=1;c=0", "a=1;b=1;c=1", "a=0;b=1;c=1", "a=1;b=1;c=1"] {
            let transition = Transition(action: .activate, target: "t", resultingState: try space.state(id: target),
                                        changesSelection: false)
            #expect(numbers.number(of: transition, from: start, region: 0, in: &table)
                    == table.number(for: StateDocument.child(of: transition, from: start)))
        }
        #expect(table.count == 3)
    }

    @Test("after starting afresh, numbers come from the table again")
    func startsAfresh() throws {
        let one = try Self.space.state(id: "tab=one;motion=full")
        let two = try Self.space.state(id: "tab=two;motion=full")
        let transition = Transition(action: .activate, target: "two", resultingState: two, changesSelection: true)
        var table = ChildTable()
        var numbers = TransitionNumbers()
        _ = numbers.number(of: transition, from: one, region: 0, in: &table)
        table.removeAll()
        numbers.removeAll()
        _ = table.number(for: .param(name: "tab", value: "one"))
        #expect(numbers.number(of: transition, from: one, region: 0, in: &table) == 1)
        #expect(table.children[1] == StateDocument.child(of: transition, from: one))
    }
}
