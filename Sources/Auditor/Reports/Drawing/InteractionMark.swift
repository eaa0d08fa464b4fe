import AccessibilityModel

/// A failure of what happens when a control is used (a missing selection haptic, motion
/// under Reduce Motion): the control is outlined in red and what is missing or wrong is
/// written above it. Its hit region stays as it is: its size is not what failed.
struct InteractionMark: FailureMark {
    /// What the label says: "selection haptic missing".
    var missing: String

    func area(of element: AccessibilityElement) -> Rect { (element.hitRegion ?? element.frame).outset(horizontal: 3, vertical: 3) }

    func label(for element: AccessibilityElement) -> String { missing }

    func svg(for element: AccessibilityElement, label at: (x: Double, y: Double)) -> String {
        SVGNumber.rect(area(of: element), class: "control-mark failing", id: element.id)
            + SVGNumber.label(label(for: element), class: "mark-label", at: at)
    }
}
