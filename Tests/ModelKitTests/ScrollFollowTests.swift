import AccessibilityModel
import ModelKit
import Testing

@Suite("A pager that follows a binding")
struct PagerFollowTests {
    /// Three 100 pt pages in a 100 pt pager resting on "c" (offset 200). The targets are in
    /// content coordinates: going back to "a" (x = 0) wants offset 0, a change of 200, so
    /// the pager slides. Adding the resting offset again would want 200, no change, and no slide.
    @Test("scrolling back to the first target slides from where the view rests")
    func backToFirst() {
        let context = Fixture.context(["selection=c"])
        let selection = context.binding("selection", isSelection: true)
        let view = VStack(spacing: 0) {
            Pager(id: "pager", current: 2) {
                ForEach(["a", "b", "c"]) { id in Rectangle().frame(width: 100, height: 10).id(id) }
            }
            .scrollsTo(selection, target: "c", anchor: .leading, animation: .snappy())
            .frame(width: 100, height: 10)
            Button(action: withAnimation(.snappy()) { selection.set("a") }) { Text("A") }
        }
        let rendering = Renderer.render(view, proposal: ProposedSize(width: 100, height: nil), in: context)
        #expect(rendering.scrollRegions.first?.offset == 200)
        #expect(rendering.transitions.first?.motions.contains { $0.subject == "pager" && $0.kind == .slide } == true)
    }
}
