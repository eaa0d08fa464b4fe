import AccessibilityModel
import ModelKit
import Testing

@Suite("Text sizes with Dynamic Type, wraps, truncates and reports it")
struct TextTests {
    @Test("custom fonts scale relative to body, to a named style, or not at all", arguments: [
        // 28 pt relative to body at AX5: 28 × 53 / 17 = 87.29; to title: 28 × 58 / 28 = 58.
        (Font.custom("Brand", size: 28), 87.294),
        (Font.custom("Brand", size: 28, relativeTo: .title), 58.0),
        (Font.custom("Brand", fixedSize: 28), 28.0),
    ])
    func customScaling(font: Font, points: Double) {
        #expect(abs(font.pointSize(at: .accessibility5) - points) < 0.001)
    }

    @Test("a line is as tall as the font's line height, or the style's leading under the alternative")
    func lineHeight() {
        let view = Text("Music").font(.headline).accessibilityIdentifier("t")
        let metrics = Fixture.render(view)
        let leading = Fixture.render(view, choices: AssumptionChoices(["text-line-height": "style-leading"]))
        // Headline at Large: 17 pt; 17 × 2444 / 2048 = 20.287 against the table's 22.
        #expect(abs(metrics.element("t")!.frame.height - 20.287) < 0.001)
        #expect(leading.element("t")!.frame.height == 22)
        #expect(metrics.assumptionsRead == ["text-line-height"])
    }

    /// A render measures each text once and keeps the width: the same text in another
    /// weight or size is measured on its own, and the same text met again takes the width
    /// it had.
    @Test("each text is as wide as its own font makes it, the same text in another weight or size too")
    func measuredOncePerFont() {
        let fonts: [(id: String, font: Font, points: Double, weight: FontWeight)] = [
            ("regular", .body, 17, .regular), ("bold", .body.weight(.bold), 17, .bold),
            ("caption", .caption, 12, .regular), ("again", .body, 17, .regular),
        ]
        let view = VStack {
            ForEach(fonts.indices) { index in
                Text("Trending").font(fonts[index].font).fixedSize().accessibilityIdentifier(fonts[index].id)
            }
        }
        let rendering = Fixture.render(view)
        for (id, _, points, weight) in fonts {
            let expected = TextMetrics.width(of: "Trending", pointSize: points, weight: weight)
            #expect(abs(rendering.element(id)!.frame.width - expected) < 0.001, "\(id)")
        }
        #expect(rendering.element("bold")!.frame.width > rendering.element("regular")!.frame.width)
    }

    @Test("a one-line text narrower than it needs is truncated and says so")
    func truncation() {
        let rendering = Fixture.render(Text("A long title that cannot fit").lineLimit(1).frame(width: 60)
            .accessibilityIdentifier("t"))
        let element = rendering.element("t")!
        #expect(element.fact("truncated") == "yes")
        #expect(element.frame.width == 60)
    }

    @Test("without a line limit a narrow text wraps onto more lines and is not truncated")
    func wrapping() {
        let rendering = Fixture.render(Text("A long title that wraps").frame(width: 60).accessibilityIdentifier("t"))
        let element = rendering.element("t")!
        #expect(element.fact("truncated") == nil)
        #expect(element.frame.height > 40)
    }

    @Test("a text cut by clipped() says it is clipped")
    func clipping() {
        let rendering = Fixture.render(Text("Tall").font(.largeTitle).accessibilityIdentifier("t").frame(height: 10).clipped())
        #expect(rendering.element("t")?.fact("clipped") == "yes")
    }

    @Test("the font, colour and line limit nearest the text win, however the modifiers are chained")
    func nearestEnvironmentWins() {
        let long = "A long title that cannot fit"
        let chained = Fixture.render(Text(long).font(.body).lineLimit(nil).foregroundStyle("textSecondary")
            .font(.title).lineLimit(1).frame(width: 60).accessibilityIdentifier("t"))
        let separated = Fixture.render(Text(long).font(.body).lineLimit(nil).foregroundStyle("textSecondary")
            .frame(width: 60).font(.title).lineLimit(1).accessibilityIdentifier("t"))
        for rendering in [chained, separated] {
            let element = rendering.element("t")!
            #expect(element.fact("color") == "textSecondary")
            // Body, not title: 17 pt at Large; wrapped, since the inner `lineLimit(nil)` wins.
            #expect(element.inks.first?.pointSize == 17)
            #expect(element.fact("truncated") == nil)
        }
        #expect(chained.elements == separated.elements)
    }

}
