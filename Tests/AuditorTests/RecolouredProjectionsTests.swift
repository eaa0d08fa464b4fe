import AccessibilityModel
@testable import Auditor
import Testing

/// Colour twins' elements are found by what a group saw of their representatives' and the
/// number of their inks' colours, so that number must tell colours apart exactly.
@Suite("Ink colour numbers: equal numbers for equal colours only")
struct InkColourNumbersTests {
    static let white = SRGBColor(red: 1, green: 1, blue: 1)
    static let black = SRGBColor(red: 0, green: 0, blue: 0)
    static let grey = SRGBColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.6)

    static func ink(_ foreground: SRGBColor?, on background: SRGBColor?, inside: SRGBColor? = nil) -> Ink {
        Ink(kind: .text, text: "Unread", frame: Rect(x: 0, y: 0, width: 40, height: 20), token: "textPrimary",
            foreground: foreground, background: background, inside: inside)
    }

    @Test("the same colours in the same order share a number; any other colour, order or count does not",
          arguments: [
              ([ink(black, on: white)], [ink(white, on: black)], false),
              ([ink(black, on: white)], [ink(black, on: white)], true),
              ([ink(black, on: white), ink(grey, on: white)], [ink(grey, on: white), ink(black, on: white)], false),
              ([ink(black, on: white)], [ink(black, on: white), ink(black, on: white)], false),
              ([ink(nil, on: white)], [ink(black, on: white)], false),
              ([ink(black, on: white, inside: grey)], [ink(black, on: white)], false),
              // Only colours are numbered: a twin's inks differ from its representative's in nothing else.
              ([ink(black, on: white)], [Ink(kind: .mark, text: "boundary", frame: .zero, token: "separator",
                                             foreground: black, background: white)], true),
          ])
    func numbers(_ first: [Ink], _ second: [Ink], same: Bool) {
        var table = InkColourNumbers()
        let one = table.number(of: first.map(\.colours)), other = table.number(of: second.map(\.colours))
        #expect((one.number == other.number) == same)
        #expect(!one.startedAfresh && !other.startedAfresh)
    }

    @Test("an element without inks has no number to look up")
    func noInks() {
        var table = InkColourNumbers()
        #expect(table.number(of: [Ink.Colours]()).number == -1)
    }

    /// The numbers given before a fresh start are void: the caller drops what it filed under them.
    @Test("a full table starts afresh and says so")
    func startsAfresh() {
        var table = InkColourNumbers()
        let restarted = (0..<InkColourNumbers.capacity).filter { step in
            let colour = SRGBColor(red: Double(step) / Double(InkColourNumbers.capacity), green: 0, blue: 0)
            return table.number(of: [Self.ink(colour, on: Self.white).colours]).startedAfresh
        }
        #expect(restarted.isEmpty)
        let next = table.number(of: [Self.ink(Self.black, on: Self.grey).colours])
        #expect(next.startedAfresh && next.number == 0)
    }
}

/// A group whose twins' elements are rarely met again stops looking them up and filing them.
@Suite("Recoloured projections: kept while they pay")
struct RecolouredProjectionsTests {
    @Test("judged after its trial: it stops below a fifth of twins found whole, and goes on from a fifth",
          arguments: [(99, false), (100, true), (500, true)])
    func judged(found: Int, remembers: Bool) {
        var table = RecolouredProjections()
        table.file(7, for: .init(projection: 3, colours: 1))
        for attempt in 0..<RecolouredProjections.trial { table.attempted(foundEvery: attempt < found) }
        #expect(table.remembers == remembers)
        #expect(table.isEmpty == !remembers)
        table.file(8, for: .init(projection: 4, colours: 1))
        #expect(table.projection(.init(projection: 4, colours: 1)) == (remembers ? 8 : nil))
    }
}
