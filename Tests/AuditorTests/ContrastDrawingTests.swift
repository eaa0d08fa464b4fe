import AccessibilityModel
import Auditor
import BlockModels
import Testing

/// The HTML report draws a contrast failure as it is seen.
@Suite("Contrast failures drawn in the HTML report")
struct ContrastDrawingTests {
    static func demo() throws -> Snapshot {
        let block = ScrollingTabStrip().assuming(AssumptionChoices.defaults.themed)
        let state = try block.stateSpace.state(
            id: "selection=for-you;size=L;motion=full;width=393;direction=ltr;appearance=light;contrast=standard")
        return block.snapshot(of: state)
    }

    @Test("the demo title is drawn in white on its card's colour, as an image with its colours and ratio in words, with both swatches and the ratio")
    func demoTitle() throws {
        let message = #""Stories about For You" (white, 28 pt bold) is 2.8:1 on its background, needs 3:1 as large text"#
        let html = ContrastDrawing(snapshot: try Self.demo(), findings: [(subject: "page.title", message: message)]).html
        #expect(html.contains(">Stories about For You</text></svg>"), "\(html)")
        #expect(html.contains(#"role="img" aria-label="Stories about For You in #FFFFFFFF on #FF6D20FF, 2.8:1""#), "\(html)")
        #expect(html.contains(#"fill="rgba(255, 255, 255, 1)">Stories about For You"#), "\(html)")
        #expect(html.contains("<code>#FFFFFFFF</code> on <span class=\"swatch\""), "\(html)")
        #expect(html.contains("background: rgba(255, 109, 32, 1)\"></span><code>#FF6D20FF</code>"), "\(html)")
        #expect(html.contains(#"<strong class="ratio">2.8:1</strong>"#), "\(html)")
    }

    @Test("a finding of another rule about the same element draws nothing")
    func otherRules() throws {
        let message = #""Stories about For You" is a title but VoiceOver reads it as "Stories about For You", not as a heading"#
        #expect(ContrastDrawing(snapshot: try Self.demo(), findings: [(subject: "page.title", message: message)]).html.isEmpty)
    }
}
