import AccessibilityModel
import Testing

/// Elements, inks, motions and facts are compared field by field where they lie, not by
/// the derived `==`: a field added to one of them and left out of its comparison would make
/// two different values equal. So every field is listed here with a change to it, the list
/// is checked against the type's own fields, and each change must make the value unequal.
@Suite("In-place equality: every field of an element, ink, motion and fact compared")
struct InPlaceEqualityTests {
    typealias Change<Value> = (field: String, change: @Sendable (inout Value) -> Void)

    static func colour(_ hex: String) -> SRGBColor { SRGBColor(hex: hex)! }

    static let ink = Ink(kind: .text, text: "Saved", frame: Rect(x: 4, y: 2, width: 40, height: 20), token: "label",
                         foreground: colour("#000000"), background: colour("#FFFFFF"), inside: colour("#E7E7E8"),
                         pointSize: 17, weight: "regular")
    static let inkChanges: [Change<Ink>] = [
        ("kind", { $0.kind = .mark }), ("text", { $0.text += "." }),
        ("frame", { $0.frame.x += 0.5 }), ("token", { $0.token += "." }),
        ("foreground", { $0.foreground = colour("#111111") }), ("background", { $0.background = nil }),
        ("inside", { $0.inside = colour("#E7E7E9") }), ("pointSize", { $0.pointSize = 17.5 }),
        ("weight", { $0.weight = "semibold" }),
    ]

    static let motion = Motion(subject: "underline", kind: .slide, token: "motion.hero", duration: 0.35)
    static let motionChanges: [Change<Motion>] = [
        ("subject", { $0.subject += "." }), ("kind", { $0.kind = .opacity }), ("token", { $0.token = "" }),
        ("duration", { $0.duration = 0.3 }), ("followsFinger", { $0.followsFinger.toggle() }),
    ]

    static let fact = Fact("font", "body")
    static let factChanges: [Change<Fact>] = [("name", { $0.name += "." }), ("value", { $0.value += "." })]

    static let element = AccessibilityElement(
        id: "scope.following", label: "Following", value: "4 new", hint: "Shows the stories you follow",
        traits: [.button, .selected], isInteractive: true, frame: Rect(x: 16, y: 8, width: 96, height: 44),
        hitRegion: Rect(x: 12, y: 8, width: 104, height: 44), hitRegionUncertainty: 1.5, customActions: ["Mute"],
        seriesPosition: SeriesPosition(index: 1, count: 3), group: "scopes", container: "scopes.row",
        facts: [fact], expansion: .collapsed, sortPriority: 1)
    static let elementChanges: [Change<AccessibilityElement>] = [
        ("id", { $0.id += "." }), ("label", { $0.label += "." }), ("value", { $0.value += "." }),
        ("hint", { $0.hint += "." }), ("traits", { $0.traits.formSymmetricDifference(.header) }),
        ("isHidden", { $0.isHidden.toggle() }), ("isDecorative", { $0.isDecorative.toggle() }),
        ("isInteractive", { $0.isInteractive.toggle() }), ("frame", { $0.frame.height += 1 }),
        ("hitRegion", { $0.hitRegion = nil }), ("hitRegionUncertainty", { $0.hitRegionUncertainty = 0 }),
        ("customActions", { $0.customActions.append("Delete") }), ("seriesPosition", { $0.seriesPosition = nil }),
        ("group", { $0.group = nil }), ("container", { $0.container! += "." }),
        ("facts", { $0.facts[0].value += "." }), ("expansion", { $0.expansion = .expanded }),
        ("isEditing", { $0.isEditing.toggle() }), ("sortPriority", { $0.sortPriority = 0 }),
        ("inks", { $0.inks[0].weight = nil }),
    ]

    static var inkedElement: AccessibilityElement {
        var element = element
        element.inks = [ink, ink]
        return element
    }

    /// A list equal to `list` held in storage of its own, so that no comparison can pass by
    /// finding the two lists in the same memory.
    static func copied<Value>(_ list: [Value]) -> [Value] {
        var copy: [Value] = []
        copy.reserveCapacity(list.count + 1)
        copy.append(contentsOf: list)
        return copy
    }

    @Test("every field an ink, a motion, a fact and an element has is listed with a change")
    func everyFieldListed() {
        func fields(of value: Any) -> Set<String> { Set(Mirror(reflecting: value).children.compactMap(\.label)) }
        #expect(fields(of: Self.ink) == Set(Self.inkChanges.map(\.field)), "a field added to Ink is compared by Ink.equal")
        #expect(fields(of: Self.motion) == Set(Self.motionChanges.map(\.field)), "a field added to Motion is compared by Motion.equal")
        #expect(fields(of: Self.fact) == Set(Self.factChanges.map(\.field)), "a field added to Fact is compared by Fact.equal")
        #expect(fields(of: Self.element) == Set(Self.elementChanges.map(\.field)),
                "a field added to AccessibilityElement is compared by its ==")
    }

    @Test("an ink changed in any field makes its list unequal; but for its frame, when frames are left out",
          arguments: inkChanges.map(\.field))
    func inks(field: String) throws {
        let change = try #require(Self.inkChanges.first { $0.field == field }).change
        var changed = Self.ink
        change(&changed)
        let list = [Self.ink, Self.ink]
        #expect(Ink.equal(list, Self.copied(list)))
        #expect(!Ink.equal(list, [Self.ink, changed]))
        #expect(!Ink.equal([changed, Self.ink], list))
        #expect(Ink.equal(list, [Self.ink, changed], framesToo: false) == (field == "frame"))
    }

    @Test("a motion changed in any field makes its list unequal", arguments: motionChanges.map(\.field))
    func motions(field: String) throws {
        let change = try #require(Self.motionChanges.first { $0.field == field }).change
        var changed = Self.motion
        change(&changed)
        #expect(Motion.equal([Self.motion], Self.copied([Self.motion])))
        #expect(!Motion.equal([Self.motion, Self.motion], [Self.motion, changed]))
    }

    @Test("a fact changed in any field makes its list unequal", arguments: factChanges.map(\.field))
    func facts(field: String) throws {
        let change = try #require(Self.factChanges.first { $0.field == field }).change
        var changed = Self.fact
        change(&changed)
        #expect(Fact.equal([Self.fact], Self.copied([Self.fact])))
        #expect(!Fact.equal([Self.fact], [changed]))
    }

    @Test("an element changed in any field is unequal, and equal elements hash alike",
          arguments: elementChanges.map(\.field))
    func elements(field: String) throws {
        let change = try #require(Self.elementChanges.first { $0.field == field }).change
        let element = Self.inkedElement
        var same = element
        same.inks = Self.copied(element.inks)
        same.facts = Self.copied(element.facts)
        #expect(element == same && element.hashValue == same.hashValue)
        var changed = element
        change(&changed)
        #expect(element != changed && changed != element)
    }

    @Test("lists of different lengths are unequal, and empty lists equal")
    func lengths() {
        #expect(!Ink.equal([Self.ink], [Self.ink, Self.ink]))
        #expect(!Motion.equal([], [Self.motion]))
        #expect(Fact.equal([], []) && Ink.equal([], Self.copied([])))
    }
}
