import AccessibilityModel

extension ScrollingTabStrip {
    /// "private var animation: Animation? { reduceMotion ? nil : .snappy(duration: 0.35) }"
    static let snappyToken = "swiftui.snappy"
    static let snappyDuration = 0.35
    /// ".contentTransition(.symbolEffect(.replace))" on the demo's symbol.
    static let replaceToken = "symbolEffect.replace"

    /// The interactions from a state: activating each tab.
    ///
    /// - "Button { withAnimation(animation) { selection = tab } }": activating a tab sets the
    ///   selection to it. Activating the tab that is already selected assigns the same
    ///   value: nothing changes, "onChange(of: selection…)" does not fire, nothing moves.
    /// - No haptic: the code has no `.sensoryFeedback` and no feedback generator, so a
    ///   change of tab is felt by nothing.
    /// - With Reduce Motion off, everything the change touches animates with
    ///   ".snappy(duration: 0.35)": the underline ("matchedGeometryEffect(id: \"underline\"…)")
    ///   flies to the new tab; the titles' ".foregroundStyle(isSelected ? .primary :
    ///   .secondary)" cross-fade; the strip scrolls ("withAnimation(animation) {
    ///   proxy.scrollTo(newValue, anchor: .center) }") when the new tab's centred offset
    ///   differs from the current one; on the demo page, the symbol's
    ///   ".contentTransition(.symbolEffect(.replace))" scales the old symbol out and the new
    ///   one in, the card's ".hueRotation(.degrees(Double(index) * 34))" shifts colour and
    ///   the "Stories about …" text cross-fades (assumption: a Text's default content
    ///   transition, the opacity one). The symbol effect and the text take the transaction's
    ///   0.35 s (assumption: the effect's own timing is not published).
    /// - With Reduce Motion on, `animation` is nil: "withAnimation(nil)" changes everything
    ///   at once, and content transitions "only take effect within transactions that apply an
    ///   Animation" (SwiftUI's ContentTransition documentation), so every subject changes
    ///   instantly.
    func transitions(from state: BlockState, inputs: Inputs, environment: AccessibilityEnvironment) -> [Transition] {
        let current = ScrollingTabStripLayout.Strip(boxes: tables.tabBoxes[environment.contentSize.rawValue],
                                                    selectedIndex: inputs.index,
                                                    size: environment.contentSize, viewport: environment.width)
        let motions = tables.motions[environment.reduceMotion ? 1 : 0]
        return tabs.indices.map { index in
            let changes = index != inputs.index
            let scrolls = changes && abs(current.offset(centring: index, in: environment.width) - current.offset) > 0.01
            return Transition(
                action: .activate, target: tables.tabTargets[index],
                resultingState: state.with(dimensionAt: tables.selectionPosition, valueAt: tables.selectionValues[index]),
                changesSelection: changes,
                haptics: [], motions: changes ? motions[scrolls ? 1 : 0] : [])
        }
    }

    /// The motions of changing tab, with Reduce Motion off or on and with the strip
    /// scrolling or not.
    static func motions(reduceMotion: Bool, scrolls: Bool) -> [Motion] {
        let animated: [(subject: String, kind: Motion.Kind, token: String)] = [
            ("underline", .matchedGeometry, Self.snappyToken),
            ("tab-titles", .opacity, Self.snappyToken),
        ] + (scrolls ? [("tabs", .slide, Self.snappyToken)] : []) + [
            ("page.symbol", .scale, Self.replaceToken),
            ("page.card", .opacity, Self.snappyToken),
            ("page.title", .opacity, Self.snappyToken),
        ]
        return animated.map { motion in
            reduceMotion
                ? Motion(subject: motion.subject, kind: .none, token: "", duration: 0)
                : Motion(subject: motion.subject, kind: motion.kind, token: motion.token, duration: Self.snappyDuration)
        }
    }
}
