/// The order in which VoiceOver visits elements when a user swipes right.
///
/// VoiceOver orders by frame: of two elements, the higher one comes first when their tops
/// differ by at least ``rowTolerance`` points; otherwise the one nearer the leading edge
/// comes first (ascending x left-to-right, descending x right-to-left). A higher
/// `accessibilitySortPriority` comes before a lower one whatever the frames (SwiftUI,
/// `accessibilitySortPriority(_:)`: "Higher numbers are sorted first"). An accessibility
/// container keeps its own order and is placed by its first element. Shared reference
/// `voiceover.md`, "Focus order". Elements scrolled out of a horizontal scroll view stay in
/// the order: VoiceOver scrolls them in.
public enum FocusOrder {
    /// The vertical gap under which two elements count as one row (8 pt on iPhone).
    public static let rowTolerance = 8.0

    public static func sorted(_ elements: [AccessibilityElement], direction: LayoutDirection) -> [AccessibilityElement] {
        order(of: elements, among: Array(elements.indices), direction: direction).map { elements[$0] }
    }

    /// Each element's place in the order, from 1; 0 for an element VoiceOver does not
    /// focus. The same order as ``sorted(_:direction:)`` over the focusable elements,
    /// worked out on indices so that no element is copied.
    public static func positions(of elements: [AccessibilityElement], direction: LayoutDirection) -> [Int] {
        var positions = Array(repeating: 0, count: elements.count)
        var focusable: [Int] = []
        focusable.reserveCapacity(elements.count)
        for index in elements.indices where elements[index].isFocusable { focusable.append(index) }
        for (place, index) in order(of: elements, among: focusable, direction: direction).enumerated() {
            positions[index] = place + 1
        }
        return positions
    }

    /// The indices `among` in the order VoiceOver visits their elements.
    private static func order(of elements: [AccessibilityElement], among indices: [Int], direction: LayoutDirection) -> [Int] {
        // A unit is a lone element or a whole container, placed by its first element (its
        // leader); `unitOf` gives each index's unit, in the order of `indices`.
        var leaders: [Int] = []
        leaders.reserveCapacity(indices.count)
        var unitOf: [Int] = []
        unitOf.reserveCapacity(indices.count)
        for index in indices {
            let container = elements[index].container
            if container != nil, let unit = leaders.firstIndex(where: { elements[$0].container == container }) {
                unitOf.append(unit)
            } else {
                unitOf.append(leaders.count)
                leaders.append(index)
            }
        }
        // Read once: the sorts below compare each unit's frame and priority many times.
        let frames = leaders.map { elements[$0].frame }
        let priorities = leaders.map { elements[$0].sortPriority }
        func frame(_ unit: Int) -> Rect { frames[unit] }
        // Grouping into rows by walking tops in order keeps the comparison a strict weak
        // ordering; each row is then ordered along the reading direction.
        let byTop = leaders.indices.sorted { (frame($0).minY, $0) < (frame($1).minY, $1) }
        var row = Array(repeating: 0, count: leaders.count)
        var rowTop = -Double.infinity
        var rows = 0
        for unit in byTop {
            if rows == 0 || frame(unit).minY - rowTop >= rowTolerance {
                rows += 1
                rowTop = frame(unit).minY
            }
            row[unit] = rows
        }
        // A higher sort priority goes first; equal priorities keep the frames' order.
        let visited = leaders.indices.sorted { lhs, rhs in
            let (first, second) = (priorities[lhs], priorities[rhs])
            if first != second { return first > second }
            if row[lhs] != row[rhs] { return row[lhs] < row[rhs] }
            let (a, b) = (frame(lhs), frame(rhs))
            if direction == .leftToRight, a.minX != b.minX { return a.minX < b.minX }
            if direction == .rightToLeft, a.maxX != b.maxX { return a.maxX > b.maxX }
            return lhs < rhs
        }
        // Without containers every unit is one element.
        guard leaders.count < indices.count else { return visited.map { leaders[$0] } }
        // Units in the order visited; inside a container, priorities order its members the
        // same way, and members of equal priority keep their order. One sort of all the
        // indices does both, without a list per unit.
        var rank = Array(repeating: 0, count: leaders.count)
        for (place, unit) in visited.enumerated() { rank[unit] = place }
        return indices.indices.sorted { lhs, rhs in
            let (lhsRank, rhsRank) = (rank[unitOf[lhs]], rank[unitOf[rhs]])
            if lhsRank != rhsRank { return lhsRank < rhsRank }
            let (first, second) = (elements[indices[lhs]].sortPriority, elements[indices[rhs]].sortPriority)
            return first != second ? first > second : lhs < rhs
        }.map { indices[$0] }
    }
}
