import AccessibilityModel
import Testing

/// A snapshot's colour variants, however they were made, give each setting's inks and
/// their colours: made from the first setting's inks and every setting's colours, the
/// other settings' inks are the first's with those colours.
@Suite("Colour variants: each setting's inks, from the first's and the colours")
struct ColourVariantsTests {
    static func colour(_ hex: String) -> SRGBColor { SRGBColor(hex: hex)! }

    /// Two elements (one with two inks, one with none) and a third with a boundary.
    static let first: [[Ink]] = [
        [Ink(kind: .text, text: "Saved", frame: Rect(x: 0, y: 0, width: 40, height: 20), token: "label",
             foreground: colour("#000000"), background: colour("#FFFFFF"), pointSize: 17, weight: "regular"),
         Ink(kind: .mark, text: "selection", frame: Rect(x: 0, y: 20, width: 40, height: 2), token: "accent",
             foreground: colour("#007AFF"), background: colour("#FFFFFF"))],
        [],
        [Ink(kind: .mark, text: "boundary", frame: Rect(x: 50, y: 0, width: 30, height: 30), token: "separator",
             foreground: colour("#3C3C434A"), background: colour("#FFFFFF"), inside: colour("#E7E7E8"))],
    ]

    /// Per setting, the three inks' colours: the first setting's are the inks' own.
    static let colours: [[Ink.Colours]] = [
        first.flatMap { $0.map(\.colours) },
        [Ink.Colours(foreground: colour("#000000"), background: colour("#FFFFFF")),
         Ink.Colours(foreground: colour("#0040DD"), background: colour("#FFFFFF")),
         Ink.Colours(foreground: colour("#3C3C4366"), background: colour("#FFFFFF"), inside: colour("#D1D1D6"))],
        [Ink.Colours(foreground: colour("#FFFFFF"), background: colour("#000000")),
         Ink.Colours(foreground: colour("#0A84FF"), background: colour("#000000")),
         Ink.Colours(foreground: colour("#5454584A"), background: colour("#000000"), inside: colour("#2C2C2E"))],
        [Ink.Colours(foreground: colour("#FFFFFF"), background: colour("#000000")),
         Ink.Colours(foreground: colour("#409CFF"), background: colour("#000000")),
         Ink.Colours(foreground: colour("#54545866"), background: colour("#000000"), inside: colour("#3A3A3C"))],
    ]

    /// The same variants written out in full, setting by setting.
    static var written: [[[Ink]]] {
        colours.map { setting in
            var next = 0
            return first.map { element in
                element.map { ink in
                    var recoloured = ink
                    recoloured.colours = setting[next]
                    next += 1
                    return recoloured
                }
            }
        }
    }

    @Test("made from colours, each setting's inks are the first's recoloured; made from inks, they are the inks given",
          arguments: ColourVariants.settings.indices)
    func inksUnderEachSetting(_ setting: Int) {
        let (appearance, contrast) = ColourVariants.settings[setting]
        let fromColours = ColourVariants(inks: Self.first, colours: Self.colours)
        let fromInks = ColourVariants(Self.written)
        #expect(fromColours.inks(appearance: appearance, contrast: contrast) == Self.written[setting])
        #expect(fromInks.inks(appearance: appearance, contrast: contrast) == Self.written[setting])
        #expect(fromColours.elementCount == 3 && fromInks.elementCount == 3)
        for element in Self.first.indices {
            let expected = Self.written[setting][element].map(\.colours)
            #expect(Array(fromColours.colours(ofElement: element, appearance: appearance, contrast: contrast)) == expected)
            #expect(Array(fromInks.colours(ofElement: element, appearance: appearance, contrast: contrast)) == expected)
        }
    }

    @Test("dark inks differ from light ones only in their colours")
    func onlyColoursDiffer() {
        let variants = ColourVariants(inks: Self.first, colours: Self.colours)
        let dark = variants.inks(appearance: .dark, contrast: .increased)
        #expect(dark != Self.first)
        var recoloured = dark
        for element in recoloured.indices {
            for ink in recoloured[element].indices { recoloured[element][ink].colours = Self.first[element][ink].colours }
        }
        #expect(recoloured == Self.first)
    }
}
