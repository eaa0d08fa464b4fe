import AccessibilityModel
import ModelKit

/// ScopeHeader's SwiftUI body on the model kit.
///
/// The card gives fonts, colours and behaviour but no paddings; these are what a team
/// building the card would write, and each target comes out of the layout, not a floor:
/// - 16 pt side margins, 8 pt above the title and below the chip row, 4 pt between the
///   title and the scopes, 8 pt above the chip row.
/// - A scope is its title (and count) padded 10 pt each side, `.frame(minHeight: 44)` with a
///   rectangular content shape ("Every control has a 44 point target"); nothing widens a
///   short scope.
/// - A chip is its label padded 12 × 6 pt on a capsule, `.frame(minHeight: 44)` with a
///   rectangular content shape; nothing widens a short chip.
/// - The Filters button is a filter symbol padded 6 pt on a circle,
///   `.frame(minWidth: 44, minHeight: 44)`, after the scrolling chip row ("the Filters
///   button at the end of the row"); its count badge is hidden at 0, and VoiceOver then
///   hears no value.
/// - A scope's count is drawn as its figure ("4") after the title; VoiceOver hears "4 new".
/// - Loading chips are four grey capsules, 56, 72, 64 and 80 pt wide and 32 pt tall, hidden
///   from VoiceOver: shapes without text carry nothing to read, and they are not buttons.
/// - The card asks for a hint on each chip but gives none: a chip's hint says what
///   activating it does to the feed ("Adds this filter to the feed." when off, "Removes
///   this filter from the feed." when on). The Filters button's hint, "Opens the filter
///   sheet.", follows "onFilters opens your full filter sheet"; scopes have no hint.
/// - The symbols in a chip (its check, its own symbol) are hidden from VoiceOver: Selected
///   says what the check shows.
/// - The scope row scrolls to keep the selected scope in view: `scrollTo(id, anchor:
///   .trailing)` when the scope changes, animated with the underline's motion.hero (no
///   animation under Reduce Motion).
extension ScopeHeader {
    /// "Pass nil chips while they load and the row shows grey chips in their place."
    static let placeholderWidths = [56.0, 72.0, 64.0, 80.0]
    static let placeholderHeight = 32.0

    /// motion.hero and motion.snappy, and the short fades Reduce Motion turns them into
    /// ("Reduce Motion turns the underline slide and chip changes into short fades").
    static let hero = Animation(token: Theme.hero.name, duration: Theme.hero.duration)
    static let snappy = Animation(token: Theme.snappy.name, duration: Theme.snappy.duration)
    static let heroFade = Animation(token: Theme.hero.name, duration: Theme.reducedFadeDuration, kindOverride: .opacity)
    static let snappyFade = Animation(token: Theme.snappy.name, duration: Theme.reducedFadeDuration, kindOverride: .opacity)

    static let scopeFonts = [Font.system(.body, weight: .regular), Font.system(.body, weight: .semibold)]
    static let chipFont = Font.system(.subheadline, weight: .medium)

    func body(in context: RenderContext) -> View {
        let constants = constants
        let inputs = Inputs(context: context, constants: constants)
        let scope = context.binding("scope", isSelection: true)
        // Watched here; the chips that set it read it where they are drawn.
        let on = context.trigger("on")

        // The title, the scopes and the chips are each kept between renders
        // (`RenderContext.reused`): none depends on the screen width, and only the title on
        // the text size, which otherwise decide only how they are laid out. The rest of the
        // chip row (its scroll view and the Filters button) reads the count, the Filters
        // action and what is on, and is built in each render: kept for every combination of
        // those, it would be placed again in hardly any.
        return VStack(alignment: .leading, spacing: 0) {
            context.reused("title") { context in displayTitle(context) }

            // "text tabs on a hairline with an underline that slides to the one you pick";
            // "Scopes that don't fit the width (large text sizes) scroll sideways with the
            // chips' behaviour."
            context.reused("scopes") { context in scopeRow(context) }

            // "An SPHairline runs under them."
            Rectangle().fill("separator").frame(height: Theme.hairline)
                .accessibilityIdentifier("scopes.hairline")

            chipArea(context, on: on)
        }
        .padding(.top, 8)
        .padding(.bottom, 8)
        // "The header brings its own ground so it can pin as a section header"; "a hairline
        // appears under it once it is stuck over the feed".
        .background { Rectangle().fill("bg") }
        .overlay(alignment: .bottom) {
            if inputs.isStuck {
                Rectangle().fill("separator").frame(height: Theme.hairline)
                    .accessibilityIdentifier("stuck.hairline")
            }
        }
        // "Picking a scope and toggling a chip each tick with a selection haptic."
        .sensoryFeedback(.selection, trigger: scope)
        .sensoryFeedback(.selection, trigger: on)
    }

