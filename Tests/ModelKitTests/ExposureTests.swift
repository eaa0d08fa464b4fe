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

    @Test("a symbol is named by its words, a fill variant like the plain symbol", arguments: [
        ("fork.knife", "fork knife"), ("line.3.horizontal.decrease.circle.fill", "line 3 horizontal decrease circle"),
        ("heart.fill", "heart"), ("sparkles", "sparkles"), ("fill", ""), ("a..b.", "a b"), ("fillet.fill", "fillet"),
    ])
    func symbolNames(symbol: String, name: String) {
        let rendering = Fixture.render(Image(systemName: symbol).accessibilityIdentifier("symbol"))
        #expect(rendering.element("symbol")?.label == name)
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

@Suite("Views inside a control's label: listed shapes, motions, fixed-size stacks")
struct ControlLabelTests {
    /// A tab as ScrollingTabStrip writes it: a title over a 3 pt underline, fixed-size.
    func tab(_ selection: Binding, selected: Bool) -> View {
        Button(action: withAnimation(.snappy(duration: 0.35)) { selection.set("b") }) {
            VStack(spacing: 8) {
                Text("Music").font(.headline).changes(.opacity, on: selection)
                ZStack {
                    Capsule()
                    if selected {
                        Capsule().fill("pink").matchedGeometryEffect(moving: selection).accessibilityIdentifier("underline")
                    }
                }
                .frame(height: 3)
            }
            .fixedSize()
        }
        .accessibilityLabel("Music")
        .accessibilityAddTraits(selected ? .selected : [])
        .fact("selected", selected ? "yes" : "no")
        .accessibilityIdentifier("tab")
    }

    @Test("a fixed-size VStack offers its children its own width: the underline is as wide as the title")
    func underlineWidth() {
        let context = Fixture.context()
        let rendering = Renderer.render(tab(context.binding("selection", isSelection: true), selected: true),
                                        proposal: ProposedSize(width: 320, height: nil), in: context)
        let tab = rendering.element("tab")!, underline = rendering.element("underline")!
        // Headline at Large: a line of 17 × 2444 / 2048 = 20.287, then 8, then 3.
        #expect(abs(tab.frame.height - 31.287) < 0.001)
        #expect(underline.frame.width == tab.frame.width && underline.frame.height == 3)
        #expect(underline.frame.minX == tab.frame.minX && underline.frame.maxY == tab.frame.maxY)
    }

    @Test("a named shape in a label is listed hidden and untouched by the control's modifiers; an unnamed one is not listed")
    func listedShape() {
        let context = Fixture.context()
        let rendering = Renderer.render(tab(context.binding("selection", isSelection: true), selected: true),
                                        proposal: ProposedSize(width: 320, height: nil), in: context)
        #expect(rendering.elements.map(\.id) == ["underline", "tab"])
        let underline = rendering.element("underline")!
        #expect(underline.isHidden && underline.isDecorative && underline.label.isEmpty && underline.traits.isEmpty)
        #expect(underline.fact("fill") == "pink" && underline.fact("selected") == nil)
        let tab = rendering.element("tab")!
        #expect(tab.label == "Music" && tab.traits == [.button, .selected] && tab.fact("selected") == "yes")
    }

    @Test("motions name the listed shape, and the control for a view in its label that has no element")
    func motionSubjects() {
        let context = Fixture.context()
        let rendering = Renderer.render(tab(context.binding("selection", isSelection: true), selected: true),
                                        proposal: ProposedSize(width: 320, height: nil), in: context)
        let motions = rendering.transitions[0].motions
        #expect(motions.map(\.subject) == ["tab", "underline"])
        #expect(motions.map(\.kind) == [.opacity, .matchedGeometry])
    }
}

@Suite("Scroll views as accessibility containers")
struct ScrollContainerTests {
    @Test("the elements in a ScrollView belong to a container named by its id; those outside to none")
    func container() {
        let rendering = Fixture.render(VStack {
            ScrollView(.horizontal, id: "chips") {
                HStack { Button(action: .external) { Text("A") }.accessibilityIdentifier("a") }
            }
            Text("Below").accessibilityIdentifier("below")
        })
        #expect(rendering.element("a")?.container == "chips")
        #expect(rendering.element("below")?.container == nil)
    }
}

@Suite("A scroll view that follows the selection")
struct ScrollFollowTests {
    @Test("from a scrolled strip, activating a tab whose centred offset differs slides the strip; one that needs no scroll does not")
    func slides() {
        let context = Fixture.context(["selection=c"])
        let selection = context.binding("selection", isSelection: true)
        let view = ScrollView(.horizontal, id: "strip") {
            HStack(spacing: 0) {
                ForEach(["a", "b", "c"]) { id in
                    Button(action: withAnimation(.snappy()) { selection.set(id) }) { Text(id.uppercased()) }
                        .frame(width: 200).accessibilityIdentifier(id).id(id)
                }
            }
        }
        .scrollsTo(selection, target: "c", anchor: .center, animation: .snappy())
        let rendering = Renderer.render(view, proposal: ProposedSize(width: 320, height: nil), in: context)
        // Content 600 wide in a 320 viewport: C's centre 500 − 160 = 340, kept within 600 − 320 = 280.
        #expect(rendering.scrollRegions[0].offset == 280)
        let slides = rendering.transitions.map { $0.motions.contains { $0.subject == "strip" && $0.kind == .slide } }
        // A: 100 − 160 → 0; B: 300 − 160 = 140; C: no change of selection.
        #expect(slides == [true, true, false])
    }
}

@Suite("Typed semantics general rules read")
struct SemanticsTests {
    @Test("a selection group member and a title role are written as the facts rules key on", arguments: [true, false])
    func facts(isSelected: Bool) {
        let rendering = Fixture.render(VStack {
            Text("Reading").role(.title).accessibilityIdentifier("title")
            Button(action: .external) { Text("Music") }.selectionGroupMember(.single, isSelected: isSelected)
                .accessibilityIdentifier("tab")
        })
        #expect(rendering.element("title")?.fact("role") == "title")
        #expect(rendering.element("tab")?.fact("selection") == "single")
        #expect(rendering.element("tab")?.fact("selected") == (isSelected ? "yes" : "no"))
    }
}
