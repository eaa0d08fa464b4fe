import AccessibilityModel

extension TopTabsLayout {
    /// One fixture's elements without their geometry, and the widths that geometry is made
    /// from, for every variant a state can ask for (see ``TopTabs/Tables``). Indexed by size
    /// (`ContentSizeCategory.rawValue`), by item in the fixture's order, and by selected or
    /// truncated (1) or not (0).
    struct Templates: Sendable {
        /// A tab's widths at one size.
        struct TabWidths: Sendable {
            /// The title on one line (type.subhead medium).
            var title: Double
            /// The count capsule, when the tab has a count.
            var capsule: Double?
            /// The tab's own width: title, count capsule, padding, at least the target size.
            var natural: Double
        }

        /// One item's page: the page itself at distance 0 and 1 from the selected one, its
        /// heading and its articles, all exposed (a render hides them when the page is not current).
        struct Page: Sendable {
            var pages: [AccessibilityElement]
            var heading: AccessibilityElement
            var articles: [AccessibilityElement]
        }

        /// Per size and item.
        let widths: [[TabWidths]]
        /// Per item, selected and truncated.
        let tabs: [[[AccessibilityElement]]]
        let indicator: AccessibilityElement
        let hairline: AccessibilityElement
        /// Per item.
        let pages: [Page]

        init(items: [TopTabs.Item]) {
            widths = ContentSizeCategory.allCases.map { size in
                items.map { item in
                    let title = TextBox(item.title, style: .subheadline, weight: .medium, size: size).width
                    let capsule = item.count.map { TopTabsLayout.capsuleWidth(for: $0, size: size) }
                    let natural = max(Metrics.minimumTarget, title + (capsule.map { $0 + Metrics.countGap } ?? 0)
                        + 2 * Metrics.tabPadding)
                    return TabWidths(title: title, capsule: capsule, natural: natural)
                }
            }

            // "VoiceOver reads each tab as a button with its count and the selected trait";
            // "Titles are type.subhead at medium weight, in textPrimary when selected and
            // textSecondary otherwise. Counts are type.caption with monospaced digits on a
            // fill capsule."
            tabs = items.enumerated().map { index, item in
                [false, true].map { selected in
                    [false, true].map { truncated in
                        AccessibilityElement(
                            id: "tab.\(item.id)", label: item.title, value: item.count.map(String.init) ?? "",
                            traits: selected ? [.button, .selected] : [.button], isInteractive: true,
                            frame: .zero, container: "strip",
                            facts: [Fact("selection", "single"), Fact("selected", selected ? "yes" : "no"),
                                    Fact("tab-index", String(index)), Fact("count", item.count.map(String.init) ?? ""),
                                    Fact("capsule", item.count == nil ? "none" : "fill"),
                                    Fact("font", "type.subhead"), Fact("weight", "medium"),
                                    Fact("color", selected ? "textPrimary" : "textSecondary"),
                                    Fact("truncated", truncated ? "yes" : "no")])
                    }
                }
            }

            // "The indicator is the block's one accent: a 2 point accent capsule."
            indicator = AccessibilityElement(
                id: "indicator", isHidden: true, isDecorative: true, frame: .zero,
                facts: [Fact("color", "accent"), Fact("shape", "capsule")])
            // "An SPHairline in separator runs under the strip."
            hairline = AccessibilityElement(
                id: "strip.hairline", isHidden: true, isDecorative: true, frame: .zero,
                facts: [Fact("color", "separator")])

            pages = items.enumerated().map { index, item in
                let group = "page.\(item.id)"
                return Page(
                    pages: [0, 1].map { distance in
                        AccessibilityElement(
                            id: group, isHidden: true, isDecorative: true, frame: .zero, group: group,
                            facts: [Fact("role", "page"), Fact("page-index", String(index)),
                                    Fact("distance", String(distance))])
                    },
                    heading: AccessibilityElement(
                        id: "\(group).heading", label: item.title, traits: [.header, .staticText],
                        frame: .zero, group: group, facts: [Fact("role", "title")]),
                    articles: (1...Metrics.articlesPerPage).map { article in
                        AccessibilityElement(
                            id: "\(group).article.\(article)", label: "\(item.title) story \(article)",
                            traits: [.button], isInteractive: true, frame: .zero, group: group)
                    })
            }
        }
    }
}
