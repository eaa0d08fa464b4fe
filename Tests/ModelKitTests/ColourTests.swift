import AccessibilityModel
import ModelKit
import Testing

/// The kit finds, for each text and meaningful mark, its colour and the least legible ground
/// behind it: fills stacked and composited, gradients where they lie, hue turned.
@Suite("Colours: foregrounds and the grounds behind them")
struct ColourTests {
    static let palette = Palette([
        "systemBackground": .init(light: .white, dark: .black),
        "label": .init(light: .black, dark: .white),
        "white": .init(light: .white, dark: .white),
        "grey": .init(light: SRGBColor(red255: 60, green255: 60, blue255: 67, alpha: 0.6),
                      dark: SRGBColor(red255: 235, green255: 235, blue255: 245, alpha: 0.6)),
        "red": .init(light: SRGBColor(red: 1, green: 0, blue: 0), dark: SRGBColor(red: 1, green: 0, blue: 0)),
        "blue": .init(light: SRGBColor(red: 0, green: 0, blue: 1), dark: SRGBColor(red: 0, green: 0, blue: 1)),
        "veil": .init(light: SRGBColor(red: 0, green: 0, blue: 0, alpha: 0.5), dark: SRGBColor(red: 0, green: 0, blue: 0, alpha: 0.5)),
    ])

    static var choices: AssumptionChoices {
        var choices = AssumptionChoices.defaults
        choices.palette = palette
        return choices
    }

    static func ink(_ view: View, _ id: String, appearance: Appearance = .light) throws -> Ink {
        let space = StateSpace([Dimension("only", values: ["one"]), .appearance, .contrast])
        let state = space.all[0].with("appearance", appearance.rawValue)
        let context = RenderContext(state: state, environment: state.environment, choices: choices)
        let rendering = Renderer.render(view, proposal: ProposedSize(width: 320, height: 200), in: context)
        return try #require(rendering.elements.first { $0.id == id }?.inks.first)
    }

    /// An auditor reads a colour twin's inks from its representative's snapshot instead of
    /// making the twin's: each setting's must be the ones that setting's own snapshot shows.
    @Test("a snapshot carries its elements' inks under every colour setting, as each setting's snapshot shows them",
          arguments: ["ltr", "rtl"])
    func colourVariants(direction: String) throws {
        let space = StateSpace([Dimension("only", values: ["one"]), .direction, .appearance, .contrast])
        let cache = RenderCache()
        func snapshot(_ appearance: Appearance, _ contrast: ContrastSetting) -> Snapshot {
            let state = space.all[0].with("direction", direction).with("appearance", appearance.rawValue)
                .with("contrast", contrast.rawValue)
            return cache.snapshot(
                of: state, block: "Fixture", environment: state.environment, choices: Self.choices,
                proposal: { _ in ProposedSize(width: 320, height: 200) },
                body: { _ in
                    HStack {
                        Text("Saved").foregroundStyle("grey").accessibilityIdentifier("saved")
                            .background { Rectangle().fill("veil") }
                        Text("Sent").foregroundStyle("label").accessibilityIdentifier("sent")
                        Rectangle().fill("blue").frame(width: 20, height: 20)
                    }
                },
                additions: { _ in SnapshotAdditions() })
        }
        let representative = snapshot(.light, .standard)
        let variants = try #require(representative.colourVariants)
        func colours(_ inks: [[Ink]]) -> [[SRGBColor?]] {
            inks.map { $0.flatMap { [$0.foreground, $0.background, $0.inside] } }
        }
        for (appearance, contrast) in ColourVariants.settings {
            let twin = snapshot(appearance, contrast)
            #expect(colours(variants.inks(appearance: appearance, contrast: contrast)) == colours(twin.elements.map(\.inks)))
            for (index, element) in twin.elements.enumerated() {
                #expect(Array(variants.colours(ofElement: index, appearance: appearance, contrast: contrast)) == element.inks.map(\.colours))
            }
        }
        // Dark differs from light, so the variants are not one setting's four times.
        #expect(colours(variants.inks(appearance: .dark, contrast: .standard)) != colours(representative.elements.map(\.inks)))
        var changed = representative
        changed.elements.removeLast()
        #expect(changed.colourVariants == nil)
    }

    @Test("a text with no background is measured against the window's ground in each appearance",
          arguments: [(Appearance.light, SRGBColor.white), (.dark, .black)])
    func windowGround(appearance: Appearance, ground: SRGBColor) throws {
        let ink = try Self.ink(Text("Saved").foregroundStyle("grey").accessibilityIdentifier("t"), "t", appearance: appearance)
        #expect(ink.background == ground)
        #expect(ink.foreground == Self.palette.color("grey", appearance, .standard))
        #expect(ink.pointSize == 17 && ink.weight == "regular")
    }

    @Test("translucent fills stack: a half-black veil over white makes mid grey behind the text")
    func stackedFills() throws {
        let view = Text("On").foregroundStyle("white").accessibilityIdentifier("t")
            .background { Rectangle().fill("veil") }
        let ink = try Self.ink(view, "t")
        let grey = try #require(ink.background)
        #expect(abs(grey.red - 0.5) < 0.001 && grey.alpha == 1)
    }

    @Test("over a gradient the worst point counts: white text is measured where a red→white gradient is lightest")
    func gradientWorstCase() throws {
        let view = ZStack {
            Rectangle().fill(LinearGradient(colors: ["red", "white"], startPoint: .leading, endPoint: .trailing))
            Text("Wide title here").foregroundStyle("white").accessibilityIdentifier("t")
        }
        let ink = try Self.ink(view, "t")
        let background = try #require(ink.background)
        // The text is centred in 320 pt: its right end lies past the middle, where the
        // gradient is more white than red (green and blue above one half).
        #expect(background.red == 1 && background.green > 0.5)
        let atCentre = SRGBColor(red: 1, green: 0, blue: 0).interpolated(to: .white, fraction: 0.5)
        #expect(try #require(ink.contrastRatio) < SRGBColor.contrastRatio(of: .white, on: atCentre))
    }

