import AccessibilityModel
import ModelKit

/// TopTabs' `body` on the model kit: the implementation the card describes, with the
/// paddings, frames and content shapes a team would write to meet it. The card gives fonts,
/// colours and behaviour but no paddings; these are the block's own choices:
/// - A tab is "HStack(spacing: 4) { title; count capsule }" with 12 pt of padding on each
///   side, at least 44 pt tall (`.frame(minHeight: 44)`), answering on its whole frame
///   (`.contentShape(.rect)`). Its width comes out of layout: at AX sizes and under
///   `.fill` nothing floors it.
/// - "Counts are type.caption with monospaced digits on a fill capsule": the count's text
///   with 6 pt of padding each side and 2 pt above and below, over a `Capsule` in `fill`.
/// - The pager fills 600 pt below the hairline; each page is "a card of articles": a
///   heading and three article rows, 16 pt inset.
extension TopTabs {
    /// The whole block: strip, hairline, pager.
    ///
    /// "A strip of tabs sits over a hairline, and a pager of your pages sits under it."
    /// "It brings no background or padding."
    func body(in context: RenderContext, inputs: Inputs, layout: StripLayout) -> View {
        let selection = context.binding("selection", isSelection: true)
        return VStack(spacing: 0) {
            strip(context, inputs: inputs, layout: layout, selection: selection)
            // "An SPHairline in separator runs under the strip."
            Rectangle()
                .fill("separator")
                .frame(height: Theme.hairline)
                .token(.color("separator"))
                .accessibilityIdentifier("strip.hairline")
            pager(context, inputs: inputs, selection: selection)
        }
        // "Haptics: selection when the tab changes."
        .sensoryFeedback(.selection, trigger: selection)
    }

    /// The strip: filling tabs in an `HStack`, or tabs at their own widths in a horizontal
    /// `ScrollView` that keeps the selected one in the middle ("the strip scrolls to bring
    /// the selected tab to the middle"; "Paging and the strip's scroll use motion.smooth").
    /// The indicator is drawn over the tabs' row, so it scrolls with them.
    func strip(_ context: RenderContext, inputs: Inputs, layout: StripLayout, selection: Binding) -> View {
        let constants = inputs.fixture
        // The tabs depend on the fixture, the selection and whether they fill, not on the
        // drag, the text size or the width: kept between renders (`RenderContext.reused`).
        let key = TabsKey(fixture: constants.name, selected: inputs.selected, fills: layout.fills)
        let tabs = context.reused("tabs", key: key) { context in
            HStack(spacing: 0) {
                ForEach(inputs.items.indices) { index in
                    tab(index, context: context, inputs: inputs, fills: layout.fills, selection: selection)
                        .id(constants.selectionIDs[index])
                }
            }
        }
        let row = tabs
            .overlay(alignment: .bottomLeading) { indicator(context, inputs: inputs, layout: layout, selection: selection) }
        guard !layout.fills else { return row }
        return ScrollView(.horizontal, id: "strip") { row }
            .scrollsTo(selection, target: constants.selectionIDs[inputs.selected], anchor: .center,
                       animation: Self.smooth.reducedMotion(nil))
    }

    /// A tab: "VoiceOver reads each tab as a button with its count and the selected trait";
    /// "Titles are type.subhead at medium weight, in textPrimary when selected and
    /// textSecondary otherwise"; "title colours change with motion.snappy"; "a one-line
    /// title"; "0 still shows "0"; nil hides the capsule".
    ///
    /// Tapping "pages straight to it": one transaction setting the selection with
    /// motion.smooth; under Reduce Motion the transaction cross-fades instead ("Reduce
    /// Motion pages without the slide when a tab is tapped").
    func tab(_ index: Int, context: RenderContext, inputs: Inputs, fills: Bool, selection: Binding) -> View {
        let constants = inputs.fixture
        let item = inputs.items[index]
        let isSelected = index == inputs.selected
        let paging = tables.faults.slideUnderReduceMotion ? Self.smooth : Self.smooth.reducedMotion(Self.reducedFade)
        let count = constants.countTexts[index]
        let speaksCountAsValue = count != nil && context.holds(Self.countSpeech, "value")
        let label = HStack(spacing: 4) {
            Text(item.title)
                .font(Self.titleFont)
                .token(.font("type.subhead"))
                .foregroundStyle(isSelected ? "textPrimary" : "textSecondary")
                .lineLimit(1)
            if let count {
                Text(count)
                    .font(Self.countFont)
                    .token(.font("type.caption"))
                    .fact("digits", "monospaced")
                    .foregroundStyle("textSecondary")
                    .lineLimit(1)
                    .padding(Self.capsuleInsets)
                    .background { Capsule().fill("fill") }
            }
        }
        .padding(.horizontal, 12)
        .frame(maxWidth: fills ? .infinity : nil, minHeight: 44)
        .contentShape(.rect)
        var button = Button(action: withAnimation(paging) {
            selection.set(constants.selectionIDs[index])
        }) { label }
        if speaksCountAsValue, let count {
            button = button.accessibilityLabel(item.title).accessibilityValue(count)
        }
        // The title colours cross-fade with motion.snappy; the motion is listed once, on the
        // tab selected before the change.
        if isSelected { button = button.animation(Self.snappy, kind: .opacity, value: selection) }
        return button
            .accessibilityAddTraits(isSelected ? .selected : [])
            .facts(constants.tabFacts[index][isSelected ? 1 : 0])
            .accessibilityIdentifier(constants.tabIDs[index])
    }

