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
        let templates = model.tables.elements
        let size = environment.contentSize
        let width = environment.width
        let available = width - 2 * Metrics.margin
        var y = Metrics.topPadding
        elements.reserveCapacity(6 + model.scopes.count + max(model.chips.count, Metrics.placeholderWidths.count))
        scrollRegions.reserveCapacity(2)

        let title = templates.titleBoxes[size.rawValue].wrapped(to: available)
        elements.append(templates.titles[size.rawValue].placed(
            at: Rect(x: Metrics.margin, y: y, width: title.width, height: title.height)))
        y += title.height + Metrics.titleToScopes

        layOutScopes(model: model, inputs: inputs, size: size, top: y, available: available)
        let scopeRowBottom = y + max(Metrics.minimumTarget, TextStyle.body.lineHeight(at: size))
        elements.append(templates.scopesHairline.placed(
            at: Rect(x: 0, y: scopeRowBottom, width: width, height: Theme.hairline)))
        y = scopeRowBottom + Theme.hairline

        // "chips: [] hides the chip row", the Filters button at its end included.
        if inputs.chips != [] {
            y += Metrics.chipRowGap
            y += layOutChipRow(model: model, inputs: inputs, size: size, top: y, width: width)
        }
        y += Metrics.bottomPadding

        // "a hairline appears under it once it is stuck over the feed"
        if inputs.isStuck {
            elements.append(templates.stuckHairline.placed(
                at: Rect(x: 0, y: y - Theme.hairline, width: width, height: Theme.hairline)))
        }

        if environment.direction == .rightToLeft {
            for index in elements.indices {
                elements[index].frame = elements[index].frame.mirrored(within: width)
                elements[index].hitRegion = elements[index].hitRegion?.mirrored(within: width)
            }
        }
    }

    /// "Scopes that don't fit the width (large text sizes) scroll sideways with the chips'
    /// behaviour"; the selected scope carries the underline.
    private mutating func layOutScopes(model: ScopeHeader, inputs: ScopeHeader.Inputs,
                                       size: ContentSizeCategory, top: Double, available: Double) {
        let templates = model.tables.elements
        let selection = model.tables.selectedScopes[inputs.scope]
        let textWidths = templates.scopeTextWidths[size.rawValue]
        let rowHeight = max(Metrics.minimumTarget, TextStyle.body.lineHeight(at: size))
        var contentWidth = 0.0
        var selectedEnd: Double?
        for index in model.scopes.indices {
            let selected = selection[index]
            let textWidth = textWidths[index][selected ? 1 : 0]
            contentWidth += max(Metrics.minimumTarget, textWidth + 2 * Metrics.scopePadding)
            if selected && selectedEnd == nil { selectedEnd = contentWidth }
        }
        let overflows = contentWidth > available
        // A row that scrolls shows the selected scope: scrolled just far enough to reveal it.
        let offset = overflows ? max(0, min((selectedEnd ?? 0) - available, contentWidth - available)) : 0
        scrollRegions.append(ScrollRegion(id: "scopes", axis: .horizontal, contentLength: contentWidth,
                                          viewportLength: available, isScrollEnabled: overflows, offset: offset))
        var x = 0.0
        for index in model.scopes.indices {
            let selected = selection[index]
            let textWidth = textWidths[index][selected ? 1 : 0]
            let buttonWidth = max(Metrics.minimumTarget, textWidth + 2 * Metrics.scopePadding)
            let placed = Rect(x: x + Metrics.margin - offset, y: top, width: buttonWidth, height: rowHeight)
            x += buttonWidth
            elements.append(templates.scopes[index][selected ? 1 : 0].placed(
                at: placed, hitRegion: placed.expanded(toAtLeast: Metrics.minimumTarget)))
            if selected {
                elements.append(templates.underlines[index].placed(
                    at: Rect(x: placed.x + Metrics.scopePadding, y: placed.maxY - Metrics.underlineHeight,
                             width: textWidth, height: Metrics.underlineHeight)))
            }
        }
    }

    /// The chip row and the Filters button; returns the row's height.
    private mutating func layOutChipRow(model: ScopeHeader, inputs: ScopeHeader.Inputs,
                                        size: ContentSizeCategory, top: Double, width: Double) -> Double {
        let templates = model.tables.elements
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
            let chipsOn = model.tables.chipsOn[inputs.on]
            let titleWidths = templates.chipTitleWidths[size.rawValue]
            for index in chips.indices {
                let isOn = chipsOn[index]
                var contentWidth = titleWidths[index]
                if chips[index].symbol != nil { contentWidth += iconWidth + Metrics.chipIconGap }
                if isOn { contentWidth += iconWidth + Metrics.chipIconGap }
                let frame = Rect(x: Metrics.margin + x, y: chipTop,
                                 width: max(Metrics.minimumTarget, contentWidth + 2 * Metrics.chipPadding),
                                 height: chipHeight)
                elements.append(templates.chips[index][isOn ? 1 : 0].placed(
                    at: frame, hitRegion: frame.expanded(toAtLeast: Metrics.minimumTarget)))
                x += frame.width + Metrics.chipSpacing
            }
        } else {
            for (index, placeholderWidth) in Metrics.placeholderWidths.enumerated() {
                elements.append(templates.placeholders[index].placed(
                    at: Rect(x: Metrics.margin + x, y: chipTop, width: placeholderWidth, height: chipHeight)))
                x += placeholderWidth + Metrics.chipSpacing
            }
        }
        scrollRegions.append(ScrollRegion(id: "chips", axis: .horizontal, contentLength: max(0, x - Metrics.chipSpacing),
                                          viewportLength: viewport, isScrollEnabled: true))

        if inputs.hasFiltersAction {
            let frame = Rect(x: filtersX, y: chipTop, width: filtersSide, height: filtersSide)
            elements.append(templates.filters[inputs.count][inputs.on].placed(
                at: frame, hitRegion: frame.expanded(toAtLeast: Metrics.minimumTarget)))
        }
        return rowHeight
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
