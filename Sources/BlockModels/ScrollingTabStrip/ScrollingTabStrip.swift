import AccessibilityModel

/// The "Scrolling Tab Strip" block and its demo page: a horizontally scrolling row of text
/// tabs with a pink underline under the selected one, which scrolls the selected tab into
/// the middle (seed `004_620c35bad5c9f4af.txt`, read in its reflowed copy).
///
/// The seed is SwiftUI source, not a design card, so the model follows what the code does,
/// line by line, and not what its comments hope for. Where the code falls short (tabs that
/// answer to less than 44 pt, no haptic, no tab trait, no position in the series, no
/// heading), the model exposes the shortfall for the audit to find.
///
/// The model takes `ScrollingTabStrip(tabs:selection:)` as `ScrollingTabStripDemo` builds it
/// ("private let tabs = [\"For You\", \"Trending\", …]", "@State private var selection =
/// \"For You\"", the default `tint: Color = .pink`) and computes what the demo screen exposes.
/// Layout is in ``ScrollingTabStripLayout``, interactions in
/// `ScrollingTabStripInteractions.swift`.
///
/// The state space (in id order):
/// - `selection`: each of the ten tabs selected, as an id-safe token (`for-you`,
///   `trending`…; ``Tab/id``) that maps back to the title the binding holds.
/// - `size`, `motion`, `width`, `direction`: the environment. `motion` is read by
///   "@Environment(\.accessibilityReduceMotion) private var reduceMotion".
///
/// Not modelled: the app passing another `tint` (the demo passes none); the animated
/// scroll on first appearance ("onChange(of: selection, initial: true)"), which has no
/// interaction in the model — each state is the settled one, scrolled to its selection;
/// light and dark appearance (colours are recorded as the tokens the code names).
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

    public let name = "ScrollingTabStrip"
    public let summary = "Scrolling row of text tabs with a pink underline, centring the selected tab, over a demo page"
    public let sourcePath = "Sources/BlockModels/ScrollingTabStrip/ScrollingTabStrip.swift"
    public var tabs: [Tab] { didSet { tables = Tables(tabs: tabs, stateSpace: stateSpace) } }
    public let stateSpace: StateSpace
    /// The text boxes and value positions a render looks up, kept in step with the tabs.
    private(set) var tables: Tables

    public init(tabs: [Tab] = demoTabs, widths: [Int] = [320, 375, 393, 440]) {
        precondition(!tabs.isEmpty, "a strip needs at least one tab")
        self.tabs = tabs
        let stateSpace = StateSpace([
            Dimension("selection", values: tabs.map(\.id), summary: "selected tab (its title as a token)"),
            .contentSize, .motion, .width(widths), .direction,
        ])
        self.stateSpace = stateSpace
        tables = Tables(tabs: tabs, stateSpace: stateSpace)
    }

    /// The snapshot of a state of ``stateSpace``.
    public func snapshot(of state: BlockState) -> Snapshot {
        precondition(stateSpace.region(of: state) != nil, "state \(state) is not one of \(name)'s")
        let inputs = Inputs(state: state, tables: tables, model: self)
        let environment = tables.environments.environment(of: state)
        let layout = ScrollingTabStripLayout(model: self, inputs: inputs, environment: environment)
        return Snapshot(
            block: name, state: state, environment: environment,
            elements: layout.elements, scrollRegions: layout.scrollRegions,
            transitions: transitions(from: state, inputs: inputs, environment: environment),
            facts: [
                Fact("selected-tab", inputs.tab.id),
                // "var tint: Color = .pink": the demo passes no tint.
                Fact("tint", "pink"),
                // Neither the strip nor the demo sets a background (assumption: the window's
                // systemBackground shows through, as in a plain preview).
                Fact("ground", "systemBackground"),
            ])
    }

    /// The id-safe token for a title: lowercased, each space replaced by "-".
    public static func token(for title: String) -> String {
        String(title.lowercased().map { $0 == " " ? "-" : $0 })
    }

    /// The tab whose token is `id`.
    public func tab(id: String) -> Tab? { tabs.first { $0.id == id } }
}

extension ScrollingTabStrip {
    /// The block's inputs in one state.
    struct Inputs {
        /// The selected tab: what "@Binding var selection: String" holds.
        var tab: Tab
        /// "private var index: Int { tabs.firstIndex(of: selection) ?? 0 }": picks the demo
        /// page's symbol and hue.
        var index: Int

        init(state: BlockState, tables: Tables, model: ScrollingTabStrip) {
            index = tables.selectedTabs[state.valueIndices[tables.selectionPosition]]
            tab = model.tabs[index]
        }
    }
}
