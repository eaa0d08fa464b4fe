import AccessibilityModel
import Foundation

/// How a state drawing shows one kind of failure on the elements that failed: a hit region
/// too small, text that is not what it should be, a control whose interaction lacks
/// something. Each kind is one small type in its own file; ``FailureMarks/mark(for:)``
/// picks the kind for a rule, so adding a kind is adding a file and a case there.
protocol FailureMark {
    /// Whether failing elements' hit regions are drawn as failing (red) rather than plain.
    var marksHitRegion: Bool { get }
    /// The area the mark covers around a failing element: what a cropped drawing keeps
    /// in view and what its label sits above.
    func area(of element: AccessibilityElement) -> Rect
    /// The short text written above the mark.
    func label(for element: AccessibilityElement) -> String
    /// The SVG drawn over a failing element, its label at `label`.
    func svg(for element: AccessibilityElement, label: (x: Double, y: Double)) -> String
}

extension FailureMark {
    var marksHitRegion: Bool { false }
}

/// The mark for each rule.
enum FailureMarks {
    static func mark(for rule: Rule) -> any FailureMark {
        switch rule.id {
        case let id where id.hasPrefix("target-size"): TargetSizeMark()
        case let id where id.contains("haptic"): InteractionMark(missing: id.replacingOccurrences(of: "-", with: " ") + " missing")
        case let id where id.contains("motion"): InteractionMark(missing: "moves under Reduce Motion")
        default: TextMark(rule: rule.id)
        }
    }
}

/// SVG text helpers the marks share.
enum SVGNumber {
    /// A coordinate to a hundredth of a point.
    static func n(_ value: Double) -> String {
        let text = String(format: "%.2f", locale: Locale(identifier: "en_US_POSIX"), value)
        var trimmed = Substring(text)
        while trimmed.hasSuffix("0") { trimmed = trimmed.dropLast() }
        if trimmed.hasSuffix(".") { trimmed = trimmed.dropLast() }
        return trimmed == "-0" ? "0" : String(trimmed)
    }

    static func rect(_ rect: Rect, class name: String, id: String? = nil) -> String {
        let data = id.map { #" data-id="\#(HTMLEscaping.escape($0))""# } ?? ""
        return #"<rect class="\#(name)"\#(data) x="\#(n(rect.x))" y="\#(n(rect.y))" width="\#(n(rect.width))" height="\#(n(rect.height))"/>"#
    }

    static func label(_ text: String, class name: String, at point: (x: Double, y: Double)) -> String {
        #"<text class="\#(name)" x="\#(n(point.x))" y="\#(n(point.y))">\#(HTMLEscaping.escape(text))</text>"#
    }
}
