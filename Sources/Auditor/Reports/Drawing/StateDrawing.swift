import AccessibilityModel
import Foundation

/// One state of a block drawn as SVG at ``scale`` pixels per point: each element's frame,
/// its hit region (dashed), the VoiceOver focus order numbered at each focusable element,
/// and over the elements that failed the rule being shown, the rule's ``FailureMark``.
///
/// The screen is the drawing's width; content a scroll view holds beyond it (the tabs of a
/// strip that scrolls) is drawn too, on a shaded ground marked "off screen", because a
/// failing element is often there. ``svg`` is the whole state; ``croppedSVG`` the same
/// drawing framed on the failing elements' marks, which a page shows first. Every element
/// carries a `<title>` with its id, label, sizes and failures, which browsers show on hover
/// without any script.
public struct StateDrawing {
    public var snapshot: Snapshot
    /// The failures of each failing element in this state, by id.
    public var failures: [String: [String]]
    var mark: any FailureMark

    /// Pixels per point: small type stays readable.
    public static let scale = 2.0

    init(snapshot: Snapshot, failures: [String: [String]], mark: any FailureMark) {
        self.snapshot = snapshot
        self.failures = failures
        self.mark = mark
    }

    /// A drawing whose failing elements are marked as hit regions too small.
    public init(snapshot: Snapshot, failing: Set<String>) {
        self.init(snapshot: snapshot, failures: Dictionary(uniqueKeysWithValues: failing.map { ($0, []) }), mark: TargetSizeMark())
    }

    static let margin = 16.0

    private var failingElements: [AccessibilityElement] { snapshot.elements.filter { failures[$0.id] != nil } }

    /// The area drawn: the screen, grown to hold every frame, hit region, mark and label.
    func bounds(labels: [String: (x: Double, y: Double)]) -> Rect {
        let rects = snapshot.elements.flatMap { [$0.frame] + ($0.hitRegion.map { [$0] } ?? []) } + failingElements.map(mark.area)
        let minX = min(0, rects.map(\.minX).min() ?? 0), maxX = max(snapshot.environment.width, rects.map(\.maxX).max() ?? 0)
        let minY = min(0, rects.map(\.minY).min() ?? 0, (labels.values.map(\.y).min() ?? 0) - 12)
        let maxY = max(44, rects.map(\.maxY).max() ?? 0)
        return Rect(x: minX - Self.margin, y: minY - Self.margin, width: maxX - minX + 2 * Self.margin,
                    height: maxY - minY + 2 * Self.margin)
    }

    /// Where each failing element's label goes: above its mark, clear of the focus number,
    /// and a row higher when it would run into a label on its left.
    var labels: [String: (x: Double, y: Double)] {
        let marked = failingElements.map { ($0.id, mark.area(of: $0), mark.label(for: $0)) }
            .sorted { ($0.1.minY, $0.1.minX) < ($1.1.minY, $1.1.minX) }
        var rowEnds: [Double: [Double]] = [:]
        var result: [String: (x: Double, y: Double)] = [:]
        for (id, area, text) in marked {
            let width = Double(text.count) * 6.2
            var ends = rowEnds[area.minY] ?? []
            let row = ends.firstIndex { $0 <= area.minX - 4 } ?? ends.count
            if row == ends.count { ends.append(0) }
            ends[row] = area.minX + width
            rowEnds[area.minY] = ends
            result[id] = (area.minX + 2, area.minY - 10 - 12 * Double(row))
        }
        return result
    }

    /// The whole state.
    public var svg: String { drawing(framing: nil, full: true) }

    /// The drawing framed on the failing elements' marks and labels with a margin of a
    /// target's size, the screen's width at most; the whole state when nothing failed.
    public var croppedSVG: String {
        let labels = self.labels
        let marked = failingElements.map(mark.area)
        guard let first = marked.first else { return svg }
        let labelTops = labels.values.map { Rect(x: $0.x, y: $0.y - 12, width: 1, height: 12) }
        var area = (marked + labelTops).reduce(first) { $0.union($1) }
        area = area.outset(horizontal: TargetSizeMark.target, vertical: TargetSizeMark.target / 2)
        let whole = bounds(labels: labels)
        area = area.intersection(whole)
        return drawing(framing: area, full: false)
    }

