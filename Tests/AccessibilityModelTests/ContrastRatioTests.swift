import AccessibilityModel
import Testing

/// WCAG 2's contrast ratio, checked against figures worked by hand from its definition
/// (../shared/reference/colors.md).
@Suite("Contrast ratios as WCAG 2 defines them")
struct ContrastRatioTests {
    @Test("ratios of opaque colours", arguments: [
        ("#000000", "#FFFFFF", 21.0),
        ("#FFFFFF", "#FFFFFF", 1.0),
        ("#FFFFFF", "#FF9500", 2.199),   // white on systemOrange: under 3:1 even for large text
        ("#FFFFFF", "#007AFF", 4.017),   // white on systemBlue: large text only
        ("#FF2D55", "#FFFFFF", 3.647),   // systemPink on white
    ])
    func opaque(foreground: String, background: String, expected: Double) throws {
        let ratio = SRGBColor.contrastRatio(of: try #require(SRGBColor(hex: foreground)), on: try #require(SRGBColor(hex: background)))
        #expect(abs(ratio - expected) < 0.001)
    }

    @Test("a translucent foreground is composited over its ground first: secondaryLabel on white is 3.44:1")
    func translucent() {
        let secondary = SRGBColor(red255: 60, green255: 60, blue255: 67, alpha: 0.6)
        #expect(abs(SRGBColor.contrastRatio(of: secondary, on: .white) - 3.438) < 0.001)
    }

    @Test("colours read and write as #RRGGBBAA", arguments: ["#3C3C4399", "#FFFFFFFF", "#00000000", "#0A1B2CFF"])
    func hex(text: String) throws {
        #expect(try #require(SRGBColor(hex: text)).hex == text)
    }

    @Test("either case reads the same colour; #RRGGBB is opaque", arguments: [("#3c3c4399", "#3C3C4399"), ("#ff9500", "#FF9500FF")])
    func hexCase(text: String, written: String) throws {
        #expect(try #require(SRGBColor(hex: text)).hex == written)
    }

    @Test("anything else is not a colour",
          arguments: ["FFFFFF", "#FFF", "#GGGGGG", "#FFFFFFF", "", "#", "#FFFFFF ", " #FFFFFF", "#ＦＦＦＦＦＦ", "#FFFFFF\u{301}"])
    func notHex(text: String) {
        #expect(SRGBColor(hex: text) == nil)
    }

    @Test("hue rotation by 0° or a whole turn leaves a colour alone; 180° turns orange bluish")
    func hueRotation() {
        let orange = SRGBColor(red255: 255, green255: 149, blue255: 0)
        #expect(orange.hueRotated(by: 0) == orange && orange.hueRotated(by: 360) == orange)
        let turned = orange.hueRotated(by: 180)
        #expect(turned.blue > turned.red)
    }
}
