import AccessibilityModel

/// Where ScopeHeader's parts sit in one state, and what each exposes to VoiceOver.
///
/// The card gives fonts and colours but no paddings; these are assumptions, chosen as a
/// SwiftUI header of this kind is usually built, and kept in ``Metrics``:
/// - 16 pt side margins, 8 pt above the title and below the chip row.
/// - Every control has a 44 × 44 pt minimum hit region ("Every control has a 44 point
///   target"), as `.frame(minWidth: 44, minHeight: 44)` with a rectangular content shape.
/// - A scope's count is drawn as its figure ("4") after the title; VoiceOver hears "4 new".
/// - The Filters button is a circle as tall as a chip, pinned after the scrolling chip row
///   ("the Filters button at the end of the row"); its count badge is hidden at 0, and
///   VoiceOver then hears no value. With `chips: []` the whole row, button included, is
///   hidden ("chips: [] hides the chip row").
/// - Loading chips are four grey capsules of fixed widths, hidden from VoiceOver: shapes
///   without text carry nothing to read, and they are not buttons.
/// - The card asks for a hint on each chip but gives none: a chip's hint says what
///   activating it does to the feed ("Adds this filter to the feed." when off, "Removes
///   this filter from the feed." when on). The Filters button's hint, "Opens the filter
///   sheet.", follows "onFilters opens your full filter sheet"; scopes have no hint.
/// - A right-to-left layout mirrors the left-to-right one.
struct ScopeHeaderLayout {
    enum Metrics {
        static let margin = 16.0
        static let topPadding = 8.0
        static let titleToScopes = 4.0
        static let scopePadding = 10.0
        static let countGap = 4.0
        static let underlineHeight = 2.0
        static let chipRowGap = 8.0
        static let chipPadding = 12.0
        static let chipVerticalPadding = 6.0
        static let chipSpacing = 8.0
        static let chipIconGap = 4.0
        static let filtersGap = 8.0
        static let bottomPadding = 8.0
        static let minimumTarget = 44.0
        static let placeholderWidths = [56.0, 72.0, 64.0, 80.0]
        /// "The title … at 28 points": scaled with Dynamic Type relative to Title 1, which
        /// is 28 pt at the default size (assumption: `Font.custom(_:size:relativeTo:)`).
        static let titlePointSize = 28.0
    }

    private(set) var elements: [AccessibilityElement] = []
    private(set) var scrollRegions: [ScrollRegion] = []

    init(model: ScopeHeader, inputs: ScopeHeader.Inputs, environment: AccessibilityEnvironment) {
        let size = environment.contentSize
        let width = environment.width
        let available = width - 2 * Metrics.margin
        var y = Metrics.topPadding

        // Title: "the brand's display face (type.face) at 28 points, type.displayWeight
        // capped at semibold, in textPrimary"; "VoiceOver reads the title as a header".
        let titlePoints = Metrics.titlePointSize * TextStyle.title.scale(at: size)
        let title = TextBox(model.title, style: .title, weight: .semibold, size: size, pointSize: titlePoints)
            .wrapped(to: available)
        elements.append(AccessibilityElement(
            id: "title", label: model.title, traits: [.header, .staticText],
            frame: Rect(x: Metrics.margin, y: y, width: title.width, height: title.height),
            facts: [Fact("role", "title"), Fact("font", "type.face"), Fact("point-size", Self.format(titlePoints)),
                    Fact("weight", "semibold"), Fact("color", "textPrimary"),
                    // "When the face isn't bundled it falls back to SF in type.figureDesign,
                    // or in type.textDesign when figures are monospaced."
                    Fact("fallback", "SF type.figureDesign; type.textDesign when figures are monospaced")]))
        y += title.height + Metrics.titleToScopes

        layOutScopes(model: model, inputs: inputs, size: size, top: y, available: available)
        let scopeRowBottom = y + max(Metrics.minimumTarget, TextStyle.body.lineHeight(at: size))
        // "An SPHairline runs under them."
        elements.append(AccessibilityElement(
            id: "scopes.hairline", isHidden: true, isDecorative: true,
            frame: Rect(x: 0, y: scopeRowBottom, width: width, height: Theme.hairline),
            facts: [Fact("color", "separator")]))
        y = scopeRowBottom + Theme.hairline

        // "chips: [] hides the chip row", the Filters button at its end included.
        if inputs.chips != [] {
            y += Metrics.chipRowGap
            y += layOutChipRow(model: model, inputs: inputs, size: size, top: y, width: width)
        }
        y += Metrics.bottomPadding

        // "a hairline appears under it once it is stuck over the feed"
        if inputs.isStuck {
            elements.append(AccessibilityElement(
                id: "stuck.hairline", isHidden: true, isDecorative: true,
                frame: Rect(x: 0, y: y - Theme.hairline, width: width, height: Theme.hairline),
                facts: [Fact("color", "separator")]))
        }

        if environment.direction == .rightToLeft {
            elements = elements.map { element in
                var mirrored = element
                mirrored.frame = element.frame.mirrored(within: width)
                mirrored.hitRegion = element.hitRegion?.mirrored(within: width)
                return mirrored
            }
        }
    }

