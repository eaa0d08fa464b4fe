import AccessibilityModel
import ModelKit

extension ScopeHeader {
    /// What every render of the block looks up, worked out once when the block is made.
    ///
    /// An audit renders every state; the strings, facts and animations a body uses depend
    /// only on the title, scopes and chips, so they are made here once instead of formatted
    /// again in each render. Immutable, so any number of threads may render at once, and a
    /// class, so that copying the block costs one retain.
    final class Constants: Sendable {
        /// Where each of the block's own dimensions sits in a state.
        let scopePosition: Int, chipsPosition: Int, onPosition: Int, countPosition: Int
        let stuckPosition: Int, onFiltersPosition: Int

        /// Per `chips` value: the chips passed (nil while loading).
        let chipRows: [[Chip]?]
        /// Per `on` value: whether each of the model's chips is on.
        let chipsOn: [[Bool]]
        /// Per `on` value and chip: the `on` value with that chip toggled.
        let toggledOn: [[String]]
        /// Per `count` value and `on` value: the figure on the Filters button, and whether
        /// it is the default one.
        let filterCounts: [[Int]]
        let isFilterCountDefault: [Bool]
        /// Per `stuck` value: whether the header is stuck, and the value the other way round.
        let stuck: [Bool]
        let unstuck: [Int]
        /// Per `onFilters` value: whether the Filters action is set.
        let filtersActions: [Bool]

        let environments: EnvironmentTable

        // Element ids and what VoiceOver is given.
        let scopeIDs: [String]
        /// Per scope: "4 new" for a count, nil without one.
        let scopeValues: [String?]
        let scopeCountTexts: [String?]
        /// Per scope and selected (1) or not (0): the scope's facts.
        let scopeFacts: [[[Fact]]]
        let chipIDs: [String]
        /// Per chip and on (1) or not (0): the chip's facts.
        let chipFacts: [[[Fact]]]
        /// Per figure 0…the largest: "N on", the badge's text and the Filters button's facts.
        let filtersValues: [String]
        let badgeTexts: [String]
        let filtersFacts: [[Fact]]
        let placeholderIDs: [String]
        /// Per size: the title's point size as written in its fact, under each
        /// `display-title-scaling` answer (body, title, fixed).
        let titlePointSizeFacts: [[Fact]]

        let groundFact = Fact("ground", "bg")
        let filterCountFacts: [[Fact]]
        let selectedScopeFacts: [Fact]
        let hairlineMotions = [Motion(subject: "stuck.hairline", kind: .none)]

        init(title: String, scopes: [Scope], chips: [Chip], stateSpace: StateSpace) {
            func position(_ name: String) -> Int { stateSpace.position(of: name)! }
            func values(_ name: String) -> [String] { stateSpace.dimensions[position(name)].values }
            scopePosition = position("scope")
            chipsPosition = position("chips")
            onPosition = position("on")
            countPosition = position("count")
            stuckPosition = position("stuck")
            onFiltersPosition = position("onFilters")

            chipRows = values("chips").map { value in
                switch value {
                case "loading": nil
                case "none": []
                default: chips
                }
            }
            let onValues = values("on")
            let selections = onValues.map { on in
                on == "none" ? Set<String>() : Set(on.split(separator: "+").map(String.init))
            }
            chipsOn = selections.map { selected in chips.map { selected.contains($0.id) } }
            let onCounts = selections.map(\.count)
            toggledOn = selections.map { selected in
                chips.map { chip in ScopeHeader.onValue(selected.symmetricDifference([chip.id]), of: chips) }
            }
            // "It defaults to the chips that are on": the size of the `selectedChips` binding.
            isFilterCountDefault = values("count").map { $0 == "auto" }
            filterCounts = values("count").map { count in
                count == "auto" ? onCounts : onCounts.map { _ in Int(count) ?? 0 }
            }
            let stuckValues = values("stuck")
            stuck = stuckValues.map { $0 == "yes" }
            unstuck = stuck.map { stuckValues.firstIndex(of: $0 ? "no" : "yes")! }
            filtersActions = values("onFilters").map { $0 == "set" }
            environments = EnvironmentTable(stateSpace)

            scopeIDs = scopes.map { "scope.\($0.id)" }
            // "'4 new' as its value"; the count is "shown after the title in textTertiary".
            scopeValues = scopes.map { scope in scope.count.map { "\($0) new" } }
            scopeCountTexts = scopes.map { scope in scope.count.map(String.init) }
            scopeFacts = scopes.map { scope in
                [false, true].map { selected in
                    SelectionGroupKind.single.memberFacts(isSelected: selected)
                    + [Fact("count", scope.count.map(String.init) ?? ""), ThemeToken.font("type.body").fact,
                       Fact("count-color", scope.count == nil ? "" : "textTertiary")]
                }
            }
            chipIDs = chips.map { "chip.\($0.id)" }
            // "Chips are type.subhead medium on fill with a 1 point separator stroke; a chip
            // that is on is textPrimary with its label in bg" and "fills in textPrimary with a
            // check".
            chipFacts = chips.map { chip in
                [false, true].map { isOn in
                    SelectionGroupKind.multiple.memberFacts(isSelected: isOn)
                    + [ThemeToken.font("type.subhead").fact, ThemeToken.fill(isOn ? "textPrimary" : "fill").fact,
                       ThemeToken.stroke("separator").fact, Fact("stroke-width", "1"),
                       Fact("check", isOn ? "yes" : "no"), Fact("symbol", chip.symbol ?? "")]
                }
            }
            let largest = (filterCounts.flatMap { $0 }.max() ?? 0)
            filtersValues = (0...largest).map { $0 > 0 ? "\($0) on" : "" }
            badgeTexts = (0...largest).map(String.init)
            // "The Filters button is fill with a separator ring; its count is the accent with
            // accentOn figures in type.caption, ringed in bg: the block's only accent."
            filtersFacts = (0...largest).map { count in
                [ThemeToken.fill("fill").fact, ThemeToken.stroke("separator").fact, Fact("badge", count > 0 ? "accent" : ""),
                 Fact("badge-figures", "accentOn type.caption"), Fact("badge-ring", "bg"), Fact("count", String(count))]
            }
            placeholderIDs = ScopeHeader.placeholderWidths.indices.map { "chip.placeholder.\($0 + 1)" }
            titlePointSizeFacts = ContentSizeCategory.allCases.map { size in
                ScopeHeader.titleFonts.map { Fact("point-size", Renderer.format(($0.pointSize(at: size) * 100).rounded() / 100)) }
            }
            filterCountFacts = filterCounts.map { $0.map { Fact("filter-count", String($0)) } }
            selectedScopeFacts = values("scope").map { Fact("selected-scope", $0) }
        }
    }
}
