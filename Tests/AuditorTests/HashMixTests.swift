import AccessibilityModel
@testable import Auditor
import Testing

/// Views, children and memo keys hash through `HashMix`: fewer rounds of the hasher, and
/// hashes that equality still has the last word on.
@Suite("Hashes folded from numbers: equal values hash alike, equality decides")
struct HashMixTests {
    static func folded(_ numbers: [Double?]) -> UInt64 {
        var mix = HashMix()
        for number in numbers { mix.add(number) }
        return mix.value
    }

    @Test("a zero folds alike whatever its sign, as == sees it; nil, zero and order are told apart")
    func numbers() {
        #expect(Self.folded([0.0, 12.5]) == Self.folded([-0.0, 12.5]))
        #expect(Self.folded([nil, 12.5]) != Self.folded([0.0, 12.5]))
        #expect(Self.folded([12.5, 0.0]) != Self.folded([0.0, 12.5]))
        var counted = HashMix()
        counted.add([1, 2])
        var longer = HashMix()
        longer.add([1, 2, 0])
        #expect(counted.value != longer.value)
    }

    @Test("a string adds by its bytes: equal strings alike, a byte apart or another order not; the mix reads as its number")
    func strings() {
        func mixed(_ strings: [String]) -> HashMix {
            var mix = HashMix()
            for string in strings { mix.add(bytesOf: string) }
            return mix
        }
        let tab = String("tab.") + "saved"
        #expect(mixed(["tab.saved", "x"]).value == mixed([tab, "x"]).value)
        #expect(mixed(["tab.saved"]).value != mixed(["tab.savee"]).value)
        #expect(mixed(["a", "b"]).value != mixed(["b", "a"]).value)
        // Bytes, not characters: canonically equivalent texts of other bytes mix apart, and a
        // table by mix files them apart (see `Mixable`).
        #expect(mixed(["é"]).value != mixed(["e\u{301}"]).value)
        let mix = mixed(["tab.saved"])
        #expect(UInt64(UInt(bitPattern: mix.number)) == mix.value)
    }

    static func element(label: String = "Saved", x: Double = 16, value: String = "") -> AccessibilityElement {
        AccessibilityElement(id: "tab.saved", label: label, value: value, traits: .button, isInteractive: true,
                             frame: Rect(x: x, y: 0, width: 80, height: 44), hitRegion: Rect(x: x, y: 0, width: 80, height: 44))
    }

    @Test("an element view, a document's child and a memo key hash alike when equal, a mirrored zero included",
          arguments: [Projection.everything, Projection(attributes: Projection.geometry, nested: 0, facts: [])])
    func equalHashAlike(projection: Projection) {
        let left = ElementView(Self.element(x: 0), order: 1, keeping: projection)
        let mirrored = ElementView(Self.element(x: -0.0), order: 1, keeping: projection)
        #expect(left == mirrored)
        #expect(left.hashValue == mirrored.hashValue)
        let child = StateDocument.Child.element(Self.element(x: 0), order: 1)
        #expect(child.hashValue == StateDocument.Child.element(Self.element(x: -0.0), order: 1).hashValue)
        let key = MemoKey(parameters: [0, 2], stateID: "s", environment: 3, children: [4, 5])
        #expect(key.hashValue == MemoKey(parameters: [0, 2], stateID: "s", environment: 3, children: [4, 5]).hashValue)
        #expect(key != MemoKey(parameters: [0, 2], stateID: "s", environment: 3, children: [5, 4]))
    }

    @Test("views that differ only in the letters of a label share a hash and still get their own numbers")
    func lettersAreForEquality() {
        let saved = ElementView(Self.element(label: "Saved"), order: 1, keeping: .everything)
        let shown = ElementView(Self.element(label: "Shown"), order: 1, keeping: .everything)
        #expect(saved != shown)
        #expect(saved.hashValue == shown.hashValue)
        var table = ProjectionTable()
        #expect([saved, shown, saved, shown].map { table.number(for: $0) } == [0, 1, 0, 1])
        #expect(StateDocument.Child.element(Self.element(value: "4 new"), order: 1)
            != StateDocument.Child.element(Self.element(value: "6 new"), order: 1))
    }

    @Test("an element numbered without being made a child takes the number its child has, and only its own")
    func elementsNumberedAsChildren() {
        var table = ChildTable()
        // Children of other kinds between them, which the table's list of elements leaves out.
        #expect(table.number(for: .param(name: "scope", value: "saved")) == 0)
        let saved = table.number(for: .element(Self.element(), order: 1))
        #expect(table.number(for: .fact(Fact("count", "4"))) == 2)
        let moved = table.number(ofElement: Self.element(x: 40), order: 1)
        // Found under the hash its child has: a lookup that hashed otherwise would file it again.
        #expect(table.number(ofElement: Self.element(), order: 1) == saved)
        #expect(table.number(for: .element(Self.element(x: 40), order: 1)) == moved)
        // Another place in the order, another value, a label that shares the hash: numbers of their own.
        let others = [table.number(ofElement: Self.element(), order: 2), table.number(ofElement: Self.element(value: "4 new"), order: 1),
                      table.number(ofElement: Self.element(label: "Shown"), order: 1)]
        #expect(Set([saved, moved] + others).count == 5)
        #expect(table.count == 7)
        // Each element child's element and order are read where the table keeps them.
        #expect(table.withElement(0) { _, _ in true } == nil)
        #expect(table.withElement(saved) { $0.pointee == Self.element() && $1 == 1 } == true)
        #expect(table.withElement(others[0]) { $0.pointee == Self.element() && $1 == 2 } == true)
        #expect(table.number(for: .param(name: "scope", value: "saved")) == 0)
        // Started afresh, it numbers from nothing again.
        table.removeAll()
        #expect(table.number(ofElement: Self.element(x: 40), order: 1) == 0)
        #expect(table.number(for: .element(Self.element(x: 40), order: 1)) == 0)
        #expect(table.number(for: .element(Self.element(), order: 1)) == 1)
    }

    @Test("an element's colour settings hash apart, so a render's other settings are numbered without a comparison each")
    func inksColoursHashApart() {
        func child(_ foreground: String) -> StateDocument.Child {
            var element = Self.element()
            element.inks = [Ink(kind: .text, text: "Saved", frame: Rect(x: 16, y: 12, width: 40, height: 20), token: "textSecondary",
                                foreground: SRGBColor(hex: foreground), background: SRGBColor(hex: "#FFFFFF"), pointSize: 14)]
            return .element(element, order: 1)
        }
        #expect(child("#3C3C4399") != child("#3C3C43AD"))
        #expect(child("#3C3C4399").hashValue != child("#3C3C43AD").hashValue)
        #expect(child("#3C3C4399").hashValue == child("#3C3C4399").hashValue)
        var table = ChildTable()
        #expect([child("#3C3C4399"), child("#3C3C43AD"), child("#3C3C4399")].map { table.number(for: $0) } == [0, 1, 0])
    }
}
