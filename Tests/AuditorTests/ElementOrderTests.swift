import AccessibilityModel
@testable import Auditor
import Testing

/// A state document gives each element its place in VoiceOver's order, and an element
/// whose id another element shares takes its id's last place, so that the document stays
/// well defined when ids are not unique.
@Suite("Element orders")
struct ElementOrderTests {
    static let space = StateSpace([.direction])

    /// Elements in a row, left to right, 20 pt apart; `hidden` are skipped by VoiceOver.
    static func orders(of ids: [String], hidden: Set<Int> = [], direction: String = "ltr") throws -> [Int] {
        let state = try space.state(id: "direction=\(direction)")
        let elements = ids.enumerated().map { index, id in
            AccessibilityElement(id: id, label: id, isHidden: hidden.contains(index),
                                 frame: Rect(x: Double(index) * 20, y: 0, width: 10, height: 10))
        }
        let snapshot = Snapshot(block: "Probe", state: state, environment: state.environment, elements: elements)
        return StateDocument.elementOrders(of: snapshot)
    }

    @Test("distinct ids take their own places, mirrored right to left, and a hidden element none", arguments: [
        (["a", "b", "c"], Set<Int>(), "ltr", [1, 2, 3]),
        (["a", "b", "c"], Set<Int>(), "rtl", [3, 2, 1]),
        (["a", "b", "c"], Set([1]), "ltr", [1, 0, 2]),
    ])
    func distinct(ids: [String], hidden: Set<Int>, direction: String, expected: [Int]) throws {
        #expect(try Self.orders(of: ids, hidden: hidden, direction: direction) == expected)
    }

    @Test("elements sharing an id all take the id's last place, a hidden one too", arguments: [
        (["x", "b", "x"], Set<Int>(), [3, 2, 3]),
        (["x", "x", "x", "y"], Set<Int>(), [3, 3, 3, 4]),
        (["x", "b", "x"], Set([2]), [1, 2, 1]),
        (["x", "b", "x"], Set([0]), [2, 1, 2]),
    ])
    func shared(ids: [String], hidden: Set<Int>, expected: [Int]) throws {
        #expect(try Self.orders(of: ids, hidden: hidden) == expected)
    }

    /// Ids are first told apart by a mix of their bytes: ids alike but for one byte, or of
    /// one letter repeated, still count as different.
    @Test("ids alike but for a byte or a length are different ids")
    func alikeIDs() throws {
        #expect(try Self.orders(of: ["tab.1", "tab.2", "tab.11", "", "a", "aa"]) == [1, 2, 3, 4, 5, 6])
    }
}
