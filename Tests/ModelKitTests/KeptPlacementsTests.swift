import AccessibilityModel
@testable import ModelKit
import Testing

/// A kept part placed again under the same proposal, at the same origin, in the same
/// environment, is placed from what it left the last time: the render is the one laying it
/// out would make, whatever came before it.
@Suite("Placements of kept parts")
struct KeptPlacementsTests {
    /// A panel with what a placement leaves: a button whose label draws a filled, outlined
    /// capsule, a heading, and a row of buttons scrolling sideways that reaches past its
    /// viewport (so placing it reads `scroll-view-hits`).
    static func panel() -> View {
        VStack(alignment: .leading, spacing: 4) {
            Text("Panel").accessibilityHeading().accessibilityIdentifier("panel.title")
            Button(action: .external) {
                HStack(spacing: 4) {
                    Image(systemName: "star").accessibilityHidden(true)
                    Text("Star")
                }
                .padding(8)
                .background { Capsule().fill("fill") }
                .overlay { Capsule().stroke("separator", lineWidth: 1).conveys("boundary") }
            }
            .accessibilityIdentifier("panel.star")
            ScrollView(.horizontal, id: "panel.items") {
                HStack(spacing: 8) {
                    ForEach(0..<8) { index in
                        Button(action: .external) { Text("Item \(index)").padding(12) }
                            .contentShape(.rect)
                            .accessibilityIdentifier("panel.item\(index)")
                    }
                }
            }
            .frame(width: 200)
        }
    }

    /// `extras` views drawn under the panel, at its origin: elements, layers and inks before
    /// it in the render's lists, which a placement kept from a render without them must
    /// skip past.
    static func body(_ context: RenderContext, extras: Int) -> (body: View, panel: View) {
        let panel = context.reused("panel") { _ in Self.panel() }
        let body = ZStack(alignment: .topLeading) {
            ForEach(0..<extras) { index in
                Text("Extra \(index)")
                    .background { Rectangle().fill("bg") }
                    .accessibilityIdentifier("extra\(index)")
            }
            panel
        }
        return (body, panel)
    }

    /// Renders the body with `extras` through `cache`'s parts (none: every part built and
    /// laid out).
    static func render(extras: Int, width: Double = 320, size: String = "L", cache: ViewCache?) -> (Rendering, View) {
        let state = Fixture.space.all[0].with("size", size)
        let context = RenderContext(state: state, environment: state.environment, choices: .defaults, transitions: [],
                                    viewCache: cache)
        let (body, panel) = body(context, extras: extras)
        return (Renderer.render(body, proposal: ProposedSize(width: width, height: nil), in: context), panel)
    }

