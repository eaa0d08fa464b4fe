import AccessibilityModel

extension ScopeHeader {
    /// The interactions from a state: picking each scope, toggling each chip, opening the
    /// filter sheet, and the feed scrolling the header into or out of its pinned place.
    ///
    /// - "Picking a scope and toggling a chip each tick with a selection haptic." Picking
    ///   the scope that is already selected changes nothing, so nothing ticks (assumption:
    ///   the haptic is triggered by the binding's change, as `.sensoryFeedback` is).
    /// - "an underline that slides to the one you pick", which "moves with
    ///   matchedGeometryEffect and motion.hero"; "Chip changes use motion.snappy"; the
    ///   Filters button "shows how many filters are on, rolling to each new count";
    ///   "Reduce Motion turns the underline slide and chip changes into short fades" — the
    ///   count's roll is part of the chip change, so it fades too.
    /// - A chip that turns on grows by its check, moving the chips after it.
    /// - "onFilters opens your full filter sheet": outside the block, so no change here.
    func transitions(from state: BlockState, inputs: Inputs, environment: AccessibilityEnvironment) -> [Transition] {
        let interactions = tables.interactions
        let reduced = environment.reduceMotion ? 1 : 0
        let chips = inputs.chips ?? []
        var transitions: [Transition] = []
        transitions.reserveCapacity(scopes.count + chips.count + 2)

        let selection = tables.selectedScopes[inputs.scope]
        for index in scopes.indices {
            let changes = !selection[index]
            transitions.append(Transition(
                action: .activate, target: interactions.scopeTargets[index],
                resultingState: state.with(dimensionAt: tables.scopePosition, valueAt: tables.scopeValues[index]),
                changesSelection: changes,
                haptics: changes ? interactions.selection : [],
                motions: changes ? interactions.underlineMotions[reduced] : []))
        }

        let rolls = inputs.hasFiltersAction && inputs.isFilterCountDefault ? 1 : 0
        let toggled = tables.toggledOn[inputs.on]
        for index in chips.indices {
            transitions.append(Transition(
                action: .activate, target: interactions.chipTargets[index],
                resultingState: state.with(dimensionAt: tables.onPosition, valueAt: toggled[index]),
                changesSelection: true,
                haptics: interactions.selection, motions: interactions.chipMotions[index][reduced][rolls]))
        }

        if inputs.hasFiltersAction && inputs.chips != [] {
            transitions.append(Transition(action: .activate, target: "filters", resultingState: state,
                                          changesSelection: false))
        }

        // "a hairline appears under it once it is stuck over the feed"
        let stuck = state.valueIndices[tables.stuckPosition]
        transitions.append(Transition(
            action: .scroll, resultingState: state.with(dimensionAt: tables.stuckPosition, valueAt: tables.unstuck[stuck]),
            changesSelection: false, motions: interactions.hairlineMotions))
        return transitions
    }

    /// The targets, haptics and motions of the interactions, made once per block (see
    /// ``Tables``). Indexed by scope or chip in the model's order, then by Reduce Motion
    /// (1 when on), then for chips by whether the Filters count rolls (1 when it does).
    struct InteractionTemplates: Sendable {
        let scopeTargets: [String]
        let chipTargets: [String]
        let selection: [Haptic] = [.selection]
        let underlineMotions: [[Motion]]
        let chipMotions: [[[[Motion]]]]
        let hairlineMotions = [Motion(subject: "stuck.hairline", kind: .none)]

        init(scopes: [Scope], chips: [Chip]) {
            scopeTargets = scopes.map { "scope.\($0.id)" }
            chipTargets = chips.map { "chip.\($0.id)" }
            underlineMotions = [false, true].map { reduced in
                [Theme.motion("underline", .matchedGeometry, Theme.hero, fadingUnder: reduced)]
            }
            chipMotions = chips.map { chip in
                [false, true].map { reduced in
                    [false, true].map { rolls in
                        var motions = [Theme.motion("chip.\(chip.id)", .move, Theme.snappy, fadingUnder: reduced)]
                        if rolls {
                            motions.append(Theme.motion("filters.count", .numericRoll, Theme.snappy, fadingUnder: reduced))
                        }
                        return motions
                    }
                }
            }
        }
    }
}
