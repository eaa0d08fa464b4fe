import AccessibilityModel
import ModelKit
import Testing

@Suite("A render serves every state that agrees on what its body read")
struct RenderCacheTests {
    static func body(_ context: RenderContext) -> View {
        let selection = context.binding("selection", isSelection: true)
        let animation = Animation.snappy(duration: 0.35).reducedMotion(nil)
        return HStack(spacing: 10) {
            ForEach(["a", "b"]) { value in
                Button(action: withAnimation(animation) { selection.set(value) }) {
                    Rectangle().frame(width: 30, height: 44)
                }
                .accessibilityIdentifier(value)
                .matchedGeometryEffect(moving: selection)
            }
        }
    }

    static func rendering(_ cache: RenderCache, _ pairs: [String]) -> Rendering {
        var state = Fixture.space.all[0].with("size", "L")
        for pair in pairs {
            let parts = pair.split(separator: "=").map(String.init)
            state = state.with(parts[0], parts[1])
        }
        return cache.rendering(of: state, environment: state.environment, choices: .defaults,
                               proposal: { ProposedSize(width: $0.width, height: nil) }, body: body)
    }

    @Test("Reduce Motion and direction twins reuse one render; the instance still differs as they do")
    func twins() {
        let cache = RenderCache()
        let plain = Self.rendering(cache, [])
        let mirrored = Self.rendering(cache, ["direction=rtl"])
        let reduced = Self.rendering(cache, ["motion=reduced"])
        #expect(cache.counts.renders == 1)
        #expect(cache.counts.reuses == 2)
        // Mirrored within 320: "a" at 0…30 lands at 290…320.
        #expect(plain.elements[0].frame.x == 0)
        #expect(mirrored.elements[0].frame.x == 290)
        // Selecting "b" moves with the spring, or at once under Reduce Motion.
        #expect(plain.transitions[1].motions.first?.kind == .matchedGeometry)
        #expect(reduced.transitions[1].motions.first?.kind == Motion.Kind.none)
    }

