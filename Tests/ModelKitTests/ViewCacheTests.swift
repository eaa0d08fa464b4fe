import AccessibilityModel
import Foundation
@testable import ModelKit
import Synchronization
import Testing

/// A part of a body kept between renders is built once for each set of values it reads,
/// and the renders that use it read, lay out and show what they would had it been built.
@Suite("Parts of a body kept between renders")
struct ViewCacheTests {
    /// Counts the builds of a part that reads the selection and, when it is `c`, the size.
    final class Builds: Sendable {
        let count = Atomic<Int>(0)
    }

    static func body(_ context: RenderContext, builds: Builds, key: Int = 0) -> View {
        VStack(spacing: 0) {
            context.reused("label", key: key) { context in
                builds.count.add(1, ordering: .relaxed)
                let selection = context.value(of: "selection")
                let big = selection == "c" && context.contentSize >= .accessibility1
                return Text("\(selection) \(big ? "big" : "") \(key)").accessibilityIdentifier("label")
            }
            Text("width \(context.width)").accessibilityIdentifier("width")
        }
    }

    static func render(_ cache: RenderCache, _ pairs: [String], builds: Builds, key: Int = 0) -> Rendering {
        var state = Fixture.space.all[0].with("size", "L")
        for pair in pairs {
            let parts = pair.split(separator: "=").map(String.init)
            state = state.with(parts[0], parts[1])
        }
        return cache.rendering(of: state, environment: state.environment, choices: .defaults,
                               proposal: { ProposedSize(width: $0.width, height: nil) },
                               body: { body($0, builds: builds, key: key) })
    }

    @Test("a part is built once across the values it does not read, and again for each it reads")
    func builtOncePerReadValues() {
        let cache = RenderCache()
        let builds = Builds()
        // The body reads the width, so each width is a render of its own; the part does not.
        _ = Self.render(cache, ["width=320"], builds: builds)
        _ = Self.render(cache, ["width=393"], builds: builds)
        _ = Self.render(cache, ["width=393", "size=AX5"], builds: builds)
        #expect(cache.counts.renders == 3)
        #expect(builds.count.load(ordering: .relaxed) == 1)
        // Another selection is another part; at `c` the part reads the size too.
        _ = Self.render(cache, ["selection=b"], builds: builds)
        _ = Self.render(cache, ["selection=c"], builds: builds)
        _ = Self.render(cache, ["selection=c", "width=393"], builds: builds)
        _ = Self.render(cache, ["selection=c", "size=AX5"], builds: builds)
        #expect(builds.count.load(ordering: .relaxed) == 4)
        // A key is part of what tells parts apart.
        _ = Self.render(cache, ["selection=c", "size=AX5", "width=393"], builds: builds, key: 1)
        #expect(builds.count.load(ordering: .relaxed) == 5)
    }

    @Test("a kept part's reads are the render's: it is not reused where its values differ")
    func readsRecordedWhenReused() {
        let cache = RenderCache()
        let builds = Builds()
        _ = Self.render(cache, ["selection=c", "width=320"], builds: builds)
        // Reused: this render reads the selection and the size through the kept part.
        let kept = Self.render(cache, ["selection=c", "width=393"], builds: builds)
        #expect(builds.count.load(ordering: .relaxed) == 1)
        let selection = Fixture.space.position(of: "selection")!, size = Fixture.space.position(of: "size")!
        #expect(kept.dimensionsRead & (1 << UInt64(selection)) != 0)
        #expect(kept.dimensionsRead & (1 << UInt64(size)) != 0)
        // So a state that differs only in the size is rendered anew, and shows its own size.
        let big = Self.render(cache, ["selection=c", "width=393", "size=AX5"], builds: builds)
        #expect(cache.counts.renders == 3)
        #expect(big.element("label")?.label == "c big 0")
        #expect(kept.element("label")?.label == "c  0")
    }

    @Test("renders with parts kept are the renders without", arguments: [["selection=a"], ["selection=c", "size=AX5"], ["width=393"]])
    func sameAsBuilt(pairs: [String]) {
        let builds = Builds()
        let warm = RenderCache()
        // Warm the kept parts with another width, so that the render below uses them.
        _ = Self.render(warm, pairs + ["width=320"], builds: builds)
        // The same part in another render: the other width, or another size where the width is given.
        let other = pairs + (pairs.contains("width=393") ? ["size=xS"] : ["width=393"])
        let withParts = Self.render(warm, other, builds: builds)
        let without = RenderContext.$reusesParts.withValue(false) { Self.render(RenderCache(), other, builds: builds) }
        #expect(withParts.elements == without.elements)
        #expect(withParts.dimensionsRead == without.dimensionsRead)
        #expect(withParts.assumptionsRead == without.assumptionsRead)
    }

    @Test("each thread has its own cache, and the same one every time it asks")
    func perThread() {
        let caches = ViewCaches()
        let here = caches.current
        #expect(caches.current === here)
        #expect(here.owner == ThreadIdentity.current)
        let there = Mutex<(cache: ObjectIdentifier, owner: UInt)?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let cache = caches.current
            there.withLock { $0 = (ObjectIdentifier(cache), cache.owner) }
            done.signal()
        }
        thread.start()
        done.wait()
        let other = there.withLock { $0 }
        #expect(other?.cache != ObjectIdentifier(here))
        #expect(other?.owner != here.owner)
        #expect(caches.current === here)
    }

    @Test("a context made on its own, outside a render cache, builds every part")
    func noCacheOutsideRenders() {
        let builds = Builds()
        for _ in 0..<3 { _ = Renderer.render(Self.body(Fixture.context(), builds: builds), proposal: ProposedSize(width: 320, height: nil),
                                             in: Fixture.context()) }
        #expect(builds.count.load(ordering: .relaxed) == 3)
    }
}
