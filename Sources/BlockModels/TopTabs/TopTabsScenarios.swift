import AccessibilityModel

extension TopTabs {
    /// The reading feed's nine tabs as a reviewer reads them, then: three tabs filling the
    /// width, long titles with a count of 0, the pager dragged halfway, the largest
    /// accessibility size, and right-to-left.
    ///
    /// The default selects the tab with a count ("Following, 12"), so the selected tab speaks
    /// a value; mid-drag starts from the same tab, so the two transcripts differ only by the
    /// drag.
    public var reviewScenarios: [ReviewScenario] {
        let widths = stateSpace.dimension(named: "width")?.values ?? []
        let standardWidth = widths.contains("393") ? "393" : widths.first ?? "393"
        let narrowestWidth = widths.min { (Int($0) ?? 0) < (Int($1) ?? 0) } ?? standardWidth
        func firstID(_ fixture: String, where test: (Item) -> Bool = { _ in true }) -> String {
            let items = fixtures.first { $0.name == fixture }?.items ?? []
            return (items.first(where: test) ?? items.first)?.id ?? ""
        }

        let standard = ReviewScenario(
            "default",
            purpose: "Nine tabs at rest with a counted tab selected: each tab, the page heading and its stories.",
            where: ["tabs=reading", "sizing=automatic", "selection=\(firstID("reading") { $0.count != nil })",
                    "drag=none", "size=L", "motion=full", "width=\(standardWidth)", "direction=ltr",
                    "appearance=light", "contrast=standard"])
        return [
            standard,
            standard.variant(
                "few-tabs-filling", purpose: "Three tabs filling the width: the strip reads the same as a scrolling one.",
                changing: ["tabs=few", "sizing=fill", "selection=\(firstID("few"))"]),
            standard.variant(
                "long-titles-zero-count",
                purpose: "Long titles and a count of 0 selected: the 0 is spoken, as it is shown.",
                changing: ["tabs=long", "selection=\(firstID("long") { $0.count == 0 })"]),
            standard.variant(
                "mid-drag", purpose: "The pager dragged halfway to the next page: only the current page may be reachable.",
                changing: ["drag=next-50"]),
            standard.variant(
                "largest-text", purpose: "The largest accessibility size on the narrowest phone: every tab stays in the swipe order.",
                changing: ["size=AX5", "width=\(narrowestWidth)"]),
            standard.variant(
                "right-to-left", purpose: "Right-to-left layout: the order follows the mirrored layout, starting from the right.",
                changing: ["direction=rtl"]),
        ]
    }
}
