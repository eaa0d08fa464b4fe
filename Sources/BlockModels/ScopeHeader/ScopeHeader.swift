import AccessibilityModel
import ModelKit

/// The "Scope Header" block: a display title over the feed's scopes, a scrolling row of
/// filter chips and a Filters button (seed `000_9fbed04f1eb1688f.txt`).
///
/// The model takes `ScopeHeader(title:scopes:scope:chips:selectedChips:filterCount:isStuck:onFilters:)`'s
/// inputs from the state ("takes the title, the scopes, a binding to the selected scope's
/// id, the chips and a binding to the set of chips that are on") and renders the block's
/// SwiftUI body on the model kit (``ScopeHeader/body(in:)`` in `ScopeHeaderBody.swift`):
/// the kit lays it out, hit-tests it and works out what VoiceOver is shown. The judgements
/// the card leaves open are named assumptions (`ScopeHeaderAssumptions.swift`).
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
/// - `size`, `motion`, `width`, `direction`, `appearance`, `contrast`: the environment
///   (the theme's tokens take their colours from the last two).
///
/// Not modelled: `ScopeHeaderExample` and `wrapsInNavigationStack` (the preview's feed and
/// navigation stack, outside the block), and the `feedSpace` coordinate-space detection,
/// which the model replaces by the `stuck` dimension ("Or pass isStuck from your own scroll
/// tracking"). "Reads SPTheme from @Environment(\.spTheme) and requires the design-system
/// item": the theme's tokens are named in facts; `SPTheme` itself is not among the seeds.

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
    public var title: String { didSet { remakeConstants() } }
    public var scopes: [Scope] { didSet { remakeConstants() } }
    public var chips: [Chip] { didSet { remakeConstants() } }
    /// The figure an app passes as `filterCount` in the `count` dimension's custom value.
    public var customFilterCount: Int
    public let stateSpace: StateSpace
    /// The answers to named assumptions this copy renders under.
    public private(set) var choices: AssumptionChoices = .defaults
    /// Renders reused across states that read the same values: each serves a state's
    /// Reduce Motion, direction and colour twins, and, where the body shows no chip and no
    /// default count, the states that differ only in which chips are on. Those states lie
    /// 288 representatives apart in the audit's order (the `on` dimension's stride), so the
    /// cache holds more than that for each of two workers filing into it at once. Measured
    /// on the whole block on two workers: with 384 renders held it lays out a third more
    /// (20,694 layouts against 15,309 on one), with 640 15,400 at a peak of 90 MB, with 768
    /// 3 % fewer still at 95 MB.
    private var renders = RenderCache(capacity: Self.renderCapacity)
    static let renderCapacity = 640
    /// What every render looks up (positions, ids, facts, strings), worked out once and kept
    /// in step with the title, scopes and chips.
    private(set) var constants: Constants

    public init(title: String = "Reading", scopes: [Scope] = sampleScopes, chips: [Chip] = sampleChips,
                customFilterCount: Int = 6, widths: [Int] = [320, 393, 440]) {
        self.title = title
        self.scopes = scopes
        self.chips = chips
        self.customFilterCount = customFilterCount
        let stateSpace = StateSpace([
            Dimension("scope", values: scopes.map(\.id), summary: "selected scope"),
            Dimension("chips", values: ["loading", "none", "sample"], summary: "chips: nil (loading), [] or the sample chips"),
            Dimension("on", values: Self.subsets(of: chips.map(\.id)), summary: "chips that are on"),
            Dimension("count", values: ["auto", String(customFilterCount)], summary: "filterCount: default or passed by the app"),
            Dimension("stuck", values: ["no", "yes"], summary: "pinned over the feed"),
            Dimension("onFilters", values: ["set", "nil"], summary: "Filters action present or nil"),
            .contentSize, .motion, .width(widths), .direction, .appearance, .contrast,
        ])
        self.stateSpace = stateSpace
        constants = Constants(title: title, scopes: scopes, chips: chips, stateSpace: stateSpace)
    }

    private mutating func remakeConstants() {
        constants = Constants(title: title, scopes: scopes, chips: chips, stateSpace: stateSpace)
    }

    /// The block's own assumptions and the kit's.
    public var assumptions: [Assumption] { Self.ownAssumptions + KitAssumptions.all }

    public func assuming(_ choices: AssumptionChoices) -> any BlockModel {
        var copy = self
        copy.choices = choices
        copy.renders = RenderCache(capacity: Self.renderCapacity)
        return copy
    }

    /// The snapshot of a state of ``stateSpace``: the body rendered at the screen's width,
    /// with the block's facts and the feed scrolling the header into or out of its pinned
    /// place ("a hairline appears under it once it is stuck over the feed"). Every other
    /// transition is a button's: picking a scope, toggling a chip, opening the filter sheet.
    public func snapshot(of state: BlockState) -> Snapshot {
        precondition(stateSpace.region(of: state) != nil, "state \(state) is not one of \(name)'s")
        let constants = constants
        return renders.snapshot(
            of: state, block: name, environment: constants.environments.environment(of: state), choices: choices,
            proposal: { ProposedSize(width: $0.width, height: nil) },
            body: { body(in: $0) },
            additions: { context in
                let inputs = Inputs(context: context, constants: constants)
                let stuck = context.valueIndex(at: constants.stuckPosition)
                let scroll = Transition(
                    action: .scroll,
                    resultingState: context.state(setting: constants.stuckPosition, to: constants.unstuck[stuck]),
                    changesSelection: false, motions: constants.hairlineMotions)
                return SnapshotAdditions(
                    facts: [
                        // "The header's ground is bg, so the feed can run under it."
                        constants.groundFact,
                        inputs.filterCountFact,
                        constants.selectedScopeFacts[inputs.scope],
                    ],
                    transitions: [.own(scroll)])
            })
    }

    /// Every subset of `ids` as a dimension value: `none`, then ids joined by `+` in order.
    static func subsets(of ids: [String]) -> [String] {
        (0..<(1 << ids.count)).map { mask in
            let members = ids.indices.filter { mask & (1 << $0) != 0 }.map { ids[$0] }
            return members.isEmpty ? "none" : members.joined(separator: "+")
        }
    }

    /// The `on` value for a set of chip ids, in the chips' order.
    func onValue(_ selected: Set<String>) -> String { Self.onValue(selected, of: chips) }

    static func onValue(_ selected: Set<String>, of chips: [Chip]) -> String {
        let members = chips.map(\.id).filter(selected.contains)
        return members.isEmpty ? "none" : members.joined(separator: "+")
    }
}

