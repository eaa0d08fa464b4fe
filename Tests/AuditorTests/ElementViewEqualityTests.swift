@testable import AccessibilityModel
@testable import Auditor
import Testing

/// Element views are compared field by field where they lie (`ElementView.equal`), not by
/// the derived `==`: a field added to the view and left out of that comparison would give
/// two different projections one number. So every field is listed here with a change to
/// it, the list is checked against the view's own fields, and each change must make the
/// views unequal.
@Suite("Element views compared in place: every field")
struct ElementViewEqualityTests {
    typealias Change = (field: String, change: @Sendable (inout ElementView) -> Void)

    static let element: AccessibilityElement = {
        var element = AccessibilityElement(
            id: "scope.following", label: "Following", value: "4 new", hint: "Shows the stories you follow",
            traits: [.button, .selected], isInteractive: true, frame: Rect(x: 16, y: 8, width: 96, height: 44),
            hitRegion: Rect(x: 12, y: 8, width: 104, height: 44), hitRegionUncertainty: 1.5, customActions: ["Mute"],
            seriesPosition: SeriesPosition(index: 1, count: 3), group: "scopes", container: "scopes.row",
            facts: [Fact("font", "body")])
        element.inks = [Ink(kind: .text, text: "Following", frame: Rect(x: 20, y: 18, width: 70, height: 20), token: "label",
                            foreground: SRGBColor(hex: "#000000"), background: SRGBColor(hex: "#FFFFFF"), pointSize: 17,
                            weight: "regular")]
        return element
    }()

    /// The whole view: every field kept.
    static var view: ElementView {
        ElementView(element, order: 2, keeping: .everything)
    }

    static let changes: [Change] = [
        ("id", { $0.id! += "." }), ("order", { $0.order = 3 }), ("traits", { $0.traits = [.button] }),
        ("label", { $0.label! += "." }), ("value", { $0.value = nil }), ("hint", { $0.hint! += "." }),
        ("hidden", { $0.hidden = true }), ("decorative", { $0.decorative = nil }), ("interactive", { $0.interactive = false }),
        ("placement", { $0.placement.hitX = 11 }), ("group", { $0.group = nil }), ("container", { $0.container! += "." }),
        ("seriesIndex", { $0.seriesIndex = 2 }), ("seriesCount", { $0.seriesCount = nil }),
        ("speech", { $0.speech!.hint += "." }), ("writesSpeech", { $0.writesSpeech.toggle() }),
        ("writesSpeechHint", { $0.writesSpeechHint.toggle() }), ("facts", { $0.facts![0].value! += "." }),
        ("actions", { $0.actions = [nil] }), ("inks", { $0.inks![0].weight = "bold" }),
    ]

    /// `view` in storage of its own, so that no comparison passes by finding one memory.
    static func compared(_ first: ElementView, _ second: ElementView) -> Bool {
        let (first, second) = ([first], [second])
        return first.withUnsafeBufferPointer { first in
            second.withUnsafeBufferPointer { ElementView.equal(first.baseAddress!, $0.baseAddress!) }
        }
    }

    @Test("every field of a view is listed with a change")
    func everyFieldListed() {
        let fields = Set(Mirror(reflecting: Self.view).children.compactMap(\.label))
        #expect(fields == Set(Self.changes.map(\.field)), "a field added to ElementView is compared by ElementView.equal")
    }

    @Test("a view changed in any field is unequal to the view", arguments: changes.map(\.field))
    func changed(field: String) throws {
        let change = try #require(Self.changes.first { $0.field == field })
        var other = Self.view
        change.change(&other)
        #expect(other != Self.view, "the change to \(field) changes the view")
        #expect(!Self.compared(Self.view, other))
        #expect(!Self.compared(other, Self.view))
    }

    @Test("equal views in separate storage are equal, as the derived == says")
    func equalViews() {
        #expect(Self.compared(Self.view, Self.view))
        let narrow = Projection(attributes: StateDocument.Attribute.id.bit | StateDocument.Attribute.x.bit, nested: 0, facts: [])
        #expect(Self.compared(ElementView(Self.element, order: 2, keeping: narrow), withUnsafePointer(to: Self.view) { ElementView(narrowing: $0, to: narrow) }))
    }
}
