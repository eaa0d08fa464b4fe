import AccessibilityModel
import Synchronization

/// Parts of bodies built on one thread, kept for the renders after them
/// (``RenderContext/reused(_:key:_:)``): a part that read the same values through its context
/// is the same view, so it is built once and its nodes serve every render that agrees with
/// it there, as SwiftUI evaluates a child view's body again only when what it depends on
/// changes.
///
/// Most of a render is a body that does not depend on the text size or the screen width:
/// those decide only how it is laid out. Building a body's nodes and tearing them down
/// again cost nearly half as much as laying it out; a part kept here is neither.
///
/// A part's root remembers the sizes it chose and the placements it left
/// (``KeptPlacements``), so a render that proposes it the same size at the same place
/// takes them instead of laying it out; the nodes under it remember their sizes by render
/// only. Nodes are not `Sendable`, so a cache serves one thread: ``ViewCaches`` gives each
/// thread its own, and the cache traps when another thread uses it.
final class ViewCache: @unchecked Sendable {
    // @unchecked Sendable: the cache holds nodes, which are not Sendable. It is stored in
    // a `ViewCaches` registry (a `Mutex`), which hands each thread the cache filed under its
    // identity and no other, and `part(_:key:in:build:)` checks that its caller is that
    // thread (`ViewCacheTests` makes caches on two threads and checks they are told apart).
    // A thread that takes over an ended thread's identity takes over its cache, which no
    // other thread then uses. The same holds for what the nodes keep (their sizes and
    // placements, `KeptPlacements`), the room those share (`PlacementRoom`) and the inks'
    // colours by place (`InkPlaces`, which `inkPlaces` checks like `part`): only the
    // cache's thread renders with them; the thread that frees the registry after the
    // audit's renders have ended frees them.

    /// The thread the cache serves.
    let owner: UInt
    /// At most this many parts are kept; the cache starts afresh when it is full.
    static let capacity = 32

    /// A part: its call site, its caller's key, and the values of the dimensions it read
    /// (one bit each, by their positions in the state).
    /// Hashed through one mix of its fields, made when it is: a render looks parts up
    /// several times, and a hasher's round per field (the site's bytes, each value) cost
    /// more than the rest of a lookup.
    private struct Key: Hashable {
        var site: String
        var key: AnyHashable
        var dimensions: UInt64
        var values: [Int]
        private var mix: UInt64

        init(site: String, key: AnyHashable, dimensions: UInt64, values: [Int]) {
            (self.site, self.key, self.dimensions, self.values) = (site, key, dimensions, values)
            var mix = HashMix()
            mix.add(bytesOf: site)
            mix.add(key.hashValue)
            mix.add(Int(bitPattern: UInt(dimensions)))
            mix.add(values)
            self.mix = mix.value
        }

        func hash(into hasher: inout Hasher) { hasher.combine(mix) }
    }

    /// A kept part, and the assumptions it read, recorded again when it is used. A render
    /// cache serves one set of assumption choices, so their answers are the same for every
    /// part.
    private struct Part {
        var view: View
        var assumptions: [String]
    }

    /// Per call site, the sets of dimensions its parts read (one, unless what a part reads
    /// depends on what it reads).
    private var reads: [String: [UInt64]] = [:]
    private var parts: [Key: Part] = [:]
    /// What the placements of the parts kept here may hold together.
    private let room = PlacementRoom()
    private let places = InkPlaces()

    /// The colours of inks this thread's renders met, by their places (``InkPlaces``); like
    /// the parts, for the cache's thread only.
    var inkPlaces: InkPlaces {
        precondition(ThreadIdentity.current == owner, "a view cache serves the thread that made it")
        return places
    }

    init(owner: UInt) { self.owner = owner }

    /// The part `site` builds in `context` with `key`: a kept one when one read the same
    /// values, else `build`'s, kept. The reads of the part are recorded in `context` either way.
    func part(_ site: String, key: AnyHashable, in context: RenderContext, build: () -> View) -> View {
        precondition(ThreadIdentity.current == owner, "a view cache serves the thread that made it")
        if room.isNearlyFull {
            for part in parts.values { part.view.node.kept?.removePlacements() }
        }
        for dimensions in reads[site] ?? [] {
            let wanted = Key(site: site, key: key, dimensions: dimensions, values: context.unrecordedValues(at: dimensions))
            if let part = parts[wanted] {
                context.recordReads(dimensions: dimensions, assumptions: part.assumptions)
                return part.view
            }
        }
        let (view, dimensions, assumptions) = context.recordingReads(build)
        // A part that read the whole state (or a dimension from the 64th on) is never kept.
        guard dimensions != .max else { return view }
        if parts.count >= Self.capacity {
            parts.removeAll(keepingCapacity: true)
            reads.removeAll(keepingCapacity: true)
        }
        view.node.keepsPlacements(in: room)
        if !(reads[site]?.contains(dimensions) ?? false) { reads[site, default: []].append(dimensions) }
        parts[Key(site: site, key: key, dimensions: dimensions, values: context.unrecordedValues(at: dimensions))] =
            Part(view: view, assumptions: assumptions)
        return view
    }
}

/// Each thread's ``ViewCache``, for the renders of one ``RenderCache``.
final class ViewCaches: Sendable {
    private let caches = Mutex<[UInt: ViewCache]>([:])

    /// The calling thread's cache, made the first time it asks.
    var current: ViewCache {
        let thread = ThreadIdentity.current
        return caches.withLock { caches in
            if let cache = caches[thread] { return cache }
            let cache = ViewCache(owner: thread)
            caches[thread] = cache
            return cache
        }
    }
}
