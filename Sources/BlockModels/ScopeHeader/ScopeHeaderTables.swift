import AccessibilityModel

extension ScopeHeader {
    /// What the block's states share, worked out once when the block is made.
    ///
    /// An audit renders every state, and most of a snapshot depends on one or two
    /// dimensions: a scope's element on whether it is selected, a chip's on whether it is
    /// on, a text width on the size. The tables hold those parts, so that a render looks
    /// them up by value index instead of reading values by name, measuring text and
    /// building facts again. They are immutable, so any number of threads may render at once,
    /// and a class, so that copying the block (as every render through `any BlockModel`
    /// does) costs one retain.
    final class Tables: Sendable {
        /// Where each of the block's own dimensions sits in a state.
        let scopePosition: Int, chipsPosition: Int, onPosition: Int, countPosition: Int
        let stuckPosition: Int, onFiltersPosition: Int

        /// Per `scope` value: the scope id it names.
        let scopeIDs: [String]
        /// Per `scope` value: whether each of the model's scopes is the selected one.
        let selectedScopes: [[Bool]]
        /// Per `chips` value: the chips passed (nil while loading).
        let chipRows: [[Chip]?]
        /// Per `on` value: whether each of the model's chips is on.
        let chipsOn: [[Bool]]
        /// Per `on` value and chip: the `on` value with that chip toggled.
        let toggledOn: [[Int]]
        /// Per `count` value and `on` value: the figure on the Filters button, and whether
        /// it is the default one.
        let filterCounts: [[Int]]
        let isFilterCountDefault: [Bool]
        /// Per `stuck` value: whether the header is stuck, and the value the other way round.
        let stuck: [Bool]
        let unstuck: [Int]
        /// Per `onFilters` value: whether the Filters action is set.
        let filtersActions: [Bool]
        /// Per scope: the `scope` value that selects it.
        let scopeValues: [Int]

        let environments: EnvironmentTable
        let elements: ScopeHeaderLayout.Templates
        let interactions: InteractionTemplates

        init(title: String, scopes: [Scope], chips: [Chip], stateSpace: StateSpace) {
            func position(_ name: String) -> Int { stateSpace.position(of: name)! }
            func values(_ name: String) -> [String] { stateSpace.dimensions[position(name)].values }
            scopePosition = position("scope")
            chipsPosition = position("chips")
            onPosition = position("on")
            countPosition = position("count")
            stuckPosition = position("stuck")
            onFiltersPosition = position("onFilters")

            let scopeIDs = values("scope")
            self.scopeIDs = scopeIDs
            selectedScopes = scopeIDs.map { id in scopes.map { $0.id == id } }
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
                chips.map { chip in
                    let toggled = ScopeHeader.onValue(selected.symmetricDifference([chip.id]), of: chips)
                    return onValues.firstIndex(of: toggled)!
                }
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
            scopeValues = scopes.map { scope in scopeIDs.firstIndex(of: scope.id)! }

            environments = EnvironmentTable(stateSpace)
            elements = ScopeHeaderLayout.Templates(title: title, scopes: scopes, chips: chips,
                                                   filterCounts: filterCounts)
            interactions = InteractionTemplates(scopes: scopes, chips: chips)
        }
    }
}