    static func expectSame(_ kept: Rendering, _ laidOut: Rendering) {
        #expect(kept.elements == laidOut.elements)
        #expect(kept.scrollRegions == laidOut.scrollRegions)
        #expect(kept.transitions == laidOut.transitions)
        #expect(kept.assumptionsRead == laidOut.assumptionsRead)
        #expect(kept.touchShapes.map(\.element) == laidOut.touchShapes.map(\.element))
        #expect(kept.touchShapes.map(\.shape) == laidOut.touchShapes.map(\.shape))
        for (appearance, contrast) in ColourVariants.settings {
            #expect(kept.colourVariants?.inks(appearance: appearance, contrast: contrast)
                    == laidOut.colourVariants?.inks(appearance: appearance, contrast: contrast))
        }
    }

    @Test("a part placed alike is placed from its recording, its indices moved past what now comes before it",
          arguments: [0, 1, 3])
    func replayedAfterOtherViews(extras: Int) throws {
        let cache = ViewCache(owner: ThreadIdentity.current)
        // Recorded in a render with nothing before it...
        let (_, panel) = Self.render(extras: 0, cache: cache)
        let kept = try #require(panel.node.kept)
        #expect(kept.recordings == 1)
        // ...and placed from the recording after `extras` elements, layers and inks.
        let (replayed, again) = Self.render(extras: extras, cache: cache)
        #expect(again.node === panel.node)
        #expect(kept.replays == 1)
        let (laidOut, _) = Self.render(extras: extras, cache: nil)
        Self.expectSame(replayed, laidOut)
        // The panel reaches past its scroll view, and says so when placed from a recording too.
        #expect(replayed.assumptionsRead.contains(KitAssumptions.scrollViewHits.name))
    }

    @Test("a part proposed another size, or placed elsewhere, is laid out again",
          arguments: [(width: 393.0, size: "L"), (width: 320.0, size: "AX3")])
    func laidOutWhereAnythingDiffers(width: Double, size: String) {
        let cache = ViewCache(owner: ThreadIdentity.current)
        let (_, panel) = Self.render(extras: 0, cache: cache)
        let (rendering, _) = Self.render(extras: 0, width: width, size: size, cache: cache)
        #expect(panel.node.kept?.recordings == 2)
        #expect(panel.node.kept?.replays == 0)
        let (laidOut, _) = Self.render(extras: 0, width: width, size: size, cache: nil)
        Self.expectSame(rendering, laidOut)
    }

    @Test("a part under an offset is placed alike however far it is moved, and drawn where it is moved to",
          arguments: [25.0, -60.5])
    func replayedUnderAnOffset(shift: Double) throws {
        let cache = ViewCache(owner: ThreadIdentity.current)
        func render(_ shift: Double, cache: ViewCache?) -> (Rendering, View) {
            let state = Fixture.space.all[0].with("size", "L")
            let context = RenderContext(state: state, environment: state.environment, choices: .defaults, transitions: [],
                                        viewCache: cache)
            let panel = context.reused("panel") { _ in Self.panel() }
            return (Renderer.render(panel.offset(x: shift), proposal: ProposedSize(width: 320, height: nil), in: context), panel)
        }
        let (still, panel) = render(0, cache: cache)
        let (moved, _) = render(shift, cache: cache)
        #expect(panel.node.kept?.replays == 1)
        Self.expectSame(moved, render(shift, cache: nil).0)
        let star = try #require(still.element("panel.star")), movedStar = try #require(moved.element("panel.star"))
        #expect(movedStar.frame == star.frame.moved(by: Point(x: shift, y: 0)))
    }

    @Test("a part whose placements are not used again stops being recorded")
    func recordingStopsWhereItDoesNotPay() {
        let kept = KeptPlacements(room: PlacementRoom())
        for index in 0..<40 {
            guard kept.shouldRecord else { break }
            kept.file(PlacedPart(key: Self.key(x: Double(index))), mix: UInt64(index))
        }
        #expect(kept.recordings == 16)
        // Used again, it is recorded again.
        for index in 0..<4 { _ = kept.placement(for: Self.key(x: Double(index)), mix: UInt64(index)) }
        #expect(kept.replays == 4)
        #expect(kept.shouldRecord)
    }

    @Test("placements take room from their thread's share, give it back when dropped, and are not kept where it is short")
    func room() {
        let room = PlacementRoom()
        var placed = PlacedPart(key: Self.key(x: 0))
        placed.inks = Array(repeating: InkTemplate(kind: .text, text: "", frame: Rect(x: 0, y: 0, width: 1, height: 1), layer: 0),
                            count: 10)
        do {
            let kept = KeptPlacements(room: room)
            kept.file(placed, mix: 0)
            #expect(room.left == PlacementRoom.size - 10)
            kept.removePlacements()
            #expect(room.left == PlacementRoom.size)
            kept.file(placed, mix: 0)
        }
        // A part's placements give their room back when the part is dropped.
        #expect(room.left == PlacementRoom.size)
        let kept = KeptPlacements(room: room)
        room.left = 9
        kept.file(placed, mix: 0)
        #expect(kept.placement(for: Self.key(x: 0), mix: 0) == nil)
        #expect(room.left == 9)
    }

    static func key(x: Double) -> KeptPlacements.PlacementKey {
        KeptPlacements.PlacementKey(proposal: ProposedSize(width: 320, height: nil), origin: Point(x: x, y: 0),
                                    environment: LayoutEnvironment(contentSize: .large, lineHeightRule: .fontMetrics),
                                    exposure: Exposure(), stackAxis: nil)
    }
}
