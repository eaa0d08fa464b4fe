import AccessibilityModel

extension ScopeHeaderLayout {
    /// ScopeHeader's elements without their geometry, and the text widths that geometry is
    /// made from, for every variant a state can ask for (see ``ScopeHeader/Tables``).
    /// Indexed by size (`ContentSizeCategory.rawValue`), by scope or chip in the model's
    /// order, and by selected or on (1) or not (0).
    struct Templates: Sendable {
        /// Per size: the title, and its one-line box before wrapping.
        let titles: [AccessibilityElement]
        let titleBoxes: [TextBox]
        /// Per scope and selected: the scope's button.
        let scopes: [[AccessibilityElement]]
        /// Per size, scope and selected: the width of the scope's title and count.
        let scopeTextWidths: [[[Double]]]
        /// Per scope: the underline under it when it is selected.
        let underlines: [AccessibilityElement]
        let scopesHairline: AccessibilityElement
        let stuckHairline: AccessibilityElement
        /// Per chip and on: the chip's button.
        let chips: [[AccessibilityElement]]
        /// Per size and chip: the width of the chip's title.
        let chipTitleWidths: [[Double]]
        let placeholders: [AccessibilityElement]
        /// Per `count` value and `on` value: the Filters button.
        let filters: [[AccessibilityElement]]

        init(title: String, scopes: [ScopeHeader.Scope], chips: [ScopeHeader.Chip], filterCounts: [[Int]]) {
            let sizes = ContentSizeCategory.allCases
            let subhead = TextStyle.subheadline
            // "The title … at 28 points": scaled with Dynamic Type relative to Title 1, which
            // is 28 pt at the default size (assumption: `Font.custom(_:size:relativeTo:)`).
            let titlePoints = sizes.map { Metrics.titlePointSize * TextStyle.title.scale(at: $0) }
            titleBoxes = sizes.map { size in
                TextBox(title, style: .title, weight: .semibold, size: size, pointSize: titlePoints[size.rawValue])
            }
            // "the brand's display face (type.face) at 28 points, type.displayWeight capped at
            // semibold, in textPrimary"; "VoiceOver reads the title as a header".
            titles = titlePoints.map { points in
                AccessibilityElement(
                    id: "title", label: title, traits: [.header, .staticText], frame: .zero,
                    facts: [Fact("role", "title"), Fact("font", "type.face"),
                            Fact("point-size", ScopeHeaderLayout.format(points)),
                            Fact("weight", "semibold"), Fact("color", "textPrimary"),
                            // "When the face isn't bundled it falls back to SF in type.figureDesign,
                            // or in type.textDesign when figures are monospaced."
                            Fact("fallback", "SF type.figureDesign; type.textDesign when figures are monospaced")])
            }

            // "Scopes are type.body: semibold textPrimary when selected, regular textSecondary
            // otherwise, with a 2 point textPrimary underline"; a count is "shown after the
            // title in textTertiary".
            scopeTextWidths = sizes.map { size in
                scopes.map { scope in
                    [false, true].map { selected in
                        var textWidth = TextBox(scope.title, style: .body, weight: selected ? .semibold : .regular,
                                                size: size).width
                        if let count = scope.count {
                            textWidth += Metrics.countGap + TextBox(String(count), style: .body, size: size).width
                        }
                        return textWidth
                    }
                }
            }
            self.scopes = scopes.map { scope in
                [false, true].map { selected in
                    AccessibilityElement(
                        id: "scope.\(scope.id)", label: scope.title,
                        value: scope.count.map { "\($0) new" } ?? "",
                        traits: selected ? [.button, .selected] : [.button], isInteractive: true,
                        frame: .zero, container: "scopes",
                        facts: [Fact("selection", "single"), Fact("selected", selected ? "yes" : "no"),
                                Fact("count", scope.count.map(String.init) ?? ""),
                                Fact("font", "type.body"), Fact("weight", selected ? "semibold" : "regular"),
                                Fact("color", selected ? "textPrimary" : "textSecondary"),
                                Fact("count-color", scope.count == nil ? "" : "textTertiary")])
                }
            }
            underlines = scopes.map { scope in
                AccessibilityElement(
                    id: "scopes.underline", isHidden: true, isDecorative: true, frame: .zero,
                    facts: [Fact("color", "textPrimary"), Fact("follows", "scope.\(scope.id)")])
            }
            // "An SPHairline runs under them."
            scopesHairline = AccessibilityElement(
                id: "scopes.hairline", isHidden: true, isDecorative: true, frame: .zero,
                facts: [Fact("color", "separator")])
            // "a hairline appears under it once it is stuck over the feed"
            stuckHairline = AccessibilityElement(
                id: "stuck.hairline", isHidden: true, isDecorative: true, frame: .zero,
                facts: [Fact("color", "separator")])

            // "Chips are type.subhead medium on fill with a 1 point separator stroke; a chip
            // that is on is textPrimary with its label in bg" and "fills in textPrimary with a
            // check"; "each chip with Selected when on and a hint".
            chipTitleWidths = sizes.map { size in
                chips.map { TextBox($0.title, style: subhead, weight: .medium, size: size).width }
            }
            self.chips = chips.map { chip in
                [false, true].map { isOn in
                    AccessibilityElement(
                        id: "chip.\(chip.id)", label: chip.title,
                        hint: isOn ? "Removes this filter from the feed." : "Adds this filter to the feed.",
                        traits: isOn ? [.button, .selected] : [.button], isInteractive: true,
                        frame: .zero, container: "chips",
                        facts: [Fact("selection", "multiple"), Fact("selected", isOn ? "yes" : "no"),
                                Fact("font", "type.subhead"), Fact("weight", "medium"),
                                Fact("fill", isOn ? "textPrimary" : "fill"), Fact("color", isOn ? "bg" : "textPrimary"),
                                Fact("stroke", "separator"), Fact("check", isOn ? "yes" : "no"),
                                Fact("symbol", chip.symbol ?? "")])
                }
            }
            // "Pass nil chips while they load and the row shows grey chips in their place."
            placeholders = Metrics.placeholderWidths.indices.map { index in
                AccessibilityElement(
                    id: "chip.placeholder.\(index + 1)", isHidden: true, isDecorative: true, frame: .zero,
                    container: "chips", facts: [Fact("fill", "fill")])
            }

            // "the Filters button as 'Filters, 2 on'"; "The Filters button is fill with a
            // separator ring; its count is the accent with accentOn figures in type.caption,
            // ringed in bg: the block's only accent."
            filters = filterCounts.map { counts in
                counts.map { filterCount in
                    AccessibilityElement(
                        id: "filters", label: "Filters",
                        value: filterCount > 0 ? "\(filterCount) on" : "",
                        hint: "Opens the filter sheet.", traits: [.button], isInteractive: true, frame: .zero,
                        facts: [Fact("fill", "fill"), Fact("stroke", "separator"),
                                Fact("badge", filterCount > 0 ? "accent" : ""),
                                Fact("badge-figures", "accentOn type.caption"), Fact("badge-ring", "bg"),
                                Fact("count", String(filterCount))])
                }
            }
        }
    }
}
