import AccessibilityModel
import ModelKit

/// The "Top Tabs" block: a strip of tabs over a pager, with an accent indicator that
/// follows the pager as it moves (seed `003_3d2e1a838bebe548.txt`).
///
/// The model takes `TopTabs(selection:items:sizing:page:)`'s inputs from the state and
/// renders the block's body on the model kit (`TopTabsBody.swift`): the kit lays out the
/// strip, the indicator, the pages that are built and which one VoiceOver may reach. The
/// transitions that are not a tab's button (drags, settling, setting the selection from
/// code) are in `TopTabsInteractions.swift`.
///
/// The state space is a union of one product per fixture, because each fixture has its
/// own tabs to select (in id order):
/// - `tabs`: `reading` (TopTabsExample's nine-tab feed, "Following with 12, Events with
///   3"), `few` (the "Few tabs" preview's three tabs) or `long` (long titles and a count
///   of 0, since "0 still shows "0"").
/// - `sizing`: `automatic`, `fill` or `scroll` ("sizing is .automatic (fill with three
///   tabs or fewer, scroll with more), .fill or .scroll"). `.fill` is audited with the
///   three-tab fixture only: nine equal tabs on a phone are not a layout the card offers.
/// - `selection`: each tab of the fixture.
/// - `drag`: the pager at rest, or dragged a quarter, half or three quarters of the way
///   to the next or previous page ("drag a page halfway and the indicator is halfway to
///   the next tab"; "in either direction").
/// - `size`, `motion`, `width`, `direction`, `appearance`, `contrast`: the environment
///   (the theme's tokens take their colours from the last two).
public struct TopTabs: BlockModel {
    /// "TopTabsItem(_:title:count:) … is a tab: your value, a one-line title and an
    /// optional count. 0 still shows "0"; nil hides the capsule."
    public struct Item: Sendable, Hashable {
        public var id: String
        public var title: String
        public var count: Int?
        public init(_ id: String, title: String, count: Int? = nil) {
            self.id = id
            self.title = title
            self.count = count
        }
    }

    public enum Sizing: String, Sendable, CaseIterable {
        case automatic, fill, scroll

        var index: Int { self == .automatic ? 0 : self == .fill ? 1 : 2 }
    }

    /// Deliberate departures from the card, for proving that the rules catch them. The
    /// built-in block has none.
    public enum Fault: String, Sendable, CaseIterable {
        /// The indicator jumps from tab to tab instead of following the pager.
        case indicatorNotInterpolated
        /// The page next to the current one is exposed to VoiceOver.
        case neighbourPageExposed
        /// A selection haptic plays on every drag step.
        case hapticOnDrag
        /// Tapping a tab slides the pager even under Reduce Motion.
        case slideUnderReduceMotion
    }

    /// TopTabsExample's reading feed: nine tabs, "Following with 12, Events with 3". The
    /// card names only those two; the other seven are a reading app's sections.
    public static let readingFeed = [
        Item("top", title: "Top"), Item("following", title: "Following", count: 12),
        Item("world", title: "World"), Item("tech", title: "Tech"), Item("science", title: "Science"),
        Item("culture", title: "Culture"), Item("events", title: "Events", count: 3),
        Item("sports", title: "Sports"), Item("opinion", title: "Opinion"),
    ]

    /// The "Few tabs" preview: "three tabs filling the width".
    public static let fewTabs = [Item("all", title: "All"), Item("unread", title: "Unread"), Item("saved", title: "Saved")]

    /// Long titles, and a count of 0 that still shows.
    public static let longTitles = [
        Item("recommended", title: "Recommended for you"), Item("politics", title: "International politics", count: 0),
        Item("essays", title: "Long reads and essays", count: 7), Item("photography", title: "Photography"),
    ]

    /// The drag positions sampled: direction and fraction of a page.
    public static let dragSteps = ["none", "next-25", "next-50", "next-75", "previous-25", "previous-50", "previous-75"]

    public let name = "TopTabs"
    public let summary = "Tab strip over a pager, with an indicator that follows the pager"
    public let sourcePath = "Sources/BlockModels/TopTabs/TopTabs.swift"
    public let fixtures: [(name: String, items: [Item], sizings: [Sizing])]
    public let faults: Set<Fault>
    public let stateSpace: StateSpace
    /// The parts of a snapshot that depend on one or two dimensions.
    let tables: Tables

