import AccessibilityModel
import ModelKit
import Testing

@Suite("Motions: what a transaction animates, and what Reduce Motion leaves")
struct MotionTests {
    static func row(_ context: RenderContext) -> View {
        let selection = context.binding("selection", isSelection: true)
        let animation: Animation? = context.reduceMotion ? nil : .snappy(duration: 0.35)
        return ScrollView(.horizontal, id: "row") {
            HStack(spacing: 200) {
                ForEach(["a", "b", "c"]) { value in
                    Button(action: withAnimation(animation) { selection.set(value) }) { Text(value.uppercased()) }
                        .accessibilityIdentifier("tab.\(value)")
                        .id(value)
                }
            }
        }
        .scrollsTo(selection, target: selection.value, anchor: .center, animation: animation)
        .overlay { Capsule().frame(height: 2).accessibilityIdentifier("underline").matchedGeometryEffect(moving: selection) }
    }

    @Test("an animated change flies the matched shape and scrolls the row to the new tab")
    func animated() {
        let context = Fixture.context(["width=320"])
        let rendering = Renderer.render(Self.row(context), proposal: ProposedSize(width: 320, height: nil), in: context)
        // Selecting "c", 2 × (200 + width) to the right, scrolls the row; "a" stays put.
        let toC = rendering.transitions.first { $0.target == "tab.c" }!
        #expect(toC.motions == [
            Motion(subject: "underline", kind: .matchedGeometry, token: "swiftui.snappy", duration: 0.35),
            Motion(subject: "row", kind: .slide, token: "swiftui.snappy", duration: 0.35),
        ])
        #expect(rendering.transitions.first { $0.target == "tab.a" }!.motions.isEmpty)
    }

    @Test("with Reduce Motion the animation is nil and every change is instant")
    func reduced() {
        let context = Fixture.context(["width=320", "motion=reduced"])
        let rendering = Renderer.render(Self.row(context), proposal: ProposedSize(width: 320, height: nil), in: context)
        let toC = rendering.transitions.first { $0.target == "tab.c" }!
        #expect(toC.motions.allSatisfy { $0.kind == .none && $0.duration == 0 })
    }

    @Test("the row rests with the selected tab centred, within its content")
    func resting() {
        let context = Fixture.context(["width=320", "selection=b"])
        let rendering = Renderer.render(Self.row(context), proposal: ProposedSize(width: 320, height: nil), in: context)
        let tab = rendering.element("tab.b")!.frame
        #expect(abs(tab.midX - 160) < 0.001)
        #expect(rendering.scrollRegions[0].offset > 0)
    }
}
