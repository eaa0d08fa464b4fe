import AccessibilityModel

extension ScrollingTabStrip {
    /// The demo as it opens, then: a middle tab and the last tab selected (the strip has
    /// scrolled, but VoiceOver still starts at the first tab), the largest accessibility size,
    /// Reduce Motion (the strip reads it), and right-to-left.
    public var reviewScenarios: [ReviewScenario] {
        let widths = stateSpace.dimension(named: "width")?.values ?? []
        let standardWidth = widths.contains("393") ? "393" : widths.first ?? "393"
        let narrowestWidth = widths.min { (Int($0) ?? 0) < (Int($1) ?? 0) } ?? standardWidth

        let standard = ReviewScenario(
            "default", purpose: "The demo as it opens: the first tab selected and its page.",
            where: ["selection=\(tabs[0].id)", "size=L", "motion=full", "width=\(standardWidth)", "direction=ltr",
                    "appearance=light", "contrast=standard"])
        return [
            standard,
            standard.variant(
                "middle-tab", purpose: "A middle tab selected and centred: the order still starts at the first tab.",
                changing: ["selection=\(tabs[(tabs.count - 1) / 2].id)"]),
            standard.variant(
                "last-tab", purpose: "The last tab selected, the strip scrolled to its end: every tab is still reachable.",
                changing: ["selection=\(tabs[tabs.count - 1].id)"]),
            standard.variant(
                "largest-text", purpose: "The largest accessibility size on the narrowest phone: every tab stays in the swipe order.",
                changing: ["size=AX5", "width=\(narrowestWidth)"]),
            standard.variant(
                "reduce-motion", purpose: "Reduce Motion on: what is spoken must not depend on the scroll animation.",
                changing: ["motion=reduced"]),
            standard.variant(
                "right-to-left", purpose: "Right-to-left layout: the order follows the mirrored layout, starting from the right.",
                changing: ["direction=rtl"]),
        ]
    }
}
