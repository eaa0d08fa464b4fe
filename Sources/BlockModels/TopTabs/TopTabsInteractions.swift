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
    /// Setting the selection and settling on a tab do what the tab's button does, made from
    /// it (``AddedTransition/fromButton(on:action:target:resultingState:changesSelection:haptics:motionsBefore:leavingOut:)``):
    /// the kit gives them the button's motions under the state's Reduce Motion, which these
    /// additions never read.
    func transitions(in context: RenderContext, inputs: Inputs) -> [AddedTransition] {
        let templates = tables.interactions
        let fixture = inputs.fixture
        let drag = fixture.drags[inputs.drag]
        var transitions: [AddedTransition] = []
        transitions.reserveCapacity(inputs.items.count + 3)

        func dragging(to value: Int?) -> AddedTransition {
            .own(Transition(action: .drag, resultingState: context.state(setting: tables.dragPosition, to: value!),
                            changesSelection: false, haptics: templates.dragHaptics, motions: templates.dragging))
        }

        if inputs.dragDirection == 0 {
            for index in inputs.items.indices where index != inputs.selected && context.hasButton(on: fixture.tabIDs[index]) {
                transitions.append(.fromButton(on: fixture.tabIDs[index], action: .setSelection))
            }
            transitions.append(dragging(to: drag.further))
            transitions.append(dragging(to: drag.back))
        } else {
            if inputs.dragFraction < 0.75 { transitions.append(dragging(to: drag.further)) }
            transitions.append(dragging(to: drag.back))

            let lands = inputs.dragFraction >= 0.5 ? inputs.dragTarget : nil
            let settled = context.state(setting: tables.dragPosition, to: drag.none!)
            let resulting = lands.map {
                settled.with(dimensionAt: tables.selectionPosition, valueAt: fixture.selectionValues[$0])
            } ?? settled
            let haptics = lands != nil ? templates.selection : []
            // The pager and the indicator come to rest under the finger; the strip and the
            // title colours change as the tap to the same tab changes them.
            if let index = lands, context.hasButton(on: fixture.tabIDs[index]) {
                transitions.append(.fromButton(on: fixture.tabIDs[index], action: .settle, target: "", resultingState: resulting,
                                               changesSelection: true, haptics: haptics, motionsBefore: templates.dragging,
                                               leavingOut: ["pager", "indicator"]))
            } else {
                transitions.append(.own(Transition(action: .settle, resultingState: resulting, changesSelection: lands != nil,
                                                   haptics: haptics, motions: templates.dragging)))
            }
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
