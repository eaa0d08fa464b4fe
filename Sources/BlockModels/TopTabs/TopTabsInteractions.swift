import AccessibilityModel

extension TopTabs {
    /// The interactions from a state.
    ///
    /// At rest:
    /// - Tapping a tab: "Tapping a tab pages straight to it, the indicator gliding along,
    ///   and the strip scrolls to bring the selected tab to the middle"; "Paging and the
    ///   strip's scroll use motion.smooth; title colours change with motion.snappy";
    ///   "Reduce Motion pages without the slide when a tab is tapped" — the page cross-fades
    ///   and the indicator and strip jump (assumption: the card names only the slide, and
    ///   a gliding indicator is motion too).
    /// - Setting the selection from code: "Set selection from your own code and the pager
    ///   pages there", as a tap does.
    /// - Starting a drag toward either neighbour.
    ///
    /// Mid-drag:
    /// - Dragging on, or back: the pager and indicator follow the finger; no haptic.
    /// - Releasing: past halfway the page settles on the neighbour and the selection
    ///   changes ("A swipe sets selection once the page settles"); before halfway, or past
    ///   either end, it settles back.
    ///
    /// "Haptics: selection when the tab changes": one selection haptic for every change of
    /// tab, however it came, and none otherwise.
    func transitions(from state: BlockState, inputs: Inputs, layout: TopTabsLayout,
                     environment: AccessibilityEnvironment) -> [Transition] {
        let templates = tables.interactions
        let fixture = inputs.fixture
        let drag = fixture.drags[inputs.drag]
        let reduced = environment.reduceMotion ? 1 : 0
        var transitions: [Transition] = []
        transitions.reserveCapacity(2 * inputs.items.count + 1)

        func stripScrolls(to index: Int) -> Bool {
            guard !layout.fills else { return false }
            let frame = layout.tabFrames[index]
            let content = layout.tabFrames.last!.maxX
            let offset = max(0, min(frame.midX - environment.width / 2, content - environment.width))
            return abs(offset - layout.stripOffset) > 0.5
        }

        func paging(to index: Int, action: Transition.Action) -> Transition {
            let changes = index != inputs.selected
            return Transition(
                action: action, target: fixture.tabTargets[index],
                resultingState: state.with(dimensionAt: tables.selectionPosition, valueAt: fixture.selectionValues[index]),
                changesSelection: changes, haptics: changes ? templates.selection : [],
                motions: changes ? templates.paging[reduced][stripScrolls(to: index) ? 1 : 0] : [])
        }

        func dragging(to value: Int?) -> Transition {
            Transition(action: .drag, resultingState: state.with(dimensionAt: tables.dragPosition, valueAt: value!),
                       changesSelection: false, haptics: templates.dragHaptics, motions: templates.dragging)
        }

        if inputs.dragDirection == 0 {
            for index in inputs.items.indices {
                transitions.append(paging(to: index, action: .activate))
            }
            for index in inputs.items.indices where index != inputs.selected {
                transitions.append(paging(to: index, action: .setSelection))
            }
            transitions.append(dragging(to: drag.further))
            transitions.append(dragging(to: drag.back))
        } else {
            if inputs.dragFraction < 0.75 { transitions.append(dragging(to: drag.further)) }
            transitions.append(dragging(to: drag.back))

            let lands = inputs.dragFraction >= 0.5 ? inputs.dragTarget : nil
            let settled = state.with(dimensionAt: tables.dragPosition, valueAt: drag.none!)
            let motions = lands.map { templates.settling[reduced][stripScrolls(to: $0) ? 1 : 0] } ?? templates.dragging
            transitions.append(Transition(
                action: .settle,
                resultingState: lands.map {
                    settled.with(dimensionAt: tables.selectionPosition, valueAt: fixture.selectionValues[$0])
                } ?? settled,
                changesSelection: lands != nil, haptics: lands != nil ? templates.selection : [], motions: motions))
        }
        return transitions
    }

    /// The haptics and motions of the interactions, made once per block (see ``Tables``).
    /// Indexed by Reduce Motion (1 when on), then by whether the strip scrolls (1 when it does).
    struct InteractionTemplates: Sendable {
        let selection: [Haptic] = [.selection]
        /// A selection haptic on every drag step is a fault; the card has none.
        let dragHaptics: [Haptic]
        /// Changing tab by a tap or from code.
        let paging: [[[Motion]]]
        /// A drag step: the pager and indicator follow the finger.
        let dragging = [Motion(subject: "pager", kind: .slide, followsFinger: true),
                        Motion(subject: "indicator", kind: .move, followsFinger: true)]
        /// A release that lands on the neighbour.
        let settling: [[[Motion]]]

        init(faults: Tables.Faults) {
            dragHaptics = faults.hapticOnDrag ? [.selection] : []
            func strip(reduced: Bool) -> Motion {
                reduced
                    ? Motion(subject: "strip", kind: .none)
                    : Motion(subject: "strip", kind: .slide, token: Theme.smooth.name, duration: Theme.smooth.duration)
            }
            let titles = Motion(subject: "titles", kind: .opacity, token: Theme.snappy.name, duration: Theme.snappy.duration)
            paging = [false, true].map { reduced in
                [false, true].map { scrolls in
                    let slides = !reduced || faults.slideUnderReduceMotion
                    var motions: [Motion] = []
                    motions.append(slides
                        ? Motion(subject: "pager", kind: .slide, token: Theme.smooth.name, duration: Theme.smooth.duration)
                        : Motion(subject: "pager", kind: .opacity, token: Theme.smooth.name, duration: Theme.reducedFadeDuration))
                    motions.append(reduced
                        ? Motion(subject: "indicator", kind: .none)
                        : Motion(subject: "indicator", kind: .move, token: Theme.smooth.name, duration: Theme.smooth.duration))
                    if scrolls { motions.append(strip(reduced: reduced)) }
                    motions.append(titles)
                    return motions
                }
            }
            let dragging = dragging
            settling = [false, true].map { reduced in
                [false, true].map { scrolls in
                    dragging + (scrolls ? [strip(reduced: reduced)] : []) + [titles]
                }
            }
        }
    }
}