    /// "Scopes are type.body: semibold textPrimary when selected, regular textSecondary
    /// otherwise, with a 2 point textPrimary underline"; a count is "shown after the title
    /// in textTertiary"; "Scopes that don't fit the width (large text sizes) scroll
    /// sideways with the chips' behaviour."
    private mutating func layOutScopes(model: ScopeHeader, inputs: ScopeHeader.Inputs,
                                       size: ContentSizeCategory, top: Double, available: Double) {
        let rowHeight = max(Metrics.minimumTarget, TextStyle.body.lineHeight(at: size))
        var x = 0.0
        var frames: [(scope: ScopeHeader.Scope, frame: Rect, textWidth: Double, selected: Bool)] = []
        for scope in model.scopes {
            let selected = scope.id == inputs.scope
            var textWidth = TextBox(scope.title, style: .body, weight: selected ? .semibold : .regular, size: size).width
            if let count = scope.count {
                textWidth += Metrics.countGap + TextBox(String(count), style: .body, size: size).width
            }
            let buttonWidth = max(Metrics.minimumTarget, textWidth + 2 * Metrics.scopePadding)
            frames.append((scope, Rect(x: x, y: top, width: buttonWidth, height: rowHeight), textWidth, selected))
            x += buttonWidth
        }
        let contentWidth = x
        let overflows = contentWidth > available
        // A row that scrolls shows the selected scope: scrolled just far enough to reveal it.
        let selectedEnd = frames.first(where: \.selected)?.frame.maxX ?? 0
        let offset = overflows ? max(0, min(selectedEnd - available, contentWidth - available)) : 0
        scrollRegions.append(ScrollRegion(id: "scopes", axis: .horizontal, contentLength: contentWidth,
                                          viewportLength: available, isScrollEnabled: overflows, offset: offset))
        for (scope, frame, textWidth, selected) in frames {
            let placed = Rect(x: frame.x + Metrics.margin - offset, y: frame.y, width: frame.width, height: frame.height)
            elements.append(AccessibilityElement(
                id: "scope.\(scope.id)", label: scope.title,
                value: scope.count.map { "\($0) new" } ?? "",
                traits: selected ? [.button, .selected] : [.button], isInteractive: true,
                frame: placed, hitRegion: placed.expanded(toAtLeast: Metrics.minimumTarget),
                container: "scopes",
                facts: [Fact("selection", "single"), Fact("selected", selected ? "yes" : "no"),
                        Fact("count", scope.count.map(String.init) ?? ""),
                        Fact("font", "type.body"), Fact("weight", selected ? "semibold" : "regular"),
                        Fact("color", selected ? "textPrimary" : "textSecondary"),
                        Fact("count-color", scope.count == nil ? "" : "textTertiary")]))
            if selected {
                elements.append(AccessibilityElement(
                    id: "scopes.underline", isHidden: true, isDecorative: true,
                    frame: Rect(x: placed.x + Metrics.scopePadding, y: placed.maxY - Metrics.underlineHeight,
                                width: textWidth, height: Metrics.underlineHeight),
                    facts: [Fact("color", "textPrimary"), Fact("follows", "scope.\(scope.id)")]))
            }
        }
    }

