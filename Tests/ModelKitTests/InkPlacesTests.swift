import AccessibilityModel
@testable import ModelKit
import Testing

/// A thread's renders find an ink's colours by where it lies and what lies under it: only
/// an ink at the same place over the same layers, painted alike, may take colours met before.
@Suite("Ink colours found by the ink's place")
struct InkPlacesTests {
    static let text = InkTemplate(kind: .text, text: "Saved", frame: Rect(x: 10, y: 10, width: 40, height: 20),
                                  token: "label", layer: 3)
    static let covers = [
        // Under the text.
        LayerCover(frame: Rect(x: 0, y: 0, width: 100, height: 40)),
        // Beside it: reaches no point the text is sampled at, nor the box around it.
        LayerCover(frame: Rect(x: 60, y: 0, width: 20, height: 40)),
        // Under its trailing end only.
        LayerCover(frame: Rect(x: 40, y: 10, width: 10, height: 20)),
    ]
    static let colours = Array(repeating: InkColours.Colours(foreground: .black, background: .white), count: 4)

    static func lookUp(_ places: InkPlaces, _ template: InkTemplate = text, covers: [LayerCover] = covers,
                       paints: [Int] = [0, 1, 2], generation: Int = 0) -> InkPlaces.Lookup {
        withUnsafePointer(to: template) { places.colours(of: $0, covers: covers, paints: paints, numberedIn: generation) }
    }

    static func found(_ lookup: InkPlaces.Lookup) -> Bool {
        if case .found = lookup { true } else { false }
    }

    /// Files the text's colours at its place.
    static func filed() -> InkPlaces {
        let places = InkPlaces()
        guard case .missing(let place) = lookUp(places) else {
            Issue.record("a place not met yet is missing")
            return places
        }
        places.file(colours, at: place, numberedIn: 0)
        return places
    }

    @Test("the same ink over the same layers is found, and a layer that reaches no point near it does not matter")
    func found() {
        let places = Self.filed()
        #expect(Self.found(Self.lookUp(places)))
        var moved = Self.covers
        moved[1].frame.x = 70
        #expect(Self.found(Self.lookUp(places, covers: moved)))
    }

    @Test("an ink moved, another token or opacity, a layer under it moved or painted otherwise, is not found",
          arguments: ["frame", "token", "opacity", "cover", "paint", "layers below"])
    func notFound(change: String) {
        let places = Self.filed()
        var template = Self.text
        var covers = Self.covers
        var paints = [0, 1, 2]
        switch change {
        case "frame": template.frame.x += 0.5
        case "token": template.token = "secondaryLabel"
        case "opacity": template.opacity = 0.5
        case "cover": covers[2].frame.width = 5
        case "paint": paints[2] = 7
        default: template.layer = 2
        }
        #expect(!Self.found(Self.lookUp(places, template, covers: covers, paints: paints)))
    }

    @Test("an ink over a gradient has no place; a place numbered in another generation is not found")
    func unplacedAndGenerations() {
        let places = Self.filed()
        guard case .unplaced = Self.lookUp(places, paints: [0, 1, -1]) else {
            Issue.record("a gradient under the ink leaves it without a place")
            return
        }
        #expect(!Self.found(Self.lookUp(places, generation: 1)))
        #expect(!Self.found(Self.lookUp(places, generation: 0)))
    }

    /// A text that keeps its frame at every width, over a fill whose colour changes past 350
    /// points, and a strip that reaches under it past 400.
    static func body(_ context: RenderContext) -> View {
        HStack(spacing: 0) {
            Text("Kept").foregroundStyle("label").frame(width: 120, height: 30, alignment: .leading)
                .accessibilityIdentifier("kept")
                .background { Rectangle().fill(context.width > 350 ? "blue" : "veil") }
                .background(alignment: .trailing) {
                    Rectangle().fill("red").frame(width: context.width > 400 ? 100 : 2, height: 30)
                }
            Spacer()
        }
    }

    @Test("a text at one place over grounds that change with the width draws as resolved afresh, in every colour setting")
    func groundsChangeUnderAPlace() throws {
        let space = StateSpace([.width([320, 393, 440, 500]), .appearance, .contrast])
        let shared = RenderCache()
        var backgrounds: Set<SRGBColor> = []
        var frames: Set<Rect> = []
        for state in space.all {
            let (met, afresh) = ColourTests.renderings(of: state, by: shared, Self.body)
            let ink = try #require(met.elements.first { $0.id == "kept" }?.inks.first)
            #expect(ink == afresh.elements.first { $0.id == "kept" }?.inks.first, "\(state.id)")
            frames.insert(ink.frame)
            if let background = ink.background { backgrounds.insert(background) }
        }
        // One place at every width, over grounds that differ: a place that left out the
        // paints would give 320's colours at 393, one that left out the strip 393's at 440.
        // At 500 the text is found at 440's place.
        #expect(frames.count == 1)
        #expect(backgrounds.count > 2)
    }
}
