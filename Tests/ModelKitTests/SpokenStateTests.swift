import AccessibilityModel
import ModelKit
import Testing

@Suite("States VoiceOver speaks beyond traits, and the order it visits in")
struct SpokenStateTests {
    @Test("a toggle speaks its state after the trait words and flips its binding", arguments: [
        ("yes", "Include Salt, Switch Button, On", "no"),
        ("no", "Include Salt, Switch Button, Off", "yes"),
    ])
    func toggle(current: String, spoken: String, next: String) {
        let space = StateSpace([Dimension("salt", values: ["yes", "no"]), .contentSize, .motion, .width([393]), .direction])
        let state = space.all[0].with("salt", current)
        let context = RenderContext(state: state, environment: state.environment)
        let view = Toggle(isOn: context.binding("salt"), on: "yes", off: "no") { Text("Include Salt") }
            .accessibilityIdentifier("salt")
        let rendering = Renderer.render(view, proposal: ProposedSize(width: 393, height: nil), in: context)
        #expect(Speech(for: rendering.element("salt")!).description == spoken)
        #expect(rendering.transitions[0].resultingState["salt"] == next)
    }

    @Test("a text field says it is being edited after its trait word")
    func editing() {
        let rendering = Fixture.render(TextField("Name", text: "Ada", isEditing: true).accessibilityIdentifier("name"))
        let element = rendering.element("name")!
        #expect(Speech(for: element).description == "Name, Ada, Text Field, Is editing")
        #expect(Speech(for: element).hint == "Double tap to edit.")
        #expect(element.isInteractive)
    }

    @Test("a disclosure control says whether it is expanded; an adjustable one says how to adjust")
    func expansionAndAdjustable() {
        let rendering = Fixture.render(VStack {
            Button(action: .external) { Text("Details") }.accessibilityExpanded(false).accessibilityIdentifier("details")
            Text("Volume").accessibilityValue("50%").accessibilityAdjustableAction().accessibilityIdentifier("volume")
        })
        #expect(Speech(for: rendering.element("details")!).description == "Details, Button, Collapsed")
        let volume = Speech(for: rendering.element("volume")!)
        #expect(volume.description == "Volume, 50%, Adjustable")
        #expect(volume.hint == "Swipe up or down with one finger to adjust the value.")
    }

    @Test("a higher sort priority is visited first, whatever the frames")
    func sortPriority() {
        let rendering = Fixture.render(VStack {
            Text("First on screen").accessibilityIdentifier("top")
            Text("Read first").accessibilitySortPriority(1).accessibilityIdentifier("bottom")
        })
        let order = FocusOrder.sorted(rendering.elements, direction: .leftToRight).map(\.id)
        #expect(order == ["bottom", "top"])
    }
}
