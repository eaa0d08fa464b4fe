import AccessibilityModel
@testable import ModelKit
import Testing

/// A finished render's kept elements are moved out of the pass, not copied: every kept
/// element comes out once, in order, and every dropped one is torn down once.
@Suite("Finished renders: kept elements moved out in order")
struct FinishedElementsTests {
    static func elements(_ count: Int) -> [AccessibilityElement] {
        (0..<count).map { index in
            // Each holds storage of its own, so that an element lost, repeated or torn down
            // twice shows in its texts and lists, or crashes.
            AccessibilityElement(id: "element.\(index)", label: String(repeating: "label \(index) ", count: 3),
                                 frame: Rect(x: Double(index), y: 0, width: 10, height: 10),
                                 customActions: ["action \(index)"], facts: [Fact("index", "\(index)")])
        }
    }

    static let patterns: [(count: Int, kept: [Int])] = [
        (0, []), (3, [0, 1, 2]), (3, []), (5, [1, 3]), (5, [0, 4]), (6, [2, 3, 4]), (7, [0, 2, 4, 6]), (4, [3]),
    ]

    @Test("the kept elements come out in order, each once, and the pass's list is left empty",
          arguments: patterns.indices)
    func moved(pattern: Int) {
        let (count, kept) = Self.patterns[pattern]
        var elements = Self.elements(count)
        let expected = kept.map { elements[$0] }
        let moved = RenderPass.moving(&elements, keeping: kept)
        #expect(moved == expected)
        #expect(elements.isEmpty)
    }

    @Test("a list shared elsewhere is moved from a copy of its own: the other holder keeps every element")
    func sharedList() {
        var elements = Self.elements(5)
        let shared = elements
        let moved = RenderPass.moving(&elements, keeping: [1, 2])
        #expect(moved == [shared[1], shared[2]])
        #expect(shared == Self.elements(5))
    }
}