    @Test("a state that differs in a dimension the body read is rendered anew", arguments: [
        ["selection=b"], ["size=AX5"], ["width=393"],
    ])
    func readDimensions(pairs: [String]) {
        let cache = RenderCache()
        _ = Self.rendering(cache, [])
        let other = Self.rendering(cache, pairs)
        #expect(cache.counts.renders == 2)
        if pairs == ["selection=b"] { #expect(other.transitions[0].resultingState["selection"] == "a") }
    }

    @Test("a body that reads Reduce Motion itself is rendered for each setting")
    func readingReduceMotion() {
        let cache = RenderCache()
        var states = [Fixture.space.all[0]]
        states.append(states[0].with("motion", "reduced"))
        for state in states {
            _ = cache.rendering(of: state, environment: state.environment, choices: .defaults,
                                proposal: { _ in ProposedSize(width: 320, height: nil) },
                                body: { context in Text(context.reduceMotion ? "still" : "moving") })
        }
        #expect(cache.counts.renders == 2)
    }

    @Test("a body that never reads a dimension is rendered once across its values, and only once per value it does read")
    func unreadDimensions() {
        let cache = RenderCache()
        // A body that reads the selection only when the text is large.
        func body(_ context: RenderContext) -> View {
            let large = context.contentSize >= .accessibility1
            return Text(large ? "Big \(context.value(of: "selection"))" : "Small").font(.body)
        }
        var state = Fixture.space.all[0]
        for size in ["L", "AX1"] {
            for selection in ["a", "b", "c"] {
                state = state.with("size", size).with("selection", selection)
                let rendering = cache.rendering(of: state, environment: state.environment, choices: .defaults,
                                                proposal: { _ in ProposedSize(width: 320, height: nil) }, body: body)
                #expect(rendering.elements[0].label == (size == "L" ? "Small" : "Big \(selection)"))
            }
        }
        // "Small" once for every selection; "Big a", "Big b" and "Big c" once each.
        #expect(cache.counts.renders == 4)
        #expect(cache.counts.reuses == 2)
    }

    @Test("a render met again outlives the cache's turnover; one not met again does not")
    func turnover() {
        let cache = RenderCache(capacity: 2)
        func render(_ selection: String) {
            let state = Fixture.space.all[0].with("size", "L").with("selection", selection)
            _ = cache.rendering(of: state, environment: state.environment, choices: .defaults,
                                proposal: { _ in ProposedSize(width: 320, height: nil) }, body: Self.body)
        }
        // a, b; a again (kept across the turnover b caused); c turns over again; a is still
        // kept, as it was met last; b is not.
        for selection in ["a", "b", "a", "c", "a"] { render(selection) }
        #expect(cache.counts.renders == 3)
        render("b")
        #expect(cache.counts.renders == 4)
    }

    @Test("a render met again after it turned old, its placed variants let go, gives the same elements in either direction")
    func oldRenderMetAgain() {
        let cache = RenderCache(capacity: 2)
        func rendering(_ pairs: [String]) -> Rendering {
            var state = Fixture.space.all[0].with("size", "L")
            for pair in pairs {
                let parts = pair.split(separator: "=").map(String.init)
                state = state.with(parts[0], parts[1])
            }
            return cache.rendering(of: state, environment: state.environment, choices: .defaults,
                                   proposal: { _ in ProposedSize(width: 320, height: nil) }, body: Self.body)
        }
        let variants = [["direction=ltr"], ["direction=rtl"]]
        let first = variants.map { rendering(["selection=a"] + $0) }
        // Rendering b turns a old, and a lets its placed variants go.
        _ = rendering(["selection=b"])
        let again = variants.map { rendering(["selection=a"] + $0) }
        #expect(cache.counts.renders == 2)
        #expect(again.map(\.elements) == first.map(\.elements))
        #expect(first[0].elements != first[1].elements)
    }

    @Test("a dimension a modifier only watches (`trigger`) is not read: one render serves its values, and its haptic still fires")
    func watchedDimension() {
        let cache = RenderCache()
        func body(_ context: RenderContext) -> View {
            let size = context.binding("size")
            return Button(action: withAnimation(nil) { size.set("AX5") }) { Text("Larger") }
                .accessibilityIdentifier("larger")
                .sensoryFeedback(.selection, trigger: context.trigger("selection"))
                .sensoryFeedback(.impact(.light), trigger: size)
        }
        var renderings: [Rendering] = []
        for selection in ["a", "b", "c"] {
            let state = Fixture.space.all[0].with("size", "L").with("selection", selection)
            renderings.append(cache.rendering(of: state, environment: state.environment, choices: .defaults,
                                              proposal: { _ in ProposedSize(width: 320, height: nil) }, body: body))
        }
        #expect(cache.counts.renders == 1)
        // The action changes size, not selection: only the haptic watching size fires.
        #expect(renderings.allSatisfy { $0.transitions.first?.haptics == [.impact(.light)] })
    }

    /// A snapshot through the kit of the fixture's state with `pairs`: the test body, and
    /// additions that name the layout direction only when the text is large.
    static func snapshot(_ cache: RenderCache, _ pairs: [String], readingBodyTransitions: Bool = false) -> Snapshot {
        var state = Fixture.space.all[0].with("size", "L")
        for pair in pairs {
            let parts = pair.split(separator: "=").map(String.init)
            state = state.with(parts[0], parts[1])
        }
        return cache.snapshot(
            of: state, block: "Fixture", environment: state.environment, choices: .defaults,
            proposal: { ProposedSize(width: $0.width, height: nil) }, body: body,
            additions: { context in
                let large = context.contentSize >= .accessibility1
                let moves = readingBodyTransitions ? context.bodyTransitions.count : 0
                return SnapshotAdditions(facts: [Fact("runs", large ? context.direction.rawValue : "either way"),
                                                 Fact("moves", String(moves))],
                                         transitions: [.own(Transition(action: .scroll, resultingState: context.state(setting: 0, to: 2),
                                                                       changesSelection: true))])
            })
    }

    /// The fixture's dimensions by name, as ``Snapshot/dimensionsRead`` bits.
    static func bits(_ names: [String]) -> UInt64 {
        names.reduce(0) { $0 | 1 << UInt64(Fixture.space.position(of: $1)!) }
    }

    @Test("a snapshot the kit makes records what its body and its additions read, and nothing else", arguments: [
        // The body reads the selection, the size (the kit lays it out at a Dynamic Type
        // size) and the width (its proposal); the additions read the size, and the
        // direction only at accessibility sizes.
        ([String](), ["selection", "size", "width"]),
        (["size=AX1"], ["selection", "size", "width", "direction"]),
    ])
    func snapshotReads(pairs: [String], read: [String]) {
        let snapshot = Self.snapshot(RenderCache(), pairs)
        #expect(snapshot.dimensionsRead == Self.bits(read))
        // Setting the selection is not reading it: the scroll leads to "c" from here.
        #expect(snapshot.transitions.last?.resultingState["selection"] == "c")
        #expect(snapshot.transitions.count == 3)
    }

    @Test("additions that read the body's transitions read Reduce Motion, which their motions follow")
    func bodyTransitionsReadMotion() {
        let snapshot = Self.snapshot(RenderCache(), [], readingBodyTransitions: true)
        #expect(snapshot.dimensionsRead == Self.bits(["selection", "size", "width", "motion"]))
        #expect(snapshot.facts.last == Fact("moves", "2"))
    }

    @Test("a snapshot a block changes afterwards no longer says what it read")
    func changedSnapshotForgetsReads() {
        var snapshot = Self.snapshot(RenderCache(), [])
        #expect(snapshot.dimensionsRead != nil)
        snapshot.facts.append(Fact("extra", "yes"))
        #expect(snapshot.dimensionsRead == nil)
        var other = Self.snapshot(RenderCache(), [])
        other.transitions.removeAll()
        #expect(other.dimensionsRead == nil)
    }

    @Test("a transition made from a button's takes its motions under each Reduce Motion, and the additions read neither", arguments: [
        ("full", Motion.Kind.matchedGeometry), ("reduced", Motion.Kind.none),
    ])
    func transitionFromButton(motion: String, kind: Motion.Kind) {
        let state = Fixture.space.all[0].with("size", "L").with("motion", motion)
        let snapshot = RenderCache().snapshot(
            of: state, block: "Fixture", environment: state.environment, choices: .defaults,
            proposal: { ProposedSize(width: $0.width, height: nil) }, body: Self.body,
            additions: { context in
                SnapshotAdditions(transitions: context.hasButton(on: "b") ? [.fromButton(on: "b", action: .setSelection)] : [],
                                  keepsBodyTransition: { _, target in target != "a" })
            })
        #expect(snapshot.dimensionsRead == Self.bits(["selection", "size", "width"]))
        // The body's "b" (its "a" left out), then the app setting the selection as "b" does.
        #expect(snapshot.transitions.map(\.action) == [.activate, .setSelection])
        #expect(snapshot.transitions.allSatisfy { $0.target == "b" && $0.resultingState["selection"] == "b" })
        #expect(snapshot.transitions.last?.motions.first?.kind == kind)
    }
}
