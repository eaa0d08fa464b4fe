import AccessibilityModel

/// The sizes a kept part chose and the placements it left, for the renders after the one
/// that worked them out (``RenderContext/reused(_:key:_:)``).
///
/// A view's size is a function of its nodes, what it is proposed and its layout
/// environment; where it is placed, of those, its origin, what the views around it make
/// of its elements (``Exposure``) and the render's assumption choices, which a render
/// cache holds fixed. A kept part's nodes do not change, so a render that proposes it the
/// same size in the same environment is answered from here, and one that places it at the
/// same origin takes what it left (its elements, content shapes, layers, inks, effects,
/// scroll regions and the assumptions it read) instead of laying its views out again.
///
/// Most renders of a block differ in a dimension only some of its parts read: ScopeHeader's
/// title and scopes are the same views, proposed the same size at the same place, in every
/// render with the same text size and width, whichever chips are on.
///
/// Held by the part's root node, so it serves the thread that built the part and lives
/// as long as the part is kept. It is not `Sendable`, for the same reason.
final class KeptPlacements {
    /// At most this many sizes and this many placements are kept; each list starts afresh
    /// when it is full.
    static let capacity = 64

    /// What the placements of one thread's kept parts may hold together, shared by them.
    let room: PlacementRoom
    /// What this part's placements hold of ``room``.
    private var held = 0

    init(room: PlacementRoom) { self.room = room }

    deinit { room.left += held }

    struct SizeKey: Equatable {
        var proposal: ProposedSize
        var environment: LayoutEnvironment
        var stackAxis: Axis?
    }

    struct PlacementKey: Equatable {
        var proposal: ProposedSize
        var origin: Point
        var environment: LayoutEnvironment
        var exposure: Exposure
        var stackAxis: Axis?

        /// The proposal, origin and text size folded into one word: a placement is looked
        /// for among those with the same, so most that differ are passed over without
        /// comparing their environments.
        var mix: UInt64 {
            var mix = HashMix()
            mix.add(proposal.width)
            mix.add(proposal.height)
            mix.add(origin.x)
            mix.add(origin.y)
            mix.add(environment.contentSize.rawValue)
            return mix.value
        }
    }

    private var sizes: [(key: SizeKey, size: Size)] = []
    private var placements: [(mix: UInt64, placement: PlacedPart)] = []
    /// How many placements have been recorded, and how many times one was used again.
    private(set) var recordings = 0
    private(set) var replays = 0

    func size(for key: SizeKey) -> Size? {
        sizes.first { $0.key == key }?.size
    }

    func remember(_ size: Size, for key: SizeKey) {
        if sizes.count >= Self.capacity { sizes.removeAll(keepingCapacity: true) }
        sizes.append((key, size))
    }

    func placement(for key: PlacementKey, mix: UInt64) -> PlacedPart? {
        guard let found = placements.first(where: { $0.mix == mix && $0.placement.key == key }) else { return nil }
        replays += 1
        return found.placement
    }

    /// Whether to record a placement not kept yet: while at least a quarter of the
    /// placements recorded have been used again, or fewer than 16 have been recorded.
    /// ScopeHeader's chips are placed alike in every render with the same text size,
    /// whatever the width and the Filters button; TopTabs' pages, which a drag moves, are
    /// placed somewhere new in nearly every render.
    var shouldRecord: Bool { recordings < 16 || replays * 4 >= recordings }

    /// Drops every placement kept, giving back the room they held.
    func removePlacements() {
        placements.removeAll()
        room.left += held
        held = 0
    }

    func file(_ placement: PlacedPart, mix: UInt64) {
        recordings += 1
        if placements.count >= Self.capacity { removePlacements() }
        let weight = placement.weight
        guard weight <= room.left else { return }
        room.left -= weight
        held += weight
        placements.append((mix, placement))
    }
}

/// How much the kept placements of one thread may hold, counted in what they list
/// (``PlacedPart/weight``): a placement that does not fit is not kept, and once the room is
/// nearly full its cache drops them all and starts afresh (``ViewCache``). A placement
/// holds its elements' own facts and frames, about half a kilobyte an element with its
/// layers and inks; without a bound, placements that are never used again (where a part
/// is the whole render, as ScrollingTabStrip's body is) would take as much memory as the
/// memos.
final class PlacementRoom {
    static let size = 2_000

    var left = PlacementRoom.size

    var isNearlyFull: Bool { left < Self.size / 4 }
}

/// What placing a part added to a render, as it lay: the tail each of the render's lists
/// gained, and the counts those lists had before, so that indices into them (an action's
/// element, an ink's layer, an element's inks, a scroll region) can be moved when the part
/// is placed after more or fewer views.
struct PlacedPart {
    let key: KeptPlacements.PlacementKey
    var before = Counts()
    var elements: [AccessibilityElement] = []
    var named: [Bool] = []
    var textFlags: [(truncated: Bool, clipped: Bool)] = []
    var drawn: [DrawnContent] = []
    var shapes: [Rect?] = []
    var crossCut: [Rect?] = []
    var fullCut: [Rect?] = []
    var scrollOf: [Int] = []
    var scrollAxes: [UInt8] = []
    var collected: [Bool] = []
    var elementInks: [[Int]] = []
    var actions: [(element: Int, action: Action)] = []
    var parts: [RenderPass.Part] = []
    var contentShapes: [Rect] = []
    var targets: [(id: String, frame: Rect)] = []
    var effects: [(effect: MotionEffect, subject: Int?)] = []
    var feedback: [SensoryFeedback] = []
    var scrollRegions: [ScrollRegion] = []
    var follows: [RenderPass.Follow] = []
    var layers: [PaintLayer] = []
    var inks: [InkTemplate] = []
    var collectedInks: [Int] = []
    var reachesPastViewport = false
    /// The assumptions the placement read, recorded again when it is used.
    var reads: [String] = []

    /// What it lists: its elements, parts, layers and inks.
    var weight: Int { elements.count + parts.count + layers.count + inks.count }

    /// The lengths of a render's lists that other entries point into, and of those the
    /// part's tails are cut from.
    struct Counts: Equatable {
        var elements = 0, actions = 0, parts = 0, contentShapes = 0, targets = 0, effects = 0, feedback = 0
        var scrollRegions = 0, follows = 0, layers = 0, inks = 0, collectedInks = 0, reads = 0
    }
}
