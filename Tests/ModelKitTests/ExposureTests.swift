import AccessibilityModel
import ModelKit
import Testing

@Suite("What VoiceOver is shown: elements, labels, traits, hidden views")
struct ExposureTests {
    @Test("a button's label joins its texts; it has the button trait and takes touches")
    func button() {
        let rendering = Fixture.render(Button(action: .external) {
            HStack { Text("Filters"); Text("2") }
        }.accessibilityIdentifier("filters"))
        let element = rendering.element("filters")!
        #expect(element.label == "Filters, 2")
        #expect(element.traits == [.button])
        #expect(element.isInteractive)
    }

    @Test("a text is static text; a heading adds the header trait")
    func heading() {
        let rendering = Fixture.render(Text("Reading").accessibilityHeading().accessibilityIdentifier("title"))
        #expect(rendering.element("title")?.traits == [.staticText, .header])
    }

    @Test("combine joins the children into one element; ignore keeps only what modifiers say")
    func children() {
        let combined = Fixture.render(HStack { Text("For you"); Text("4 new") }
            .accessibilityElement(children: .combine).accessibilityIdentifier("scope"))
        #expect(combined.element("scope")?.label == "For you, 4 new")
        let ignored = Fixture.render(HStack { Text("For you"); Text("4") }
            .accessibilityElement(children: .ignore).accessibilityLabel("For you").accessibilityIdentifier("scope"))
        #expect(ignored.element("scope")?.label == "For you")
        #expect(ignored.elements.count == 1)
    }

    @Test("hidden views are listed only when named; decorative images never speak")
    func hidden() {
        let rendering = Fixture.render(VStack {
            Capsule().frame(height: 2).accessibilityIdentifier("underline")
            Text("Hidden").accessibilityHidden(true)
            Image(systemName: "sparkles").accessibilityHidden(true).accessibilityIdentifier("symbol")
        })
        #expect(rendering.elements.map(\.id) == ["underline", "symbol"])
        #expect(rendering.elements.allSatisfy { $0.isHidden })
    }

    @Test("activating a button moves to the state its action sets, with the haptic its trigger fires")
    func transitions() {
        let context = Fixture.context()
        let selection = context.binding("selection", isSelection: true)
        let view = HStack {
            Button(action: withAnimation(nil) { selection.set("b") }) { Text("B") }.accessibilityIdentifier("b")
                .matchedGeometryEffect(moving: selection)
        }.sensoryFeedback(.selection, trigger: selection)
        let rendering = Renderer.render(view, proposal: ProposedSize(width: 320, height: nil), in: context)
        let transition = rendering.transitions[0]
        #expect(transition.resultingState["selection"] == "b")
        #expect(transition.changesSelection)
        #expect(transition.haptics == [.selection])
        // Without an animation the matched geometry jumps: an instant change.
        #expect(transition.motions == [Motion(subject: "b", kind: .none)])
    }

    @Test("an identifier outside a containing element names the container; its children keep their own ids")
    func namedContainer() {
        let rendering = Fixture.render(HStack {
            Button(action: .external) { Text("A") }.accessibilityIdentifier("a")
            Button(action: .external) { Text("B") }
        }.accessibilityElement(children: .contain).accessibilityIdentifier("row"))
        #expect(rendering.elements.map(\.id) == ["a", "element.1"])
        #expect(rendering.elements.allSatisfy { $0.container == "row" })
    }
}
