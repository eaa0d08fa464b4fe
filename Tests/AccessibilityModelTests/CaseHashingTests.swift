import AccessibilityModel
import Testing

/// The raw-value enums that are hashed with every environment, render identity, ink and
/// transition looked up hash by case rather than by their raw strings; the contract of
/// `Hashable` still holds.
@Suite("Enums hashed by case keep Hashable's contract")
struct CaseHashingTests {
    static let sets: [(name: String, hashes: [[Int]])] = [
        ("LayoutDirection", LayoutDirection.allCases.map(hashes)),
        ("Appearance", Appearance.allCases.map(hashes)),
        ("ContrastSetting", ContrastSetting.allCases.map(hashes)),
        ("FontWeight", FontWeight.allCases.map(hashes)),
        ("Transition.Action", Transition.Action.allCases.map(hashes)),
        ("Ink.Kind", [Ink.Kind.text, .mark].map(hashes)),
    ]

    /// A value's hash twice over, and a copy's: equal values hash alike.
    static func hashes<Value: Hashable>(_ value: Value) -> [Int] {
        let copy = value
        return [value.hashValue, value.hashValue, copy.hashValue]
    }

    @Test("equal values hash alike, and every case hashes apart from the others", arguments: sets.map(\.name))
    func contract(name: String) throws {
        let hashes = try #require(Self.sets.first { $0.name == name }).hashes
        for each in hashes { #expect(Set(each).count == 1) }
        // Distinct hashes are not required of Hashable, but two cases hashing alike would
        // make every table these keys fill search among them.
        #expect(Set(hashes.map { $0[0] }).count == hashes.count)
    }
}
