import AccessibilityModel
import ModelKit

/// The "Scrolling Tab Strip" block and its demo page: a horizontally scrolling row of text
/// tabs with a pink underline under the selected one, which scrolls the selected tab into
/// the middle (seed `004_620c35bad5c9f4af.txt`, read in its reflowed copy).
///
/// The seed is SwiftUI source, not a design card, so the model is that source on the model
/// kit, line by line (``ScrollingTabStrip/body(in:)`` in `ScrollingTabStripBody.swift`):
/// what the code does, not what its comments hope for. Where the code falls short (tabs that
/// answer to less than 44 pt, no haptic, no tab trait, no position in the series, no
/// heading), the kit's layout and exposure show the shortfall for the audit to find.
///
/// The model takes `ScrollingTabStrip(tabs:selection:)` as `ScrollingTabStripDemo` builds it
/// ("private let tabs = [\"For You\", \"Trending\", …]", "@State private var selection =
/// \"For You\"", the default `tint: Color = .pink`) and renders what the demo screen exposes.
///
/// The state space (in id order):
/// - `selection`: each of the ten tabs selected, as an id-safe token (`for-you`,
///   `trending`…; ``Tab/id``) that maps back to the title the binding holds.
/// - `size`, `motion`, `width`, `direction`, `appearance`, `contrast`: the environment.
///   `motion` is read by "@Environment(\.accessibilityReduceMotion) private var
///   reduceMotion"; the colours (SwiftUI's `.pink`, `.orange`, `.white`, `.primary`,
///   `.secondary`) come from the theme for each appearance and contrast setting.
///
/// Not modelled: the app passing another `tint` (the demo passes none); the animated
/// scroll on first appearance ("onChange(of: selection, initial: true)"), which has no
/// interaction in the model — each state is the settled one, scrolled to its selection.
public struct ScrollingTabStrip: BlockModel {
    /// One tab of the demo: its title (the `String` the strip shows and binds) and the SF
    /// Symbol the demo's page shows for it.
    public struct Tab: Sendable, Hashable {
        /// The title as an id-safe token: lowercased, spaces as "-" ("For You" → `for-you`).
        public var id: String
        /// "Text(tab)" and ".accessibilityLabel(tab)": the title is both what is drawn and
        /// what VoiceOver reads.
        public var title: String
        /// "symbols[index]": the demo page's image for this tab.
        public var symbol: String

        public init(title: String, symbol: String) {
            self.id = ScrollingTabStrip.token(for: title)
            self.title = title
            self.symbol = symbol
        }
    }

    /// "private let tabs = [\"For You\", \"Trending\", \"Music\", \"Sports\", \"Travel\",
    /// \"Food\", \"Science\", \"Design\", \"Movies\", \"Gaming\"]" paired with "private let
    /// symbols = [\"sparkles\", \"flame.fill\", …]", in the demo's order.
    public static let demoTabs: [Tab] = zip(
        ["For You", "Trending", "Music", "Sports", "Travel", "Food", "Science", "Design", "Movies", "Gaming"],
        ["sparkles", "flame.fill", "music.note", "figure.run", "airplane", "fork.knife", "atom",
         "paintbrush.fill", "film.fill", "gamecontroller.fill"]
    ).map { Tab(title: $0, symbol: $1) }

    /// The height the demo's root is proposed. The environment has no screen height; this is
    /// the preview's safe area on a 6.1-inch iPhone, 852 − 59 − 34 pt, for every width (an
    /// assumption). Only the card's height and the page's vertical positions depend on it;
    /// no rule's outcome does.
    public static let safeAreaHeight = 759.0

    public let name = "ScrollingTabStrip"
    public let summary = "Scrolling row of text tabs with a pink underline, centring the selected tab, over a demo page"
    public let sourcePath = "Sources/BlockModels/ScrollingTabStrip/ScrollingTabStrip.swift"
    public var tabs: [Tab] { didSet { constants = Constants(tabs: tabs, stateSpace: stateSpace) } }
    public let stateSpace: StateSpace
    /// The answers to named assumptions this copy renders under.
    public private(set) var choices: AssumptionChoices = .defaults
    /// Renders reused across states that read the same values (every state but its
    /// Reduce Motion and direction twins, for this block).
    private var renders = RenderCache()
    /// What every render of the block looks up, worked out once, kept in step with the tabs.
    private(set) var constants: Constants

