import AccessibilityModel
import Foundation
@testable import ModelKit
import Testing

/// Two workers share a block's render cache; each render is freed by the thread that laid
/// it out, so that neither frees into the other's allocator arena while it allocates.
@Suite("Renders are freed by the thread that made them")
struct RenderReleaseTests {
    /// Renders `selection` on a thread of its own, and waits for it.
    static func renderOnAnotherThread(_ cache: RenderCache, _ selection: String) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            _ = RenderCacheTests.rendering(cache, ["selection=\(selection)"])
            done.signal()
        }
        thread.start()
        done.wait()
    }

    @Test("a render another thread's turnover lets go waits for its maker, and its maker frees it when it next renders")
    func handedBack() {
        // Two renders a generation: each render filed turns the cache over.
        let cache = RenderCache(capacity: 2)
        _ = RenderCacheTests.rendering(cache, ["selection=a"])
        #expect(cache.rendersHandedBack == 0)
        // Another thread's render turns "a" old: its variants are to be forgotten by this thread.
        Self.renderOnAnotherThread(cache, "b")
        #expect(cache.rendersHandedBack == 1)
        // This thread renders "a" again: it deals with what was handed to it first, then
        // finds "a" old, files it anew and turns "b" old, which it hands to the other thread.
        _ = RenderCacheTests.rendering(cache, ["selection=a"])
        #expect(cache.counts.renders == 2)
        #expect(cache.rendersHandedBack == 1)
    }

    @Test("a thread frees its own renders at once")
    func ownRenders() {
        let cache = RenderCache(capacity: 2)
        for selection in ["a", "b", "a", "b"] {
            _ = RenderCacheTests.rendering(cache, ["selection=\(selection)"])
        }
        #expect(cache.rendersHandedBack == 0)
    }
}