extension ScopeHeader {
    /// The block's initialiser arguments in one state, as the positions of the state's
    /// values in their dimensions, which index ``Constants``. Each is read from the state
    /// when it is used: a body reads a dimension only where it shows it, so its render is
    /// shared by the states that differ only in what it did not show (the chips that are on
    /// while no chip and no default count is drawn, the count while the Filters button is
    /// hidden).
    struct Inputs {
        private let constants: Constants
        private let value: (Int) -> Int

        /// The inputs as a body or the additions read them: each dimension through its
        /// context, when used.
        init(context: RenderContext, constants: Constants) {
            self.constants = constants
            self.value = { context.valueIndex(at: $0) }
        }

        /// The `scope` value: which scope is selected.
        var scope: Int { value(constants.scopePosition) }
        /// nil while loading, as the card's `chips: nil`.
        var chips: [Chip]? { constants.chipRows[value(constants.chipsPosition)] }
        /// The `on` value: the `selectedChips` binding.
        var on: Int { value(constants.onPosition) }
        /// The `count` value.
        var count: Int { value(constants.countPosition) }
        var isFilterCountDefault: Bool { constants.isFilterCountDefault[count] }
        /// The figure on the Filters button. "It defaults to the chips that are on": the
        /// size of the `selectedChips` binding, which keeps its set while chips reload; a
        /// count the app passes is the same whatever is on.
        var filterCount: Int { constants.filterCounts[count][countedOn] }
        /// The `filter-count` fact: the figure ``filterCount`` gives.
        var filterCountFact: Fact { constants.filterCountFacts[count][countedOn] }
        /// The `on` value the figure counts: read only where the count defaults to the chips
        /// that are on, so that a count the app passes leaves the render and the facts
        /// alike whatever is on.
        private var countedOn: Int { isFilterCountDefault ? on : 0 }
        var isStuck: Bool { constants.stuck[value(constants.stuckPosition)] }
        var hasFiltersAction: Bool { constants.filtersActions[value(constants.onFiltersPosition)] }
    }
}

extension ScopeHeader: ScalableBlock {
    public func widened(to widths: [Int]) -> any BlockModel {
        ScopeHeader(title: title, scopes: scopes, chips: chips, customFilterCount: customFilterCount, widths: widths)
            .assuming(choices)
    }
}
