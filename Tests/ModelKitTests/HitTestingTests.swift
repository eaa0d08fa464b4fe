import AccessibilityModel
import ModelKit
import Testing

@Suite("Content shapes, hit testing and scroll-view clipping")
struct HitTestingTests {
    /// A 20 × 20 button whose content shape reaches 7 pt above and below it, in a
    /// horizontal scroll view as tall as the button.
    static func strip(_ selection: Binding) -> View {
        ScrollView(.horizontal, id: "row") {
            Button(action: transaction(selection.set("b"))) {
                Rectangle().frame(width: 20, height: 20)
                    .padding(.vertical, 7).contentShape(.rect).padding(.vertical, -7)
            }
            .accessibilityIdentifier("tab")
        }
    }

    @Test("a content shape is where a button answers; padding around it widens it")
    func contentShape() {
        let context = Fixture.context()
        let view = Button(action: .external) {
            Rectangle().frame(width: 20, height: 20).padding(12).contentShape(.rect).padding(-12)
        }.accessibilityIdentifier("b")
        let rendering = Renderer.render(view, proposal: ProposedSize(width: 320, height: nil), in: context)
        #expect(rendering.element("b")?.hitRegion == Rect(x: -12, y: -12, width: 44, height: 44))
        #expect(rendering.hitTest(at: Point(x: -10, y: 0)) == "b")
        #expect(rendering.hitTest(at: Point(x: -13, y: 0)) == nil)
    }

    @Test("scroll-view-hits=clipped cuts the shape to the scroll view; unclipped does not", arguments: [
        ("clipped", 20.0), ("unclipped", 34.0),
    ])
    func scrollClipping(answer: String, height: Double) {
        let context = Fixture.context(choices: AssumptionChoices(["scroll-view-hits": answer]))
        let rendering = Renderer.render(Self.strip(context.binding("selection")),
                                        proposal: ProposedSize(width: 320, height: nil), in: context)
        #expect(rendering.element("tab")?.hitRegion?.height == height)
        #expect(rendering.assumptionsRead.contains("scroll-view-hits"))
    }

    @Test("the topmost control answers where two overlap, and the one below loses that part")
    func overlap() {
        let view = ZStack(alignment: .topLeading) {
            Button(action: .external) { Rectangle().frame(width: 60, height: 44) }.accessibilityIdentifier("under")
            Button(action: .external) { Rectangle().frame(width: 20, height: 44) }.accessibilityIdentifier("over")
        }
        let rendering = Fixture.render(view)
        #expect(rendering.hitTest(at: Point(x: 10, y: 10)) == "over")
        #expect(rendering.hitTest(at: Point(x: 30, y: 10)) == "under")
        #expect(rendering.element("under")?.hitRegion == Rect(x: 20, y: 0, width: 40, height: 44))
    }
}

@Suite("Scroll views inside scroll views")
struct NestedScrollTests {
    @Test("a page's own vertical scroll view brings a row below the pager into view: the pager does not cut it")
    func perpendicular() {
        let view = Pager(id: "pager", current: 0) {
            ScrollView(.vertical, id: "page") {
                VStack(spacing: 0) {
                    Rectangle().frame(height: 150)
                    Button(action: .external) { Rectangle().frame(height: 44) }.accessibilityIdentifier("row")
                }
            }
        }
        let rendering = Fixture.render(view, width: 320, height: 100)
        // The row lies at 150…194, below the 100 pt pager, yet measures its whole 44 pt.
        #expect(rendering.element("row")?.hitRegion == Rect(x: 0, y: 150, width: 320, height: 44))
        // It answers nowhere until scrolled in.
        #expect(rendering.hitTest(at: Point(x: 10, y: 160)) == nil)
    }
}