    public init(faults: Set<Fault> = [], widths: [Int] = [320, 393, 440]) {
        self.faults = faults
        fixtures = [
            ("reading", Self.readingFeed, [.automatic, .scroll]),
            ("few", Self.fewTabs, [.automatic, .fill, .scroll]),
            ("long", Self.longTitles, [.automatic, .scroll]),
        ]
        let stateSpace = StateSpace(regions: fixtures.map { fixture in
            [
                Dimension("tabs", values: [fixture.name], summary: "tab fixture"),
                Dimension("sizing", values: fixture.sizings.map(\.rawValue), summary: "TopTabs sizing"),
                Dimension("selection", values: fixture.items.map(\.id), summary: "selected tab"),
                Dimension("drag", values: Self.dragSteps, summary: "pager at rest or dragged toward a neighbour"),
                .contentSize, .motion, .width(widths), .direction, .appearance, .contrast,
            ]
        })
        self.stateSpace = stateSpace
        tables = Tables(fixtures: fixtures, faults: faults, stateSpace: stateSpace)
    }

    /// The answers to named assumptions this copy renders under.
    public private(set) var choices: AssumptionChoices = .defaults
    /// Renders reused across states that read the same values: each serves a state's
    /// Reduce Motion and direction twins.
    private var renders = RenderCache()

    /// The block's own assumption and the kit's.
    public var assumptions: [Assumption] { [Self.countSpeech] + KitAssumptions.all }

    public func assuming(_ choices: AssumptionChoices) -> any BlockModel {
        var copy = self
        copy.choices = choices
        copy.renders = RenderCache()
        return copy
    }

    /// The snapshot of a state of ``stateSpace``: the body rendered at the screen's width,
    /// with the block's facts and the transitions that are not a tab's button.
    public func snapshot(of state: BlockState) -> Snapshot {
        guard let region = stateSpace.region(of: state) else { preconditionFailure("state \(state) is not one of \(name)'s") }
        let fixture = tables.fixtures[region]
        let inputs = Inputs(state: state, fixture: fixture, tables: tables)
        let environment = tables.environments.environment(of: state)
        let layout = stripLayout(inputs: inputs, state: state, environment: environment, region: region)
        return renders.snapshot(
            of: state, region: region, block: name, environment: environment, choices: choices,
            proposal: { ProposedSize(width: $0.width, height: nil) },
            body: { context in
                let inputs = Inputs(context: context, fixture: fixture, tables: tables)
                // The strip's first layout depends on the fixture (the region), the sizing,
                // the size and the width: the body reads each.
                _ = (context.valueIndex(at: tables.sizePosition), context.width)
                return body(in: context, inputs: inputs, layout: layout)
            },
            additions: { context in
                let inputs = Inputs(context: context, fixture: fixture, tables: tables)
                // The effective sizing is the strip's first layout's, as in the body.
                _ = (context.valueIndex(at: tables.sizePosition), context.width)
                return SnapshotAdditions(
                    facts: [
                        Fact("pager-offset", fixture.pagerOffsets[inputs.selected][inputs.drag]),
                        Fact("tab-count", fixture.tabCount),
                        Fact("effective-sizing", layout.fills ? "fill" : "scroll"),
                        // "It brings no background or padding."
                        Fact("ground", "none"),
                    ],
                    transitions: transitions(in: context, inputs: inputs),
                    // Mid-drag the finger is on the pager: no tab is tapped.
                    keepsBodyTransition: { action, target in
                        inputs.dragDirection == 0 || !(action == .activate && target.hasPrefix("tab."))
                    })
            })
    }

    /// The strip's first layout: the strip alone, rendered to measure its tabs. `.automatic`
    /// fills while there are three tabs or fewer and each fits its share of the width at its
    /// own width ("Three tabs or fewer share the strip's width equally; with more, each tab
    /// takes its own width and the strip scrolls"; "Tab titles grow with Dynamic Type and the
    /// strip scrolls to fit them"), as a `ViewThatFits` of the filling and the scrolling strip
    /// decides.
    ///
    /// The measured layout is kept per fixture, sizing, size and width, the only inputs its
    /// frames depend on.
    func stripLayout(inputs: Inputs, state: BlockState, environment: AccessibilityEnvironment, region: Int) -> StripLayout {
        let values = state.valueIndices
        let key = ((region * tables.sizingCount + inputs.sizing.index) * tables.sizeCount + values[tables.sizePosition])
            * tables.widthCount + values[tables.widthPosition]
        if let known = tables.stripLayouts.withLock({ $0[key] }) { return known }
        let layout = measuredStripLayout(inputs: inputs, state: state, environment: environment)
        tables.stripLayouts.withLock { $0[key] = layout }
        return layout
    }

