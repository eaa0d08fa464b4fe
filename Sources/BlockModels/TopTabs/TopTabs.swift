import AccessibilityModel

/// The "Top Tabs" block: a strip of tabs over a pager, with an accent indicator that
/// follows the pager as it moves (seed `003_3d2e1a838bebe548.txt`).
///
/// The model takes `TopTabs(selection:items:sizing:page:)`'s inputs from the state and
/// computes the strip, the indicator, the pages that are built and which one VoiceOver
/// may reach. Layout is in ``TopTabsLayout``, interactions in `TopTabsInteractions.swift`.
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
/// - `size`, `motion`, `width`, `direction`: the environment.
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
                .contentSize, .motion, .width(widths), .direction,
            ]
        })
        self.stateSpace = stateSpace
        tables = Tables(fixtures: fixtures, faults: faults, stateSpace: stateSpace)
    }

    /// The snapshot of a state of ``stateSpace``.
    public func snapshot(of state: BlockState) -> Snapshot {
        guard let region = stateSpace.region(of: state) else { preconditionFailure("state \(state) is not one of \(name)'s") }
        let fixture = tables.fixtures[region]
        let inputs = Inputs(state: state, fixture: fixture, tables: tables)
        let environment = tables.environments.environment(of: state)
        let layout = TopTabsLayout(inputs: inputs, environment: environment, faults: tables.faults)
        return Snapshot(
            block: name, state: state, environment: environment,
            elements: layout.elements, scrollRegions: layout.scrollRegions,
            transitions: transitions(from: state, inputs: inputs, layout: layout, environment: environment),
            facts: [
                Fact("pager-offset", fixture.pagerOffsets[inputs.selected][inputs.drag]),
                Fact("tab-count", fixture.tabCount),
                Fact("effective-sizing", layout.fills ? "fill" : "scroll"),
                // "It brings no background or padding."
                Fact("ground", "none"),
            ])
    }
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
            let values = state.valueIndices
            self.fixture = fixture
            items = fixture.items
            sizing = fixture.sizings[values[tables.sizingPosition]]
            selected = fixture.selectedItems[values[tables.selectionPosition]]
            drag = values[tables.dragPosition]
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
