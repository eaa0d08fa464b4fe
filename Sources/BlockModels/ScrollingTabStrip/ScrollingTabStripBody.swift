import AccessibilityModel
import ModelKit

extension ScrollingTabStrip {
    /// `ScrollingTabStripDemo.body` with `ScrollingTabStrip.body` inside it, on the model kit.
    ///
    /// "VStack(spacing: 18) { ScrollingTabStrip(tabs: tabs, selection: $selection)
    /// .padding(.top, 12); ZStack { … }.padding(.horizontal, 20).padding(.bottom, 20) }": the
    /// strip is as tall as its tabs; the card takes what is left of the height proposed.
    ///
    /// Motions. "private var animation: Animation? { reduceMotion ? nil : .snappy(duration:
    /// 0.35) }" (the snappy spring, none under Reduce Motion) and "Button { withAnimation(animation) { selection = tab } }": changing tab
    /// animates every change with the snappy spring; with Reduce Motion `animation` is nil
    /// and everything changes at once (content transitions "only take effect within
    /// transactions that apply an Animation", SwiftUI's ContentTransition documentation).
    /// Activating the tab that is already selected assigns the same value: nothing changes,
    /// "onChange(of: selection…)" does not fire, nothing moves. No haptic: the code has no
    /// `.sensoryFeedback` and no feedback generator.
    func body(in context: RenderContext) -> View {
        let selection = context.binding("selection", isSelection: true)
        // "private var index: Int { tabs.firstIndex(of: selection) ?? 0 }"
        let index = tabs.firstIndex { $0.id == selection.value } ?? 0
        // "reduceMotion ? nil : .snappy(duration: 0.35)"
        let animation = Animation.snappy(duration: 0.35).reducedMotion(nil)
        return VStack(spacing: 18) {
            strip(selection: selection, selected: index, animation: animation)
                .padding(.top, 12)
            ZStack {
                // "RoundedRectangle(cornerRadius: 32).fill(LinearGradient(colors: [.pink,
                // .orange], …)).hueRotation(.degrees(Double(index) * 34))": a shape, never an
                // element; its hue shifts with the selection (a cross-fade of colour).
                RoundedRectangle(cornerRadius: 32)
                    .fill(LinearGradient(colors: ["pink", "orange"], startPoint: .topLeading, endPoint: .bottomTrailing))
                    .hueRotation(degrees: constants.hueDegrees[index])
                    .changes(.opacity, on: selection)
                    .accessibilityIdentifier("page.card")
                VStack(spacing: 16) {
                    // ".accessibilityHidden(true)": VoiceOver never reaches the symbol.
                    Image(systemName: tabs[index].symbol)
                        .font(.largeTitle)
                        .imageScale(.large)
                        .contentTransition(.symbolReplace, on: selection)
                        .accessibilityHidden(true)
                        .accessibilityIdentifier("page.symbol")
                    // ".font(.title.bold()).multilineTextAlignment(.center)": static text;
                    // nothing makes it a header. Its font sets it as the page's title, which
                    // `role` records. A Text's default content transition fades it.
                    Text(constants.pageTitles[index])
                        .font(.title.bold())
                        .changes(.opacity, on: selection)
                        .role(.title)
                        .accessibilityIdentifier("page.title")
                }
                .foregroundStyle("white")
                .padding(24)
            }
            .padding(.horizontal, 20)
            .padding(.bottom, 20)
        }
    }

    /// `ScrollingTabStrip.body`: "ScrollViewReader { proxy in ScrollView(.horizontal) {
    /// HStack(spacing: 22) { ForEach(tabs, id: \.self) { tab in tabButton(tab).id(tab) } }
    /// .padding(.horizontal, 20) }.scrollIndicators(.hidden).onChange(of: selection, initial:
    /// true) { _, newValue in withAnimation(animation) { proxy.scrollTo(newValue, anchor:
    /// .center) } } }".
    ///
    /// The ScrollView always scrolls; the hidden indicators leave no visual hint that there
    /// is more. Tabs scrolled off screen stay in the tree: VoiceOver scrolls them in.
    private func strip(selection: Binding, selected index: Int, animation: Animation?) -> View {
        ScrollView(.horizontal, id: "tabs") {
            HStack(spacing: 22) {
                ForEach(tabs.indices) { tab in
                    tabButton(tab, selection: selection, isSelected: tab == index, animation: animation)
                        .id(tabs[tab].id)
                }
            }
            .padding(.horizontal, 20)
        }
        .scrollsTo(selection, target: tabs[index].id, anchor: .center, animation: animation)
    }

    /// `tabButton(_:)`: "Button { withAnimation(animation) { selection = tab } } label: { … }
    /// .buttonStyle(.plain).accessibilityLabel(tab).accessibilityAddTraits(isSelected ?
    /// .isSelected : [])": a button labelled by its title, Selected when it is the current
    /// one, with no value, no hint, no tab trait and no position in the series.
    ///
    /// ".fixedSize()" makes the label the title's width and a line + 8 + 3 tall; the
    /// padding, then ".contentShape(.rect)", then the same padding taken back, keep the
    /// frame while the shape reaches 2 pt wider on each side and 7 pt above and below. The
    /// ScrollView is only as tall as the tabs, so whether those 7 pt answer is what the
    /// kit's `scroll-view-hits` assumption decides.
    private func tabButton(_ tab: Int, selection: Binding, isSelected: Bool, animation: Animation?) -> View {
        Button(action: withAnimation(animation) { selection.set(tabs[tab].id) }) {
            VStack(spacing: 8) {
                title(tab, selection: selection, isSelected: isSelected)
                ZStack {
                    Capsule().fill("clear")
                    if isSelected {
                        // "Capsule().fill(tint).matchedGeometryEffect(id: \"underline\", in:
                        // namespace)": a shape, listed hidden so rules can see so.
                        Capsule()
                            .fill("pink")
                            .conveys("selection")
                            .matchedGeometryEffect(moving: selection)
                            .accessibilityIdentifier("tabs.underline")
                    }
                }
                .frame(height: 3)
            }
            .fixedSize()
            .padding(.horizontal, 2)
            .padding(.vertical, 7)
            .contentShape(.rect)
            .padding(.horizontal, -2)
            .padding(.vertical, -7)
        }
        .accessibilityLabel(tabs[tab].title)
        .accessibilityAddTraits(isSelected ? .selected : [])
        .facts(isSelected ? Self.selectedFacts : Self.unselectedFacts)
        .accessibilityIdentifier(constants.tabIDs[tab])
    }

    /// "Text(tab).font(.headline).foregroundStyle(isSelected ? .primary : .secondary)". A
    /// change of tab cross-fades the old and the new title's colour; the motion is listed
    /// once, on the tab selected before the change.
    private func title(_ tab: Int, selection: Binding, isSelected: Bool) -> View {
        let text = Text(tabs[tab].title)
            .font(.headline)
            .foregroundStyle(isSelected ? "primary" : "secondary")
        return isSelected ? text.changes(.opacity, on: selection) : text
    }

    /// The tabs are one single-choice group; `selected` is what the screen shows as picked.
    private static let selectedFacts = SelectionGroupKind.single.memberFacts(isSelected: true)
    private static let unselectedFacts = SelectionGroupKind.single.memberFacts(isSelected: false)
}
