import AccessibilityModel

/// The "Scope Header" block: a display title over the feed's scopes, a scrolling row of
/// filter chips and a Filters button (seed `000_9fbed04f1eb1688f.txt`).
///
/// The model takes `ScopeHeader(title:scopes:scope:chips:selectedChips:filterCount:isStuck:onFilters:)`'s
/// inputs from the state ("takes the title, the scopes, a binding to the selected scope's
/// id, the chips and a binding to the set of chips that are on") and computes what the
/// block exposes. Layout is in ``ScopeHeaderLayout``, interactions in
/// `ScopeHeaderInteractions.swift`.
///
/// The state space (in id order):
/// - `scope`: each sample scope selected.
/// - `chips`: `loading` (nil: "Pass nil chips while they load and the row shows grey
///   chips"), `none` ("chips: [] hides the chip row") or `sample` (the Reading tab's).
/// - `on`: every subset of the sample chips turned on (`none`, `unread`, `unread+audio`…).
///   The binding keeps its set while chips load or are empty, so every subset is combined
///   with every chip variant.
/// - `count`: `auto` ("It defaults to the chips that are on") or a figure the app passes
///   ("pass your own when the filter sheet holds more than the chips").
/// - `stuck`: the header pinned over the feed or not ("a hairline appears under it once it
///   is stuck").
/// - `onFilters`: `set` or `nil` ("onFilters opens your full filter sheet; nil hides the
///   button").
/// - `size`, `motion`, `width`, `direction`: the environment.
///
/// Not modelled: `ScopeHeaderExample` and `wrapsInNavigationStack` (the preview's feed and
/// navigation stack, outside the block), and the `feedSpace` coordinate-space detection,
/// which the model replaces by the `stuck` dimension ("Or pass isStuck from your own scroll
/// tracking").
public struct ScopeHeader: BlockModel {
    /// "ScopeHeader.Scope has an id, a title and an optional count of new items."
    public struct Scope: Sendable, Hashable {
        public var id: String
        public var title: String
        public var count: Int?
        public init(id: String, title: String, count: Int? = nil) {
            self.id = id
            self.title = title
            self.count = count
        }
    }

    /// "ScopeHeader.Chip has an id, a title and an optional SF Symbol."
    public struct Chip: Sendable, Hashable {
        public var id: String
        public var title: String
        public var symbol: String?
        public init(id: String, title: String, symbol: String? = nil) {
            self.id = id
            self.title = title
            self.symbol = symbol
        }
    }

    /// "sampleScopes … are the Reading tab's": the three feed scopes the card names, with
    /// Following showing the card's "4 new".
    public static let sampleScopes = [
        Scope(id: "for-you", title: "For you"),
        Scope(id: "following", title: "Following", count: 4),
        Scope(id: "saved", title: "Saved"),
    ]

    /// "sampleChips are the Reading tab's." The card does not list them; these four are a
    /// reading feed's filters, two with symbols and two without, so both chip shapes occur.
    public static let sampleChips = [
        Chip(id: "unread", title: "Unread"),
        Chip(id: "downloaded", title: "Downloaded", symbol: "arrow.down.circle"),
        Chip(id: "audio", title: "Audio", symbol: "headphones"),
        Chip(id: "short-reads", title: "Short reads"),
    ]

    public let name = "ScopeHeader"
    public let summary = "Display title over feed scopes, filter chips and a Filters button"
    public let sourcePath = "Sources/BlockModels/ScopeHeader/ScopeHeader.swift"
    public var title: String
    public var scopes: [Scope]
    public var chips: [Chip]
    /// The figure an app passes as `filterCount` in the `count` dimension's custom value.
    public var customFilterCount: Int
    public let stateSpace: StateSpace

    public init(title: String = "Reading", scopes: [Scope] = sampleScopes, chips: [Chip] = sampleChips,
                customFilterCount: Int = 6, widths: [Int] = [320, 393, 440]) {
        self.title = title
        self.scopes = scopes
        self.chips = chips
        self.customFilterCount = customFilterCount
        stateSpace = StateSpace([
            Dimension("scope", values: scopes.map(\.id), summary: "selected scope"),
            Dimension("chips", values: ["loading", "none", "sample"], summary: "chips: nil (loading), [] or the sample chips"),
            Dimension("on", values: Self.subsets(of: chips.map(\.id)), summary: "chips that are on"),
            Dimension("count", values: ["auto", String(customFilterCount)], summary: "filterCount: default or passed by the app"),
            Dimension("stuck", values: ["no", "yes"], summary: "pinned over the feed"),
            Dimension("onFilters", values: ["set", "nil"], summary: "Filters action present or nil"),
            .contentSize, .motion, .width(widths), .direction,
        ])
    }

    public func snapshot(of state: BlockState) -> Snapshot {
        let inputs = Inputs(state: state, model: self)
        let environment = state.environment
        let layout = ScopeHeaderLayout(model: self, inputs: inputs, environment: environment)
        return Snapshot(
            block: name, state: state, environment: environment,
            elements: layout.elements, scrollRegions: layout.scrollRegions,
            transitions: transitions(from: state, inputs: inputs, environment: environment),
            facts: [
                // "The header's ground is bg, so the feed can run under it."
                Fact("ground", "bg"),
                Fact("filter-count", String(inputs.filterCount)),
                Fact("selected-scope", inputs.scope),
            ])
    }

    /// Every subset of `ids` as a dimension value: `none`, then ids joined by `+` in order.
    static func subsets(of ids: [String]) -> [String] {
        (0..<(1 << ids.count)).map { mask in
            let members = ids.indices.filter { mask & (1 << $0) != 0 }.map { ids[$0] }
            return members.isEmpty ? "none" : members.joined(separator: "+")
        }
    }

    /// The `on` value for a set of chip ids, in the chips' order.
    func onValue(_ selected: Set<String>) -> String {
        let members = chips.map(\.id).filter(selected.contains)
        return members.isEmpty ? "none" : members.joined(separator: "+")
    }
}

extension ScopeHeader {
    /// The block's initialiser arguments in one state.
    struct Inputs {
        var scope: String
        /// nil while loading, as the card's `chips: nil`.
        var chips: [Chip]?
        var selectedChips: Set<String>
        /// The figure on the Filters button. "It defaults to the chips that are on": the
        /// size of the `selectedChips` binding, which keeps its set while chips reload.
        var filterCount: Int
        var isFilterCountDefault: Bool
        var isStuck: Bool
        var hasFiltersAction: Bool

        init(state: BlockState, model: ScopeHeader) {
            scope = state["scope"]
            switch state["chips"] {
            case "loading": chips = nil
            case "none": chips = []
            default: chips = model.chips
            }
            let on = state["on"]
            selectedChips = on == "none" ? [] : Set(on.split(separator: "+").map(String.init))
            isFilterCountDefault = state["count"] == "auto"
            filterCount = isFilterCountDefault ? selectedChips.count : Int(state["count"]) ?? 0
            isStuck = state["stuck"] == "yes"
            hasFiltersAction = state["onFilters"] == "set"
        }
    }
}