    /// "A thin accent indicator under the strip follows the pager as it moves: drag a page
    /// halfway and the indicator is halfway to the next tab, stretching or shrinking to its
    /// width." Its place is "worked out from the pager's offset and each tab's measured
    /// width": the tabs' frames measured by the strip's first layout, interpolated by how
    /// far the page has been dragged. Tapping a tab, it glides along with motion.smooth;
    /// under Reduce Motion it moves at once.
    func indicator(_ context: RenderContext, inputs: Inputs, layout: StripLayout, selection: Binding) -> View {
        let from = layout.tabFrames[inputs.selected]
        var frame = from
        if let target = inputs.dragTarget {
            let to = layout.tabFrames[target]
            let progress = tables.faults.indicatorNotInterpolated ? (inputs.dragFraction >= 0.5 ? 1 : 0) : inputs.dragFraction
            frame = (x: from.x + (to.x - from.x) * progress, width: from.width + (to.width - from.width) * progress)
        }
        // "The indicator is the block's one accent: a 2 point accent capsule."
        return Capsule()
            .fill("accent")
            .conveys("selection")
            .token(.color("accent"))
            .frame(width: frame.width, height: 2)
            .offset(x: frame.x)
            .animation(Self.smooth.reducedMotion(nil), kind: .move, value: selection)
            .accessibilityIdentifier("indicator")
    }

    /// The pager: "a horizontal ScrollView with .scrollTargetBehavior(.paging) and
    /// .scrollPosition(id:)", resting on the selected page and following the selection.
    /// "Pages are built lazily as they come near": the selected page and its neighbours are
    /// built, the rest are empty places. "Only the current page is exposed", also mid-drag,
    /// since "a swipe sets selection once the page settles". A drag moves the pages by the
    /// dragged fraction of a page.
    func pager(_ context: RenderContext, inputs: Inputs, selection: Binding) -> View {
        let constants = inputs.fixture
        let shift = -Double(inputs.dragDirection) * inputs.dragFraction * context.width
        let paging = tables.faults.slideUnderReduceMotion ? Self.smooth : Self.smooth.reducedMotion(Self.reducedFade)
        return Pager(id: "pager", current: inputs.selected) {
            ForEach(inputs.items.indices) { index in
                let distance = abs(index - inputs.selected)
                if distance <= 1 {
                    // A page depends on its place and exposure alone: kept between renders.
                    let exposed = distance == 0 || (tables.faults.neighbourPageExposed && distance == 1)
                    let key = PageKey(fixture: constants.name, index: index, distance: distance, exposed: exposed)
                    context.reused("page", key: key) { _ in
                        page(index, constants: constants, distance: distance, exposed: exposed)
                    }
                    .offset(x: shift)
                    .id(constants.selectionIDs[index])
                } else {
                    // Not built yet, but its place is known: the pager can page to it.
                    Spacer().id(constants.selectionIDs[index])
                }
            }
        }
        .scrollsTo(selection, target: constants.selectionIDs[inputs.selected], anchor: .leading,
                   animation: paging)
        .frame(height: Self.pagerHeight)
    }

    /// "each page a card of articles": its heading and its articles.
    /// "each page may hold its own vertical ScrollView": the card's articles scroll when
    /// they outgrow the pager.
    func page(_ index: Int, constants: Tables.Fixture, distance: Int, exposed: Bool) -> View {
        ScrollView(.vertical, id: constants.pageScrollIDs[index]) {
            articles(index, constants: constants)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .background {
            Rectangle()
                .fill("clear")
                .facts(constants.pageFacts[index][distance])
                .accessibilityIdentifier(constants.pageIDs[index])
        }
        .accessibilityGroup(constants.pageIDs[index])
        .accessibilityHidden(!exposed)
    }

    /// A page's card: its heading and article rows, each row at least 44 pt tall.
    func articles(_ index: Int, constants: Tables.Fixture) -> View {
        VStack(alignment: .leading, spacing: 8) {
            Text(constants.items[index].title)
                .font(.title3)
                .accessibilityHeading()
                .role(.title)
                .accessibilityIdentifier(constants.headingIDs[index])
            VStack(alignment: .leading, spacing: 0) {
                ForEach(0..<Self.articlesPerPage) { article in
                    Button(action: .external) {
                        Text(constants.articleLabels[index][article])
                            .font(.body)
                            .padding(.vertical, 12)
                            .frame(maxWidth: .infinity, minHeight: 44, alignment: .leading)
                            .contentShape(.rect)
                    }
                    .accessibilityIdentifier(constants.articleIDs[index][article])
                }
            }
        }
        .padding(Self.cardInset)
    }

    static let titleFont = Font.subheadline.weight(.medium)
    static let countFont = Font.caption
    static let capsuleInsets = EdgeInsets(top: 2, leading: 6, bottom: 2, trailing: 6)
    static let smooth = Animation(token: Theme.smooth.name, duration: Theme.smooth.duration)
    static let snappy = Animation(token: Theme.snappy.name, duration: Theme.snappy.duration)
    /// What Reduce Motion pages with: a short cross-fade, not the slide.
    static let reducedFade = Animation(token: Theme.smooth.name, duration: Theme.reducedFadeDuration, kindOverride: .opacity)
    static let pagerHeight = 600.0
    static let cardInset = 16.0
    static let articlesPerPage = 3
}

/// What the tabs kept between renders are built from, beyond what they read.
struct TabsKey: Hashable {
    var fixture: String
    var selected: Int
    var fills: Bool
}

/// What a page kept between renders is built from.
struct PageKey: Hashable {
    var fixture: String
    var index: Int
    var distance: Int
    var exposed: Bool
}

/// The strip as its first layout measured it: whether its tabs fill, and each tab's frame
/// along the strip's content (left to right, before scrolling).
struct StripLayout: Sendable {
    var fills: Bool
    var tabFrames: [(x: Double, width: Double)]
}