    /// The chip row and the Filters button, each where it shows: "chips: [] hides the chip
    /// row"; the Filters button with it unless `filters-with-empty-chips` says it stays.
    private func chipArea(_ context: RenderContext, on: Binding) -> View {
        let inputs = Inputs(context: context, constants: constants)
        let showsRow = inputs.chips != []
        let showsFilters = inputs.hasFiltersAction && (showsRow || context.holds(Self.filtersWithEmptyChips, "shown"))
        guard showsRow || showsFilters else { return .empty }
        return chipRow(context, inputs: inputs, on: on, animation: Self.snappy.reducedMotion(Self.snappyFade),
                       showsChips: showsRow, showsFilters: showsFilters)
            .padding(.top, 8)
    }

    /// "The title is the one display moment: the brand's display face (type.face) at 28
    /// points, type.displayWeight capped at semibold, in textPrimary"; "VoiceOver reads the
    /// title as a header".
    private func displayTitle(_ context: RenderContext) -> View {
        let titleScaling = context.value(of: Self.displayTitleScaling)
        let titleIndex = Self.displayTitleScaling.values.firstIndex(of: titleScaling) ?? 0
        return Text(title)
            .font(Self.titleFonts[titleIndex])
            .foregroundStyle("textPrimary")
            .accessibilityHeading()
            .facts([Role.title.fact, ThemeToken.font("type.face").fact,
                    constants.titlePointSizeFacts[context.contentSize.rawValue][titleIndex],
                    // "When the face isn't bundled it falls back to SF in type.figureDesign,
                    // or in type.textDesign when figures are monospaced."
                    Fact("fallback", "SF type.figureDesign; type.textDesign when figures are monospaced")])
            .accessibilityIdentifier("title")
            .padding(.horizontal, 16)
            .padding(.bottom, 4)
    }

    /// The scopes, scrolling to keep the selected one in view.
    private func scopeRow(_ context: RenderContext) -> View {
        let constants = constants
        let inputs = Inputs(context: context, constants: constants)
        let scope = context.binding("scope", isSelection: true)
        let hero = Self.hero.reducedMotion(Self.heroFade)
        return ScrollView(.horizontal, id: "scopes") {
            HStack(spacing: 0) {
                ForEach(scopes.indices) { index in
                    scopeButton(index, selected: index == inputs.scope, scope: scope, animation: hero)
                }
            }
        }
        .scrollsTo(scope, target: constants.scopeIDs[inputs.scope], anchor: .trailing,
                   animation: Self.hero.reducedMotion(nil))
        .accessibilityElement(children: .contain)
        .accessibilityIdentifier("scopes")
        .padding(.horizontal, 16)
    }

    /// "Scopes are type.body: semibold textPrimary when selected, regular textSecondary
    /// otherwise, with a 2 point textPrimary underline that moves with matchedGeometryEffect
    /// and motion.hero"; "each scope as a button with Selected on the current one and "4
    /// new" as its value".
    private func scopeButton(_ index: Int, selected: Bool, scope: Binding, animation: Animation) -> View {
        let constants = constants
        let id = constants.scopeIDs[index]
        return Button(action: withAnimation(animation) { scope.set(scopes[index].id) }) {
            HStack(spacing: 4) {
                Text(scopes[index].title)
                    .font(Self.scopeFonts[selected ? 1 : 0])
                    .foregroundStyle(selected ? "textPrimary" : "textSecondary")
                if let count = constants.scopeCountTexts[index] {
                    Text(count).font(Self.scopeFonts[0]).foregroundStyle("textTertiary").accessibilityHidden(true)
                }
            }
            .padding(.horizontal, 10)
            .frame(minHeight: 44)
            .contentShape(.rect)
        }
        .accessibilityIdentifier(id)
        .accessibilityValue(constants.scopeValues[index] ?? "")
        .accessibilityAddTraits(selected ? .selected : [])
        .facts(constants.scopeFacts[index][selected ? 1 : 0])
        .id(id)
        .overlay(alignment: .bottom) {
            if selected {
                Rectangle().fill("textPrimary").conveys("selection").frame(height: 2)
                    .padding(.horizontal, 10)
                    .matchedGeometryEffect(moving: scope)
                    .accessibilityIdentifier("scopes.underline")
            }
        }
    }

