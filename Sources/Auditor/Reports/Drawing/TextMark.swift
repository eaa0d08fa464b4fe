import AccessibilityModel

/// A failure of what an element says or is (a title that is not a heading, a label, a
/// trait): the element's text is outlined in red and the rule named above it.
struct TextMark: FailureMark {
    var rule: String

    func area(of element: AccessibilityElement) -> Rect { element.frame.outset(horizontal: 2, vertical: 2) }

    func label(for element: AccessibilityElement) -> String { rule }

    func svg(for element: AccessibilityElement, label at: (x: Double, y: Double)) -> String {
        SVGNumber.rect(area(of: element), class: "text-mark failing", id: element.id)
            + SVGNumber.label(label(for: element), class: "mark-label", at: at)
    }
}
