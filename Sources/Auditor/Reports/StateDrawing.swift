import AccessibilityModel
import Foundation

/// One state of a block drawn as SVG, one point to one pixel: each element's frame, its hit
/// region (dashed; red with its size when the element failed a rule), and the VoiceOver focus
/// order numbered at each focusable element.
///
/// The screen is the drawing's width; content a scroll view holds beyond it (the tabs of a
/// strip that scrolls) is drawn too, on a shaded ground marked "off screen", because a
/// failing element is often there. Every element carries a `<title>` with its id, label and
/// sizes, which browsers show on hover without any script.
public struct StateDrawing {
    public var snapshot: Snapshot
    /// Ids of the elements that failed the rule being shown.
    public var failing: Set<String>

    public init(snapshot: Snapshot, failing: Set<String>) {
        self.snapshot = snapshot
        self.failing = failing
    }

    static let margin = 16.0

    /// The area drawn: the screen, grown to hold every frame, hit region and size label.
    func bounds(labels: [String: (x: Double, y: Double)]) -> Rect {
        let rects = snapshot.elements.flatMap { [$0.frame] + ($0.hitRegion.map { [$0] } ?? []) }
        let minX = min(0, rects.map(\.minX).min() ?? 0), maxX = max(snapshot.environment.width, rects.map(\.maxX).max() ?? 0)
        let minY = min(0, rects.map(\.minY).min() ?? 0, (labels.values.map(\.y).min() ?? 0) - 12)
        let maxY = max(44, rects.map(\.maxY).max() ?? 0)
        return Rect(x: minX - Self.margin, y: minY - Self.margin, width: maxX - minX + 2 * Self.margin,
                    height: maxY - minY + 2 * Self.margin)
    }

    /// Where each failing hit region's size label goes: above the region, clear of the
    /// focus number, and a row higher when it would run into a label on its left.
    var labels: [String: (x: Double, y: Double)] {
        let failingHits = snapshot.elements.compactMap { element in
            element.hitRegion.flatMap { failing.contains(element.id) ? (element.id, $0) : nil }
        }.sorted { ($0.1.minY, $0.1.minX) < ($1.1.minY, $1.1.minX) }
        var rowEnds: [Double: [Double]] = [:]
        var result: [String: (x: Double, y: Double)] = [:]
        for (id, hit) in failingHits {
            let width = Double(size(hit).count) * 6.2
            var ends = rowEnds[hit.minY] ?? []
            let row = ends.firstIndex { $0 <= hit.minX - 4 } ?? ends.count
            if row == ends.count { ends.append(0) }
            ends[row] = hit.minX + width
            rowEnds[hit.minY] = ends
            result[id] = (hit.minX + 2, hit.minY - 10 - 12 * Double(row))
        }
        return result
    }

