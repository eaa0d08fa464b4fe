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
        let reduced = environment.reduceMotion
        var transitions: [Transition] = []

        func stripScrolls(to index: Int) -> Bool {
            guard !layout.fills else { return false }
            let frame = layout.tabFrames[index]
            let content = layout.tabFrames.last!.maxX
            let offset = max(0, min(frame.midX - environment.width / 2, content - environment.width))
            return abs(offset - layout.stripOffset) > 0.5
        }

        func paging(to index: Int, action: Transition.Action) -> Transition {
            let changes = index != inputs.selected
            var motions: [Motion] = []
            if changes {
                let slides = !reduced || faults.contains(.slideUnderReduceMotion)
                motions.append(slides
                    ? Motion(subject: "pager", kind: .slide, token: Theme.smooth.name, duration: Theme.smooth.duration)
                    : Motion(subject: "pager", kind: .opacity, token: Theme.smooth.name, duration: Theme.reducedFadeDuration))
                motions.append(reduced
                    ? Motion(subject: "indicator", kind: .none)
                    : Motion(subject: "indicator", kind: .move, token: Theme.smooth.name, duration: Theme.smooth.duration))
                if stripScrolls(to: index) {
                    motions.append(reduced
                        ? Motion(subject: "strip", kind: .none)
                        : Motion(subject: "strip", kind: .slide, token: Theme.smooth.name, duration: Theme.smooth.duration))
                }
                motions.append(Motion(subject: "titles", kind: .opacity, token: Theme.snappy.name, duration: Theme.snappy.duration))
            }
            return Transition(action: action, target: "tab.\(inputs.items[index].id)",
                              resultingState: state.with("selection", inputs.items[index].id),
                              changesSelection: changes, haptics: changes ? [.selection] : [], motions: motions)
        }

        func dragging(to direction: Int, _ fraction: Double) -> Transition {
            Transition(action: .drag, resultingState: state.with("drag", Inputs.dragValue(direction: direction, fraction: fraction)),
                       changesSelection: false, haptics: faults.contains(.hapticOnDrag) ? [.selection] : [],
                       motions: [Motion(subject: "pager", kind: .slide, followsFinger: true),
                                 Motion(subject: "indicator", kind: .move, followsFinger: true)])
        }

        if inputs.dragDirection == 0 {
            for index in inputs.items.indices {
                transitions.append(paging(to: index, action: .activate))
            }
            for index in inputs.items.indices where index != inputs.selected {
                transitions.append(paging(to: index, action: .setSelection))
            }
            transitions.append(dragging(to: 1, 0.25))
            transitions.append(dragging(to: -1, 0.25))
        } else {
            let direction = inputs.dragDirection
            if inputs.dragFraction < 0.75 { transitions.append(dragging(to: direction, inputs.dragFraction + 0.25)) }
            transitions.append(dragging(to: direction, inputs.dragFraction - 0.25))

            let lands = inputs.dragFraction >= 0.5 ? inputs.dragTarget : nil
            let settled = state.with("drag", "none")
            var motions = [Motion(subject: "pager", kind: .slide, followsFinger: true),
                           Motion(subject: "indicator", kind: .move, followsFinger: true)]
            if let lands {
                if stripScrolls(to: lands) {
                    motions.append(reduced
                        ? Motion(subject: "strip", kind: .none)
                        : Motion(subject: "strip", kind: .slide, token: Theme.smooth.name, duration: Theme.smooth.duration))
                }
                motions.append(Motion(subject: "titles", kind: .opacity, token: Theme.snappy.name, duration: Theme.snappy.duration))
            }
            transitions.append(Transition(
                action: .settle,
                resultingState: lands.map { settled.with("selection", inputs.items[$0].id) } ?? settled,
                changesSelection: lands != nil, haptics: lands != nil ? [.selection] : [], motions: motions))
        }
        return transitions
    }
}