    public init(tabs: [Tab] = demoTabs, widths: [Int] = [320, 375, 393, 440]) {
        precondition(!tabs.isEmpty, "a strip needs at least one tab")
        self.tabs = tabs
        let stateSpace = StateSpace([
            Dimension("selection", values: tabs.map(\.id), summary: "selected tab (its title as a token)"),
            .contentSize, .motion, .width(widths), .direction, .appearance, .contrast,
        ])
        self.stateSpace = stateSpace
        constants = Constants(tabs: tabs, stateSpace: stateSpace)
    }

    /// The kit's assumptions: the block reads none of its own.
    public var assumptions: [Assumption] { KitAssumptions.all }

    public func assuming(_ choices: AssumptionChoices) -> any BlockModel {
        var copy = self
        copy.choices = choices
        copy.renders = RenderCache()
        return copy
    }

    /// The snapshot of a state of ``stateSpace``: the demo's body rendered at the screen's
    /// width and ``safeAreaHeight``, with the block's facts. Every transition is a tab's
    /// button.
    public func snapshot(of state: BlockState) -> Snapshot {
        precondition(stateSpace.region(of: state) != nil, "state \(state) is not one of \(name)'s")
        let constants = constants
        return renders.snapshot(
            of: state, block: name, environment: constants.environments.environment(of: state), choices: choices,
            proposal: { ProposedSize(width: $0.width, height: Self.safeAreaHeight) },
            // The body reads the selection alone, and the text size and width decide only how
            // it is laid out: it is kept between renders (`RenderContext.reused`), built once
            // for each selection.
            body: { $0.reused("body") { body(in: $0) } },
            additions: { context in
                SnapshotAdditions(facts: constants.facts[constants.selectedTabs[context.valueIndex(at: constants.selectionPosition)]])
            })
    }

    /// The id-safe token for a title: lowercased, each space replaced by "-".
    public static func token(for title: String) -> String {
        String(title.lowercased().map { $0 == " " ? "-" : $0 })
    }

    /// The tab whose token is `id`.
    public func tab(id: String) -> Tab? { tabs.first { $0.id == id } }
}

extension ScrollingTabStrip {
    /// What the block's states share, worked out once when the block is made, so a render
    /// formats no string: where the selection sits, each tab's element id, the page's title
    /// and hue per tab, the block's facts per tab. Immutable, so any number of threads may
    /// render at once; a class, so that copying the block costs one retain.
    final class Constants: Sendable {
        let selectionPosition: Int
        /// Per `selection` value: the tab it selects ("private var index: Int {
        /// tabs.firstIndex(of: selection) ?? 0 }").
        let selectedTabs: [Int]
        let environments: EnvironmentTable
        /// Per tab: the id its element and interaction name.
        let tabIDs: [String]
        /// Per tab: "Text(\"Stories about \\(selection)\")".
        let pageTitles: [String]
        /// Per tab: ".hueRotation(.degrees(Double(index) * 34))".
        let hueDegrees: [Double]
        /// Per tab selected: the block's facts.
        let facts: [[Fact]]

        init(tabs: [Tab], stateSpace: StateSpace) {
            selectionPosition = stateSpace.position(of: "selection")!
            selectedTabs = stateSpace.dimensions[selectionPosition].values.map { id in tabs.firstIndex { $0.id == id } ?? 0 }
            environments = EnvironmentTable(stateSpace)
            tabIDs = tabs.map { "tab.\($0.id)" }
            pageTitles = tabs.map { "Stories about \($0.title)" }
            hueDegrees = tabs.indices.map { Double($0) * 34 }
            facts = tabs.map { tab in
                [Fact("selected-tab", tab.id),
                 // "var tint: Color = .pink": the demo passes no tint.
                 Fact("tint", "pink"),
                 // Neither the strip nor the demo sets a background (assumption: the window's
                 // systemBackground shows through, as in a plain preview).
                 Fact("ground", "systemBackground")]
            }
        }
    }
}

extension ScrollingTabStrip: ScalableBlock {
    public func widened(to widths: [Int]) -> any BlockModel {
        ScrollingTabStrip(tabs: tabs, widths: widths).assuming(choices)
    }
}