    public var svg: String {
        let labels = self.labels
        let area = bounds(labels: labels)
        let width = snapshot.environment.width
        let e = HTMLEscaping.escape
        var lines: [String] = []
        lines.append(#"<svg xmlns="http://www.w3.org/2000/svg" class="state-drawing" role="img" "#
            + #"viewBox="\#(n(area.x)) \#(n(area.y)) \#(n(area.width)) \#(n(area.height))" "#
            + #"width="\#(n(area.width))" height="\#(n(area.height))" data-screen-width="\#(n(width))">"#)
        lines.append("<title>\(e("\(snapshot.block) in \(snapshot.state.id)"))</title>")
        // The ground: shaded where it lies beyond the screen's edges.
        lines.append(#"<rect class="offscreen" x="\#(n(area.x))" y="\#(n(area.y))" width="\#(n(area.width))" height="\#(n(area.height))"/>"#)
        lines.append(#"<rect class="screen" x="0" y="\#(n(area.y))" width="\#(n(width))" height="\#(n(area.height))"/>"#)
        if area.maxX > width + Self.margin {
            lines.append(#"<text class="offscreen-label" x="\#(n(width + 4))" y="\#(n(area.y + 11))">off screen →</text>"#)
        }
        if area.minX < -Self.margin {
            lines.append(#"<text class="offscreen-label" x="-4" y="\#(n(area.y + 11))" text-anchor="end">← off screen</text>"#)
        }

        for element in snapshot.elements { lines.append(frame(element)) }
        for element in snapshot.elements where element.hitRegion != nil { lines.append(hitRegion(element, label: labels[element.id])) }
        for (index, element) in snapshot.focusOrder.enumerated() {
            let x = element.frame.minX, y = element.frame.minY
            lines.append(#"<g class="focus" data-order="\#(index + 1)"><circle cx="\#(n(x))" cy="\#(n(y))" r="8"/>"#
                + #"<text x="\#(n(x))" y="\#(n(y + 3.5))" text-anchor="middle">\#(index + 1)</text></g>"#)
        }
        lines.append("</svg>")
        return lines.joined(separator: "\n")
    }

    private func frame(_ element: AccessibilityElement) -> String {
        let e = HTMLEscaping.escape
        let kind = element.isHidden ? "frame hidden" : "frame"
        var tooltip = element.id
        if !element.label.isEmpty { tooltip += " — “\(element.label)”" }
        tooltip += "\nframe \(size(element.frame))"
        if let hit = element.hitRegion { tooltip += ", hit region \(size(hit))" }
        if element.isHidden { tooltip += "\nhidden from VoiceOver" }
        let f = element.frame
        var text = ""
        let caption = element.label.isEmpty ? element.id : element.label
        if !element.isHidden, f.width >= 24, f.height >= 12 {
            let fontSize = min(12, max(8, f.height * 0.3))
            text = #"<text x="\#(n(f.midX))" y="\#(n(f.midY + fontSize / 3))" font-size="\#(n(fontSize))" text-anchor="middle" "#
                + #"textLength="\#(n(min(f.width - 4, Double(caption.count) * fontSize * 0.55)))" lengthAdjust="spacingAndGlyphs">\#(e(caption))</text>"#
        }
        return #"<g class="element" data-id="\#(e(element.id))"><title>\#(e(tooltip))</title>"#
            + #"<rect class="\#(kind)" x="\#(n(f.x))" y="\#(n(f.y))" width="\#(n(f.width))" height="\#(n(f.height))"/>\#(text)</g>"#
    }

    private func hitRegion(_ element: AccessibilityElement, label: (x: Double, y: Double)?) -> String {
        guard let hit = element.hitRegion else { return "" }
        let e = HTMLEscaping.escape
        let isFailing = failing.contains(element.id)
        var result = #"<rect class="\#(isFailing ? "hit failing" : "hit")" data-id="\#(e(element.id))" "#
            + #"x="\#(n(hit.x))" y="\#(n(hit.y))" width="\#(n(hit.width))" height="\#(n(hit.height))">"#
            + "<title>\(e("\(element.id): answers to \(size(hit))"))</title></rect>"
        if isFailing, let label {
            result += #"<text class="hit-size" x="\#(n(label.x))" y="\#(n(label.y))">\#(e(size(hit)))</text>"#
        }
        return result
    }

    /// "44.4 × 30 pt"
    func size(_ rect: Rect) -> String { "\(Self.points(rect.width)) × \(Self.points(rect.height)) pt" }

    /// A length to a tenth of a point, without a trailing ".0".
    public static func points(_ value: Double) -> String {
        let text = String(format: "%.1f", locale: Locale(identifier: "en_US_POSIX"), value)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// A coordinate to a hundredth of a point.
    private func n(_ value: Double) -> String {
        let text = String(format: "%.2f", locale: Locale(identifier: "en_US_POSIX"), value)
        var trimmed = Substring(text)
        while trimmed.hasSuffix("0") { trimmed = trimmed.dropLast() }
        if trimmed.hasSuffix(".") { trimmed = trimmed.dropLast() }
        return trimmed == "-0" ? "0" : String(trimmed)
    }
}
