import AccessibilityModel

extension ScopeHeader {
    /// The Reading tab as a reviewer reads it, then one change at a time: chips loading or
    /// empty, many filters on with a figure the app passes, the largest accessibility size
    /// on the narrowest phone, Reduce Motion, right-to-left, and the header stuck.
    ///
    /// The default selects the scope that carries a count ("Following, 4 new") and turns the
    /// first chip on, so one transcript holds a selected scope with a value and both chip
    /// hints (adds / removes this filter).
    public var reviewScenarios: [ReviewScenario] {
        let widths = stateSpace.dimension(named: "width")?.values ?? []
        let standardWidth = widths.contains("393") ? "393" : widths.first ?? "393"
        let narrowestWidth = widths.min { (Int($0) ?? 0) < (Int($1) ?? 0) } ?? standardWidth
        let countedScope = scopes.first { $0.count != nil } ?? scopes[0]
        let firstChip = chips.first.map { onValue([$0.id]) } ?? "none"
        let manyChips = onValue(Set(chips.prefix(3).map(\.id)))

        let standard = ReviewScenario(
            "default",
            purpose: "The Reading tab at rest: a scope with new items selected and one filter chip on.",
            where: ["scope=\(countedScope.id)", "chips=sample", "on=\(firstChip)", "count=auto", "stuck=no",
                    "onFilters=set", "size=L", "motion=full", "width=\(standardWidth)", "direction=ltr",
                    "appearance=light", "contrast=standard"])
        return [
            standard,
            standard.variant(
                "loading", purpose: "Chips still loading: the grey placeholders must stay silent.",
                changing: ["chips=loading"]),
            standard.variant(
                "empty", purpose: "No chips: the chip row and its Filters button are gone, leaving the title and scopes.",
                changing: ["chips=none"]),
            standard.variant(
                "many-filters-on",
                purpose: "Several chips on and a filter count the app passes: the Filters value must say the app's figure.",
                changing: ["on=\(manyChips)", "count=\(customFilterCount)"]),
            standard.variant(
                "largest-text",
                purpose: "The largest accessibility size on the narrowest phone: nothing may drop out of the swipe order.",
                changing: ["size=AX5", "width=\(narrowestWidth)"]),
            standard.variant(
                "reduce-motion", purpose: "Reduce Motion on: what is spoken must not depend on animation.",
                changing: ["motion=reduced"]),
            standard.variant(
                "right-to-left", purpose: "Right-to-left layout: the order follows the mirrored layout, starting from the right.",
                changing: ["direction=rtl"]),
            standard.variant(
                "stuck", purpose: "Pinned over the feed: the hairline appears and must stay silent.",
                changing: ["stuck=yes"]),
        ]
    }
}