    /// The chip row and the Filters button; returns the row's height.
    ///
    /// "Chips are type.subhead medium on fill with a 1 point separator stroke; a chip that
    /// is on is textPrimary with its label in bg" and "fills in textPrimary with a check";
    /// "each chip with Selected when on and a hint"; "the Filters button as 'Filters, 2 on'";
    /// "Pass nil chips while they load and the row shows grey chips in their place."
    private mutating func layOutChipRow(model: ScopeHeader, inputs: ScopeHeader.Inputs,
                                        size: ContentSizeCategory, top: Double, width: Double) -> Double {
        let subhead = TextStyle.subheadline
        let chipHeight = subhead.lineHeight(at: size) + 2 * Metrics.chipVerticalPadding
        let rowHeight = max(Metrics.minimumTarget, chipHeight)
        let chipTop = top + (rowHeight - chipHeight) / 2
        let iconWidth = TextBox.symbolWidth(pointSize: subhead.pointSize(at: size))
        let filtersSide = chipHeight
        let filtersX = width - Metrics.margin - max(Metrics.minimumTarget, filtersSide)
        let rowEnd = inputs.hasFiltersAction ? filtersX - Metrics.filtersGap : width - Metrics.margin
        let viewport = rowEnd - Metrics.margin

        var x = 0.0
        if let chips = inputs.chips {
            for chip in chips {
                let isOn = inputs.selectedChips.contains(chip.id)
                var contentWidth = TextBox(chip.title, style: subhead, weight: .medium, size: size).width
                if chip.symbol != nil { contentWidth += iconWidth + Metrics.chipIconGap }
                if isOn { contentWidth += iconWidth + Metrics.chipIconGap }
                let frame = Rect(x: Metrics.margin + x, y: chipTop,
                                 width: max(Metrics.minimumTarget, contentWidth + 2 * Metrics.chipPadding),
                                 height: chipHeight)
                elements.append(AccessibilityElement(
                    id: "chip.\(chip.id)", label: chip.title,
                    hint: isOn ? "Removes this filter from the feed." : "Adds this filter to the feed.",
                    traits: isOn ? [.button, .selected] : [.button], isInteractive: true,
                    frame: frame, hitRegion: frame.expanded(toAtLeast: Metrics.minimumTarget),
                    container: "chips",
                    facts: [Fact("selection", "multiple"), Fact("selected", isOn ? "yes" : "no"),
                            Fact("font", "type.subhead"), Fact("weight", "medium"),
                            Fact("fill", isOn ? "textPrimary" : "fill"), Fact("color", isOn ? "bg" : "textPrimary"),
                            Fact("stroke", "separator"), Fact("check", isOn ? "yes" : "no"),
                            Fact("symbol", chip.symbol ?? "")]))
                x += frame.width + Metrics.chipSpacing
            }
        } else {
            for (index, placeholderWidth) in Metrics.placeholderWidths.enumerated() {
                elements.append(AccessibilityElement(
                    id: "chip.placeholder.\(index + 1)", isHidden: true, isDecorative: true,
                    frame: Rect(x: Metrics.margin + x, y: chipTop, width: placeholderWidth, height: chipHeight),
                    container: "chips", facts: [Fact("fill", "fill")]))
                x += placeholderWidth + Metrics.chipSpacing
            }
        }
        scrollRegions.append(ScrollRegion(id: "chips", axis: .horizontal, contentLength: max(0, x - Metrics.chipSpacing),
                                          viewportLength: viewport, isScrollEnabled: true))

        // "The Filters button is fill with a separator ring; its count is the accent with
        // accentOn figures in type.caption, ringed in bg: the block's only accent."
        if inputs.hasFiltersAction {
            let frame = Rect(x: filtersX, y: chipTop, width: filtersSide, height: filtersSide)
            elements.append(AccessibilityElement(
                id: "filters", label: "Filters",
                value: inputs.filterCount > 0 ? "\(inputs.filterCount) on" : "",
                hint: "Opens the filter sheet.", traits: [.button], isInteractive: true,
                frame: frame, hitRegion: frame.expanded(toAtLeast: Metrics.minimumTarget),
                facts: [Fact("fill", "fill"), Fact("stroke", "separator"),
                        Fact("badge", inputs.filterCount > 0 ? "accent" : ""),
                        Fact("badge-figures", "accentOn type.caption"), Fact("badge-ring", "bg"),
                        Fact("count", String(inputs.filterCount))]))
        }
        return rowHeight
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