    /// "Under them a row of filter chips scrolls sideways: a chip on fills in textPrimary with
    /// a check, and the Filters button at the end of the row shows how many filters are on,
    /// rolling to each new count."
    private func chipRow(_ context: RenderContext, inputs: Inputs, on: Binding, animation: Animation,
                         showsChips: Bool, showsFilters: Bool) -> View {
        HStack(spacing: 8) {
            if showsChips {
                ScrollView(.horizontal, id: "chips") {
                    // Proposed no width in their scroll view, the chips are laid out alike
                    // whatever the screen width and the Filters button beside them: kept
                    // between renders on their own.
                    context.reused("chip-buttons") { context in chipButtons(context, animation: animation) }
                }
                .accessibilityElement(children: .contain)
                .accessibilityIdentifier("chips")
            } else {
                Spacer(minLength: 0)
            }
            if showsFilters {
                filtersButton(inputs: inputs, on: on)
            }
        }
        .padding(.horizontal, 16)
    }

    /// The chips, or grey placeholders while they load.
    private func chipButtons(_ context: RenderContext, animation: Animation) -> View {
        let constants = constants
        let inputs = Inputs(context: context, constants: constants)
        return HStack(spacing: 8) {
            if let chips = inputs.chips {
                let on = context.binding("on", isSelection: true)
                ForEach(chips.indices) { index in
                    chipButton(index, chip: chips[index], isOn: constants.chipsOn[inputs.on][index],
                               inputs: inputs, on: on, animation: animation)
                }
            } else {
                // "Pass nil chips while they load and the row shows grey chips in their place."
                ForEach(Self.placeholderWidths.indices) { index in
                    Capsule().fill("fill")
                        .frame(width: Self.placeholderWidths[index], height: Self.placeholderHeight)
                        .accessibilityIdentifier(constants.placeholderIDs[index])
                }
            }
        }
    }

    /// "Chips are type.subhead medium on fill with a 1 point separator stroke; a chip that is
    /// on is textPrimary with its label in bg"; "each chip with Selected when on and a hint";
    /// "Chip changes use motion.snappy, adapted for Reduce Motion".
    private func chipButton(_ index: Int, chip: Chip, isOn: Bool, inputs: Inputs, on: Binding,
                            animation: Animation) -> View {
        let constants = constants
        return Button(action: withAnimation(animation) { on.set(constants.toggledOn[inputs.on][index]) }) {
            HStack(spacing: 4) {
                if isOn { Image(systemName: "checkmark").accessibilityHidden(true) }
                if let symbol = chip.symbol { Image(systemName: symbol).accessibilityHidden(true) }
                Text(chip.title)
            }
            .font(Self.chipFont)
            .foregroundStyle(isOn ? "bg" : "textPrimary")
            .padding(.horizontal, 12)
            .padding(.vertical, 6)
            .background { Capsule().fill(isOn ? "textPrimary" : "fill") }
            .overlay { Capsule().stroke("separator", lineWidth: 1).conveys("boundary") }
            .frame(minHeight: 44)
            .contentShape(.rect)
        }
        .accessibilityIdentifier(constants.chipIDs[index])
        .accessibilityHint(isOn ? "Removes this filter from the feed." : "Adds this filter to the feed.")
        .accessibilityAddTraits(isOn ? .selected : [])
        .facts(constants.chipFacts[index][isOn ? 1 : 0])
        .changes(.move, on: on)
    }

    /// "The Filters button is fill with a separator ring; its count is the accent with
    /// accentOn figures in type.caption, ringed in bg"; "the Filters button as "Filters, 2
    /// on""; "rolling to each new count".
    private func filtersButton(inputs: Inputs, on: Binding) -> View {
        let constants = constants
        let count = inputs.filterCount
        let button = Button(action: .external) {
            Image(systemName: "line.3.horizontal.decrease")
                .font(Self.chipFont)
                .foregroundStyle("textPrimary")
                .padding(6)
                .background { Circle().fill("fill") }
                .overlay { Circle().stroke("separator", lineWidth: 1).conveys("boundary") }
                .overlay(alignment: .topTrailing) {
                    if count > 0 {
                        Text(constants.badgeTexts[count]).font(.caption).foregroundStyle("accentOn")
                            .padding(.horizontal, 4)
                            .background { Capsule().fill("accent") }
                            .offset(x: 6, y: -6)
                    }
                }
                .frame(minWidth: 44, minHeight: 44)
                .contentShape(.rect)
        }
        .accessibilityIdentifier("filters")
        .accessibilityLabel("Filters")
        .accessibilityValue(constants.filtersValues[count])
        .accessibilityHint("Opens the filter sheet.")
        .facts(constants.filtersFacts[count])
        // The default count follows the chips that are on, so it rolls when they change; a
        // count the app passes does not change with them.
        return inputs.isFilterCountDefault ? button.contentTransition(.numericText, on: on) : button
    }
}