    @Test("a fill under part of a text counts where it lies; one beside the text does not")
    func partialFills() throws {
        // The red square lies under the text's leading samples only; the blue one starts
        // where the text ends, clear of its samples.
        let view = HStack(spacing: 0) {
            Text("Saved").foregroundStyle("label").accessibilityIdentifier("t")
                .background(alignment: .topLeading) { Rectangle().fill("red").frame(width: 6, height: 12) }
            Rectangle().fill("blue").frame(width: 20, height: 20)
        }
        let ink = try Self.ink(view, "t")
        #expect(ink.background == SRGBColor(red: 1, green: 0, blue: 0))
        let clear = try Self.ink(HStack(spacing: 0) {
            Text("Saved").foregroundStyle("label").accessibilityIdentifier("t")
            Rectangle().fill("blue").frame(width: 20, height: 20)
        }, "t")
        #expect(clear.background == .white)
    }

    @Test("hue rotation turns the fill before it is measured: red turned 240° is near blue")
    func hueRotation() throws {
        let view = ZStack {
            Rectangle().fill("red").hueRotation(degrees: 240)
            Text("Hi").foregroundStyle("white").accessibilityIdentifier("t")
        }
        let background = try #require(try Self.ink(view, "t").background)
        #expect(background.blue > background.red && background.blue > background.green)
    }

    @Test("a mark that conveys selection is measured against what lies under it, inside a control too")
    func meaningfulMark() throws {
        let view = Button(action: .external) {
            VStack(spacing: 2) {
                Text("Tab").foregroundStyle("label")
                Capsule().fill("blue").conveys("selection").frame(height: 2)
            }
        }
        .accessibilityIdentifier("tab")
        let space = StateSpace([Dimension("only", values: ["one"]), .appearance, .contrast])
        let context = RenderContext(state: space.all[0], environment: space.all[0].environment, choices: Self.choices)
        let tab = try #require(Renderer.render(view, proposal: ProposedSize(width: 320, height: nil), in: context).elements
            .first { $0.id == "tab" })
        #expect(tab.inks.map(\.kind) == [.text, .mark])
        #expect(tab.inks[1].text == "selection" && tab.inks[1].foreground == SRGBColor(red: 0, green: 0, blue: 1))
        #expect(tab.inks[1].background == .white)
    }

    @Test("without a palette colours are unknown, never guessed")
    func noPalette() throws {
        let rendering = Fixture.render(Text("Saved").accessibilityIdentifier("t"))
        let ink = try #require(rendering.element("t")?.inks.first)
        #expect(ink.foreground == nil && ink.background == nil && ink.token == "primary")
    }

    /// Texts and marks over stacked, translucent, turned and graded grounds, which move and
    /// change size with the state's width and Dynamic Type size.
    static func layered(_ context: RenderContext) -> View {
        let wide = context.width > 350
        return VStack(spacing: 4) {
            Text("Veiled").foregroundStyle("white").accessibilityIdentifier("veiled")
                .background { Rectangle().fill("veil") }
            HStack(spacing: 0) {
                Text("Half").foregroundStyle("label").opacity(0.7).accessibilityIdentifier("half")
                    // Under its trailing samples only on the wider screen.
                    .background(alignment: .topTrailing) { Rectangle().fill("red").frame(width: wide ? 12 : 1, height: 12) }
                Rectangle().fill("blue").frame(width: 20, height: 20)
            }
            ZStack {
                Rectangle().fill("red").hueRotation(degrees: 240)
                Text("Turned").foregroundStyle("white").accessibilityIdentifier("turned")
            }
            ZStack {
                Rectangle().fill(LinearGradient(colors: ["red", "white"], startPoint: .leading, endPoint: .trailing))
                Text("Graded").foregroundStyle("white").accessibilityIdentifier("graded")
            }
            Button(action: .external) {
                VStack(spacing: 2) {
                    Text("Tab").foregroundStyle("grey")
                    Capsule().fill("blue").conveys("selection").frame(height: 2)
                }
            }
            .accessibilityIdentifier("tab")
            .background { Rectangle().fill("veil") }
        }
    }

    /// `body` in `state` at the screen's width, rendered by `shared` (which may have met
    /// its inks before) and by a cache of its own.
    static func renderings(of state: BlockState, by shared: RenderCache,
                           _ body: @escaping (RenderContext) -> View) -> (met: Rendering, afresh: Rendering) {
        let proposal = { (context: RenderContext) in ProposedSize(width: context.width, height: nil) }
        return (shared.rendering(of: state, environment: state.environment, choices: choices, proposal: proposal, body: body),
                RenderCache().rendering(of: state, environment: state.environment, choices: choices, proposal: proposal,
                                        body: body))
    }

    @Test("an ink whose colours an earlier render of the cache resolved draws as one resolved afresh, in every colour setting")
    func coloursMetBefore() {
        let space = StateSpace([.contentSize, .width([320, 393]), .appearance, .contrast])
        let shared = RenderCache()
        var compared = 0
        for state in space.all {
            let (met, afresh) = Self.renderings(of: state, by: shared, Self.layered)
            #expect(met.elements.map(\.inks) == afresh.elements.map(\.inks), "\(state.id)")
            compared += met.elements.flatMap(\.inks).count
        }
        // Every state's texts and the selection mark, with their colours known.
        #expect(compared == space.count * 6)
        #expect(shared.counts.renders == 24)
    }
}

