import AccessibilityModel
@testable import ModelKit
import Testing

/// The table a render cache keeps ink colours in: keys are made of layer numbers, which are
/// only good in the generation of the table that gave them.
@Suite("Ink colours kept across renders")
struct InkColoursTests {
    static func layer(_ token: String) -> PaintLayer {
        PaintLayer(frame: Rect(x: 0, y: 0, width: 10, height: 10), paint: .token(token))
    }

    static func key(_ grounds: [Int]) -> InkColours.Key {
        InkColours.Key(kind: .text, token: "label", opacity: 1, own: -1, grounds: grounds, centre: [])
    }

    static func colours(_ ground: SRGBColor) -> [InkColours.Colours] {
        Array(repeating: InkColours.Colours(foreground: .black, background: ground, inside: nil), count: 4)
    }

    @Test("equal paints share a number; a gradient has none")
    func paintNumbers() {
        let table = InkColours()
        var graded = Self.layer("red")
        graded.paint = .gradient(LinearGradient(colors: ["red", "white"], startPoint: .leading, endPoint: .trailing))
        var turned = Self.layer("red")
        turned.hueRotation = 240
        let numbering = table.numbering(of: [Self.layer("red"), graded, Self.layer("blue"), Self.layer("red"), turned])
        #expect(numbering.paints == [0, -1, 1, 0, 2])
    }

    @Test("colours filed in one generation are found in it, and neither found nor filed once the table started afresh")
    func generations() {
        let table = InkColours(capacity: 1)
        // Two paints: more than the table holds, so the next numbering starts it afresh.
        let first = table.numbering(of: [Self.layer("red"), Self.layer("blue")])
        let red = Self.key([first.paints[0], -1])
        table.file([(red, Self.colours(.white))], numberedIn: first.generation)
        #expect(table.colours(for: [red], numberedIn: first.generation)[0]?[0].background == .white)

        // Another worker's render starts the table afresh, and blue takes red's old number
        // and files its colours under it.
        let second = table.numbering(of: [Self.layer("blue")])
        #expect(second.generation != first.generation && second.paints == [0])
        let blue = Self.key([second.paints[0], -1])
        #expect(blue == red)
        table.file([(blue, Self.colours(.black))], numberedIn: second.generation)
        // The key made in the first generation means red, not blue: it finds nothing...
        #expect(table.colours(for: [red], numberedIn: first.generation)[0] == nil)
        // ...and files nothing over blue's.
        table.file([(red, Self.colours(.white))], numberedIn: first.generation)
        #expect(table.colours(for: [blue], numberedIn: second.generation)[0]?[0].background == .black)
    }
}
