/// The order in which VoiceOver visits elements when a user swipes right.
///
/// VoiceOver orders by frame: of two elements, the higher one comes first when their tops
/// differ by at least ``rowTolerance`` points; otherwise the one nearer the leading edge
/// comes first (ascending x left-to-right, descending x right-to-left). An accessibility
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
        let focusable = elements.indices.filter { elements[$0].isFocusable }
        for (place, index) in order(of: elements, among: focusable, direction: direction).enumerated() {
            positions[index] = place + 1
        }
        return positions
    }

    /// The indices `among` in the order VoiceOver visits their elements.
    private static func order(of elements: [AccessibilityElement], among indices: [Int], direction: LayoutDirection) -> [Int] {
        // A unit is a lone element or a whole container, placed by its first element.
        var units: [[Int]] = []
        var unitOfContainer: [String: Int] = [:]
        for index in indices {
            let element = elements[index]
            if let container = element.container, let unit = unitOfContainer[container] {
                units[unit].append(index)
            } else {
                if let container = element.container { unitOfContainer[container] = units.count }
                units.append([index])
            }
        }
        func frame(_ unit: [Int]) -> Rect { elements[unit[0]].frame }
        // Grouping into rows by walking tops in order keeps the comparison a strict weak
        // ordering; each row is then ordered along the reading direction.
        let byTop = units.indices.sorted { (frame(units[$0]).minY, $0) < (frame(units[$1]).minY, $1) }
        var rows: [[Int]] = []
        for unit in byTop {
            if let first = rows.last?.first, frame(units[unit]).minY - frame(units[first]).minY < rowTolerance {
                rows[rows.count - 1].append(unit)
            } else {
                rows.append([unit])
            }
        }
        return rows.flatMap { row in
            row.sorted { lhs, rhs in
                let (a, b) = (frame(units[lhs]), frame(units[rhs]))
                if direction == .leftToRight, a.minX != b.minX { return a.minX < b.minX }
                if direction == .rightToLeft, a.maxX != b.maxX { return a.maxX > b.maxX }
                return lhs < rhs
            }.flatMap { units[$0] }
        }
    }
}