    private func drawing(framing: Rect?, full: Bool) -> String {
        let labels = self.labels
        let whole = bounds(labels: labels)
        let area = framing ?? whole
        let width = snapshot.environment.width
        let n = SVGNumber.n
        let e = HTMLEscaping.escape
        var lines: [String] = []
        lines.append(#"<svg xmlns="http://www.w3.org/2000/svg" class="\#(full ? "state-drawing" : "state-drawing cropped")" role="img" "#
            + #"viewBox="\#(n(area.x)) \#(n(area.y)) \#(n(area.width)) \#(n(area.height))" "#
            + #"width="\#(n(area.width * Self.scale))" height="\#(n(area.height * Self.scale))" data-screen-width="\#(n(width))">"#)
        let failingIDs = failingElements.map(\.id).joined(separator: ", ")
        let what = full ? "" : ", around \(failingIDs)"
        lines.append("<title>\(e("\(snapshot.block) in \(snapshot.state.id)\(what)"))</title>")
        // The ground: shaded where it lies beyond the screen's edges.
        lines.append(#"<rect class="offscreen" x="\#(n(whole.x))" y="\#(n(whole.y))" width="\#(n(whole.width))" height="\#(n(whole.height))"/>"#)
        lines.append(#"<rect class="screen" x="0" y="\#(n(whole.y))" width="\#(n(width))" height="\#(n(whole.height))"/>"#)
        if area.maxX > width + Self.margin {
            lines.append(#"<text class="offscreen-label" x="\#(n(max(width, area.minX) + 4))" y="\#(n(area.y + 11))">off screen →</text>"#)
        }
        if area.minX < -Self.margin {
            lines.append(#"<text class="offscreen-label" x="\#(n(min(0, area.maxX) - 4))" y="\#(n(area.y + 11))" text-anchor="end">← off screen</text>"#)
        }

        for element in snapshot.elements { lines.append(frame(element)) }
        for element in snapshot.elements where element.hitRegion != nil { lines.append(hitRegion(element)) }
        for element in failingElements {
            lines.append(mark.svg(for: element, label: labels[element.id] ?? (element.frame.minX, element.frame.minY - 10)))
        }
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
        let n = SVGNumber.n
        let kind = element.isHidden ? "frame hidden" : "frame"
        var tooltip = element.id
        if !element.label.isEmpty { tooltip += " — “\(element.label)”" }
        tooltip += "\nframe \(Self.size(element.frame))"
        if let hit = element.hitRegion { tooltip += ", hit region \(Self.size(hit))" }
        if element.isHidden { tooltip += "\nhidden from VoiceOver" }
        for message in failures[element.id] ?? [] { tooltip += "\nfails: \(message)" }
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

    private func hitRegion(_ element: AccessibilityElement) -> String {
        guard let hit = element.hitRegion else { return "" }
        let e = HTMLEscaping.escape
        let n = SVGNumber.n
        let isFailing = mark.marksHitRegion && failures[element.id] != nil
        return #"<rect class="\#(isFailing ? "hit failing" : "hit")" data-id="\#(e(element.id))" "#
            + #"x="\#(n(hit.x))" y="\#(n(hit.y))" width="\#(n(hit.width))" height="\#(n(hit.height))">"#
            + "<title>\(e("\(element.id): answers to \(Self.size(hit))"))</title></rect>"
    }

    /// "44.4 × 30 pt"
    static func size(_ rect: Rect) -> String { "\(points(rect.width)) × \(points(rect.height)) pt" }

    /// A length to a tenth of a point, without a trailing ".0".
    public static func points(_ value: Double) -> String {
        let text = String(format: "%.1f", locale: Locale(identifier: "en_US_POSIX"), value)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}

extension Rect {
    /// The smallest rectangle holding both.
    func union(_ other: Rect) -> Rect {
        let minX = Swift.min(self.minX, other.minX), minY = Swift.min(self.minY, other.minY)
        return Rect(x: minX, y: minY, width: Swift.max(maxX, other.maxX) - minX, height: Swift.max(maxY, other.maxY) - minY)
    }
}
