import AccessibilityModel
import ModelKit

extension TopTabs {
    /// The interactions from a state that are not a tab's button (those come out of the
    /// rendered body: "Tapping a tab pages straight to it, the indicator gliding along, and
    /// the strip scrolls to bring the selected tab to the middle").
    ///
    /// At rest:
    /// - Setting the selection from code: "Set selection from your own code and the pager
    ///   pages there", as a tap does: the same change with the same motions and haptic.
    /// - Starting a drag toward either neighbour.
    ///
    /// Mid-drag (the finger is on the pager, so no tab is tapped):
    /// - Dragging on, or back: the pager and indicator follow the finger; no haptic.
    /// - Releasing: past halfway the page settles on the neighbour and the selection
    ///   changes ("A swipe sets selection once the page settles"), with the strip's scroll and
    ///   the title colours a tap would make; before halfway, or past either end, it settles
    ///   back.
    ///
    /// "Haptics: selection when the tab changes": one selection haptic for every change of
    /// tab, however it came, and none otherwise.
    ///
    /// Mid-drag the body's tab buttons are left out of the state's transitions; every
    /// other transition of the body is kept.
    func transitions(in context: RenderContext, inputs: Inputs) -> [Transition] {
        let templates = tables.interactions
        let fixture = inputs.fixture
        let drag = fixture.drags[inputs.drag]
        let body = context.bodyTransitions
        let taps = body.filter { $0.action == .activate && $0.target.hasPrefix("tab.") }
        func tap(_ index: Int) -> Transition? { taps.first { $0.target == fixture.tabIDs[index] } }
        var transitions = inputs.dragDirection == 0 ? body : body.filter { !($0.action == .activate && $0.target.hasPrefix("tab.")) }
        transitions.reserveCapacity(transitions.count + inputs.items.count + 3)

        func dragging(to value: Int?) -> Transition {
            Transition(action: .drag, resultingState: context.state(setting: tables.dragPosition, to: value!),
                       changesSelection: false, haptics: templates.dragHaptics, motions: templates.dragging)
        }

        if inputs.dragDirection == 0 {
            for index in inputs.items.indices where index != inputs.selected {
                guard var code = tap(index) else { continue }
                code.action = .setSelection
                transitions.append(code)
            }
            transitions.append(dragging(to: drag.further))
            transitions.append(dragging(to: drag.back))
        } else {
            if inputs.dragFraction < 0.75 { transitions.append(dragging(to: drag.further)) }
            transitions.append(dragging(to: drag.back))

            let lands = inputs.dragFraction >= 0.5 ? inputs.dragTarget : nil
            let settled = context.state(setting: tables.dragPosition, to: drag.none!)
            // The pager and the indicator come to rest under the finger; the strip and the
            // title colours change as the tap to the same tab changes them.
            let motions = lands.map { index in
                templates.dragging + (tap(index)?.motions.filter { $0.subject != "pager" && $0.subject != "indicator" } ?? [])
            } ?? templates.dragging
            transitions.append(Transition(
                action: .settle,
                resultingState: lands.map {
                    settled.with(dimensionAt: tables.selectionPosition, valueAt: fixture.selectionValues[$0])
                } ?? settled,
                changesSelection: lands != nil, haptics: lands != nil ? templates.selection : [], motions: motions))
        }
        return transitions
    }

    /// The haptics and motions of the drags, made once per block (see ``Tables``).
    struct InteractionTemplates: Sendable {
        let selection: [Haptic] = [.selection]
        /// A selection haptic on every drag step is a fault; the card has none.
        let dragHaptics: [Haptic]
        /// A drag step: the pager and indicator follow the finger.
        let dragging = [Motion(subject: "pager", kind: .slide, followsFinger: true),
                        Motion(subject: "indicator", kind: .move, followsFinger: true)]

        init(faults: Tables.Faults) {
            dragHaptics = faults.hapticOnDrag ? [.selection] : []
        }
    }
}
