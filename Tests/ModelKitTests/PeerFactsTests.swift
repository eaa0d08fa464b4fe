import AccessibilityModel
import ModelKit
import Testing

/// The facts the kit writes for the checks peer auditors make: who takes a control's
/// touches, what a text needs when it is cut short, what a control shows beside what it is
/// called, and the controls a button's label swallows.
@Suite("Facts for the peer checks")
struct PeerFactsTests {
    static func fact(_ name: String, of id: String, in rendering: Rendering) -> String? {
        rendering.element(id)?.facts.first { $0.name == name }?.value
    }

    @Test("a control drawn above another names itself in the one below's covered-by, with the size it takes")
    func covered() {
        let view = ZStack(alignment: .topLeading) {
            Button(action: .external) { Rectangle().frame(width: 60, height: 44) }.accessibilityIdentifier("under")
            Button(action: .external) { Rectangle().frame(width: 20, height: 30) }.accessibilityIdentifier("over")
        }
        let rendering = Fixture.render(view)
        #expect(Self.fact("covered-by", of: "under", in: rendering) == "over")
        #expect(Self.fact("covered-width", of: "under", in: rendering) == "20")
        #expect(Self.fact("covered-height", of: "under", in: rendering) == "30")
        #expect(Self.fact("covered-by", of: "over", in: rendering) == nil)
    }

    @Test("controls side by side, or touching at an edge, cover nothing")
    func sideBySide() {
        let view = HStack(spacing: 0) {
            Button(action: .external) { Rectangle().frame(width: 60, height: 44) }.accessibilityIdentifier("a")
            Button(action: .external) { Rectangle().frame(width: 60, height: 44) }.accessibilityIdentifier("b")
        }
        let rendering = Fixture.render(view)
        #expect(rendering.elements.allSatisfy { element in !element.facts.contains { $0.name == "covered-by" } })
    }

    /// A control in a horizontal scroll view reaching 30 pt past its 100 pt viewport, under
    /// a button beside the scroll view, as ScopeHeader's chips reach under Filters.
    static func rowBesideButton() -> View {
        HStack(spacing: 0) {
            ScrollView(.horizontal, id: "row") {
                Button(action: .external) { Rectangle().frame(width: 130, height: 44) }.accessibilityIdentifier("chip")
            }
            .frame(width: 100)
            Button(action: .external) { Rectangle().frame(width: 44, height: 44) }.accessibilityIdentifier("filters")
        }
    }

    @Test("a control past its scroll view is covered by the button beside it only where it still answers there",
          arguments: [("clipped", nil as String?), ("unclipped", "filters")])
    func scrolledUnder(answer: String, coveredBy: String?) {
        let rendering = Fixture.render(Self.rowBesideButton(), choices: AssumptionChoices(["scroll-view-hits": answer]))
        #expect(Self.fact("covered-by", of: "chip", in: rendering) == coveredBy)
        #expect(rendering.hitTest(at: Point(x: 110, y: 10)) == "filters")
        if coveredBy != nil { #expect(Self.fact("covered-width", of: "chip", in: rendering) == "30") }
    }

    @Test("a truncated text records the width it needs on one line; a text that fits records none")
    func textWidth() {
        let cut = Fixture.render(Text("Recommended for you").lineLimit(1).frame(width: 40).accessibilityIdentifier("t"))
        let whole = Fixture.render(Text("Top").accessibilityIdentifier("t"))
        #expect(Self.fact("truncated", of: "t", in: cut) == "yes")
        #expect(Double(Self.fact("text-width", of: "t", in: cut) ?? "") ?? 0 > 40)
        #expect(Self.fact("text-width", of: "t", in: whole) == nil)
    }

    @Test("truncationAllowed(reason:) declares the cut deliberate; an empty reason declares nothing")
    func truncationAllowed() {
        let declared = Fixture.render(Text("Recommended for you").lineLimit(1).frame(width: 40)
            .truncationAllowed(reason: "The full title heads the page.").accessibilityIdentifier("t"))
        let empty = Fixture.render(Text("Recommended for you").lineLimit(1).frame(width: 40)
            .truncationAllowed(reason: "").accessibilityIdentifier("t"))
        #expect(Self.fact("truncation-allowed", of: "t", in: declared) == "The full title heads the page.")
        #expect(Self.fact("truncation-allowed", of: "t", in: empty) == nil)
    }

    @Test("a control whose label says something else than it shows records what it shows")
    func visibleText() {
        let view = VStack {
            Button(action: .external) { Text("Unread") }.accessibilityIdentifier("same")
            Button(action: .external) { Text("Sort") }.accessibilityLabel("Order by date").accessibilityIdentifier("renamed")
            Button(action: .external) { HStack { Text("Following"); Text("4").accessibilityHidden(true) } }
                .accessibilityIdentifier("counted")
        }
        let rendering = Fixture.render(view)
        #expect(Self.fact("visible-text", of: "same", in: rendering) == nil)
        #expect(Self.fact("visible-text", of: "renamed", in: rendering) == "Sort")
        #expect(Self.fact("visible-text", of: "counted", in: rendering) == "Following 4")
    }

    @Test("a button inside a button's label is swallowed: one element, the inner control named in nested-controls")
    func nestedControls() {
        let view = Button(action: .external) {
            HStack {
                Text("Story")
                Button(action: .external) { Text("Share") }
            }
        }.accessibilityIdentifier("card")
        let rendering = Fixture.render(view)
        #expect(rendering.elements.filter { $0.traits.contains(.button) }.map(\.id) == ["card"])
        #expect(Self.fact("nested-controls", of: "card", in: rendering) == "“Share”")
    }
}
