import AccessibilityModel

/// A `hit-region-overlap` failure drawn as SVG, one point to one pixel: the failing
/// control's hit region, the hit region of each control drawn above it that takes some of
/// its touches (`covered-by`), and where they meet, labelled with the size the kit measured
/// (`covered-width` × `covered-height`). Empty when no failing element is covered, so the
/// report can add it beside every state drawing.
struct OverlapDrawing {
    var snapshot: Snapshot
    /// Ids of the elements that failed the rule being shown.
    var failing: Set<String>

    static let margin = 16.0

    /// Each failing element that another control covers, with the controls covering it.
    var overlaps: [(covered: AccessibilityElement, by: [AccessibilityElement])] {
        snapshot.elements.compactMap { element in
            guard failing.contains(element.id), element.hitRegion != nil,
                  let ids = element.facts.first(where: { $0.name == "covered-by" })?.value else { return nil }
            let covering = ids.split(separator: " ").compactMap { id in
                snapshot.elements.first { $0.id == id && $0.hitRegion != nil }
            }
            return covering.isEmpty ? nil : (element, covering)
        }
    }

    var svg: String {
        overlaps.map { overlap in drawing(overlap.covered, coveredBy: overlap.by) }.joined(separator: "\n")
    }

    private func drawing(_ covered: AccessibilityElement, coveredBy covering: [AccessibilityElement]) -> String {
        let e = HTMLEscaping.escape
        let n = StateDrawing.points
        let own = covered.hitRegion!
        let regions = [own] + covering.compactMap(\.hitRegion)
        let minX = regions.map(\.minX).min()! - Self.margin, minY = regions.map(\.minY).min()! - Self.margin - 14
        let maxX = regions.map(\.maxX).max()! + Self.margin, maxY = regions.map(\.maxY).max()! + Self.margin
        func fact(_ name: String) -> String { covered.facts.first { $0.name == name }?.value ?? "" }
        let size = "\(n(Double(fact("covered-width")) ?? 0)) × \(n(Double(fact("covered-height")) ?? 0)) pt"
        var lines = [#"<svg xmlns="http://www.w3.org/2000/svg" class="overlap-drawing" role="img" "#
            + #"viewBox="\#(n(minX)) \#(n(minY)) \#(n(maxX - minX)) \#(n(maxY - minY))" "#
            + #"width="\#(n(maxX - minX))" height="\#(n(maxY - minY))" data-id="\#(e(covered.id))">"#]
        lines.append("<title>\(e("\(covered.id): \(size) of its touch area answers to \(covering.map(\.id).joined(separator: ", "))"))</title>")
        lines.append(region(own, element: covered, kind: "covered"))
        for element in covering {
            guard let hit = element.hitRegion else { continue }
            lines.append(region(hit, element: element, kind: "covering"))
            let meet = hit.intersection(own)
            if meet.width > 0, meet.height > 0 {
                lines.append(#"<rect class="overlap" x="\#(n(meet.x))" y="\#(n(meet.y))" "#
                    + #"width="\#(n(meet.width))" height="\#(n(meet.height))" fill="crimson" fill-opacity="0.45"/>"#)
            }
        }
        lines.append(#"<text class="overlap-size" x="\#(n(minX + 4))" y="\#(n(minY + 12))" font-size="11">"#
            + "\(e("\(size) of \(covered.id) answers to \(covering.map(\.id).joined(separator: ", "))"))</text>")
        lines.append("</svg>")
        return lines.joined(separator: "\n")
    }

    private func region(_ rect: Rect, element: AccessibilityElement, kind: String) -> String {
        let e = HTMLEscaping.escape
        let n = StateDrawing.points
        let stroke = kind == "covered" ? "steelblue" : "darkorange"
        return #"<g class="\#(kind)" data-id="\#(e(element.id))"><title>\#(e("\(element.id): answers to \(n(rect.width)) × \(n(rect.height)) pt"))</title>"#
            + #"<rect x="\#(n(rect.x))" y="\#(n(rect.y))" width="\#(n(rect.width))" height="\#(n(rect.height))" "#
            + #"fill="none" stroke="\#(stroke)" stroke-width="2"/>"#
            + #"<text x="\#(n(rect.x + 3))" y="\#(n(kind == "covered" ? rect.maxY - 4 : rect.y + 11))" font-size="10" fill="\#(stroke)">\#(e(element.label.isEmpty ? element.id : element.label))</text></g>"#
    }
}
