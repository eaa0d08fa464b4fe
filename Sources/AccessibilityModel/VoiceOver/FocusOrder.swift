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
        // A unit is a lone element or a whole container, placed by its first element.
        var units: [[AccessibilityElement]] = []
        var unitOfContainer: [String: Int] = [:]
        for element in elements {
            if let container = element.container, let unit = unitOfContainer[container] {
                units[unit].append(element)
            } else {
                if let container = element.container { unitOfContainer[container] = units.count }
                units.append([element])
            }
        }
        // Grouping into rows by walking tops in order keeps the comparison a strict weak
        // ordering; each row is then ordered along the reading direction.
        let byTop = units.enumerated().sorted {
            ($0.element[0].frame.minY, $0.offset) < ($1.element[0].frame.minY, $1.offset)
        }
        var rows: [[(offset: Int, element: [AccessibilityElement])]] = []
        for unit in byTop {
            if let first = rows.last?.first, unit.element[0].frame.minY - first.element[0].frame.minY < rowTolerance {
                rows[rows.count - 1].append(unit)
            } else {
                rows.append([unit])
            }
        }
        return rows.flatMap { row in
            row.sorted { lhs, rhs in
                let (a, b) = (lhs.element[0].frame, rhs.element[0].frame)
                if direction == .leftToRight, a.minX != b.minX { return a.minX < b.minX }
                if direction == .rightToLeft, a.maxX != b.maxX { return a.maxX > b.maxX }
                return lhs.offset < rhs.offset
            }.flatMap(\.element)
        }
    }
}