    private func measuredStripLayout(inputs: Inputs, state: BlockState, environment: AccessibilityEnvironment) -> StripLayout {
        func measure(fills: Bool) -> StripLayout {
            let unplaced = StripLayout(fills: fills, tabFrames: Array(repeating: (0, 0), count: inputs.items.count))
            let context = RenderContext(state: state, environment: environment, choices: choices)
            let selection = context.binding("selection", isSelection: true)
            let rendering = Renderer.render(strip(context, inputs: inputs, layout: unplaced, selection: selection),
                                            proposal: ProposedSize(width: environment.width, height: nil), in: context)
            let offset = rendering.scrollRegions.first?.offset ?? 0
            let rtl = environment.direction == .rightToLeft
            var frames = unplaced.tabFrames
            var index = 0
            for element in rendering.elements where index < frames.count && element.id == inputs.fixture.tabIDs[index] {
                let x = rtl ? environment.width - element.frame.x - element.frame.width : element.frame.x
                frames[index] = (x + offset, element.frame.width)
                index += 1
            }
            return StripLayout(fills: fills, tabFrames: frames)
        }
        switch inputs.sizing {
        case .fill: return measure(fills: true)
        case .scroll: return measure(fills: false)
        case .automatic:
            let own = measure(fills: false)
            let share = environment.width / Double(inputs.items.count)
            guard inputs.items.count <= 3, own.tabFrames.allSatisfy({ $0.width <= share + 0.000_1 }) else { return own }
            return measure(fills: true)
        }
    }

    /// How VoiceOver hears a tab's count.
    public static let countSpeech = Assumption(
        name: "top-tabs-count-speech",
        question: "Does VoiceOver hear a tab's count as the tab's value after its title, or as part of its label?",
        defaultValue: "value",
        alternatives: [
            .init("value", "The tab is labelled by its title and its count is its value (.accessibilityLabel(title).accessibilityValue(count)): \"Following, 12, Button\", the count in the value that rules read."),
            .init("joined", "SwiftUI's default for a Button whose label holds two Texts: one label joining them, \"Following, 12\", and no value."),
        ],
        evidence: [
            .init("\"VoiceOver reads each tab as a button with its count and the selected trait\": the card names what is heard, not how the count is exposed.",
                  source: "TopTabs design card, seed 003_3d2e1a838bebe548.txt, Notes"),
            .init("A Button's accessibility label is made from its label's text content; an accessibilityValue is spoken after the label.",
                  source: "Apple, accessibilityValue(_:), https://developer.apple.com/documentation/swiftui/view/accessibilityvalue(_:)-7f3ga"),
            .init("A bare number read after a title (\"12\") says nothing of what it counts; either exposure speaks it without meaning unless a label or hint names it.",
                  source: "WCAG 2.2, 1.3.1 Info and Relationships; peer review concern \"numbers spoken without meaning\""),
        ],
        usedIn: ["Sources/BlockModels/TopTabs/TopTabsBody.swift"])
}

extension TopTabs {
    /// The block's inputs in one state.
    struct Inputs {
        /// The fixture's tables, templates included.
        var fixture: Tables.Fixture
        var items: [Item]
        var sizing: Sizing
        var selected: Int
        /// The `drag` value.
        var drag: Int
        /// -1 toward the previous page, +1 toward the next, 0 at rest.
        var dragDirection: Int
        /// How far the page has been dragged, 0 to 1.
        var dragFraction: Double

        init(state: BlockState, fixture: Tables.Fixture, tables: Tables) {
            self.init(fixture: fixture, tables: tables) { state.valueIndices[$0] }
        }

        /// The inputs as a body reads them: each dimension through its context.
        init(context: RenderContext, fixture: Tables.Fixture, tables: Tables) {
            self.init(fixture: fixture, tables: tables) { context.valueIndex(at: $0) }
        }

        private init(fixture: Tables.Fixture, tables: Tables, value: (Int) -> Int) {
            self.fixture = fixture
            items = fixture.items
            sizing = fixture.sizings[value(tables.sizingPosition)]
            selected = fixture.selectedItems[value(tables.selectionPosition)]
            drag = value(tables.dragPosition)
            dragDirection = fixture.drags[drag].direction
            dragFraction = fixture.drags[drag].fraction
        }

        /// The direction and fraction of a `drag` value.
        static func drag(_ value: String) -> (direction: Int, fraction: Double) {
            guard value != "none" else { return (0, 0) }
            let parts = value.split(separator: "-")
            return (parts[0] == "next" ? 1 : -1, Double(parts[1])! / 100)
        }

        /// The pager's position in pages: the selected page plus the drag. A drag past the
        /// first or last page overscrolls and bounces back.
        var pagerOffset: Double { Double(selected) + Double(dragDirection) * dragFraction }

        /// The page the drag moves toward, when there is one.
        var dragTarget: Int? {
            let target = selected + dragDirection
            return dragDirection != 0 && items.indices.contains(target) ? target : nil
        }

        /// The `drag` value for a direction and fraction.
        static func dragValue(direction: Int, fraction: Double) -> String {
            guard direction != 0, fraction > 0 else { return "none" }
            return "\(direction > 0 ? "next" : "previous")-\(Int((fraction * 100).rounded()))"
        }
    }
}

extension TopTabs: ScalableBlock {
    public func widened(to widths: [Int]) -> any BlockModel {
        TopTabs(faults: faults, widths: widths).assuming(choices)
    }
}
