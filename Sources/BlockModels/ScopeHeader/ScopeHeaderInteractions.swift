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
        let reduced = environment.reduceMotion
        var transitions: [Transition] = []

        for scope in scopes {
            let changes = scope.id != inputs.scope
            transitions.append(Transition(
                action: .activate, target: "scope.\(scope.id)",
                resultingState: state.with("scope", scope.id), changesSelection: changes,
                haptics: changes ? [.selection] : [],
                motions: changes ? [Theme.motion("underline", .matchedGeometry, Theme.hero, fadingUnder: reduced)] : []))
        }

        for chip in inputs.chips ?? [] {
            let toggled = inputs.selectedChips.symmetricDifference([chip.id])
            var motions = [Theme.motion("chip.\(chip.id)", .move, Theme.snappy, fadingUnder: reduced)]
            if inputs.hasFiltersAction && inputs.isFilterCountDefault {
                motions.append(Theme.motion("filters.count", .numericRoll, Theme.snappy, fadingUnder: reduced))
            }
            transitions.append(Transition(
                action: .activate, target: "chip.\(chip.id)",
                resultingState: state.with("on", onValue(toggled)), changesSelection: true,
                haptics: [.selection], motions: motions))
        }

        if inputs.hasFiltersAction && inputs.chips != [] {
            transitions.append(Transition(action: .activate, target: "filters", resultingState: state,
                                          changesSelection: false))
        }

        // "a hairline appears under it once it is stuck over the feed"
        transitions.append(Transition(
            action: .scroll, resultingState: state.with("stuck", inputs.isStuck ? "no" : "yes"),
            changesSelection: false, motions: [Motion(subject: "stuck.hairline", kind: .none)]))
        return transitions
    }
}
