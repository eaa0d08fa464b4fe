import AccessibilityModel

/// A hit region smaller than the target: the region in red with its size, and a 44 × 44 pt
/// reference outline centred on it, so the shortfall shows against what it should be.
struct TargetSizeMark: FailureMark {
    static let target = 44.0

    var marksHitRegion: Bool { true }

    func reference(of element: AccessibilityElement) -> Rect {
        let hit = element.hitRegion ?? element.frame
        return Rect(x: hit.midX - Self.target / 2, y: hit.midY - Self.target / 2, width: Self.target, height: Self.target)
    }

    func area(of element: AccessibilityElement) -> Rect {
        (element.hitRegion ?? element.frame).union(reference(of: element))
    }

    func label(for element: AccessibilityElement) -> String {
        StateDrawing.size(element.hitRegion ?? element.frame)
    }

    func svg(for element: AccessibilityElement, label at: (x: Double, y: Double)) -> String {
        SVGNumber.rect(reference(of: element), class: "target-reference")
            + SVGNumber.label(label(for: element), class: "hit-size", at: at)
    }
}
