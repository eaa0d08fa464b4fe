import AccessibilityModel
@testable import Auditor
import Testing

/// A placement holds nine optional numbers in the room of nine numbers and a bit each: each
/// reads back as set, and two placements compare as their nine optionals would.
@Suite("Element placements: nine optional numbers, held compactly")
struct ElementPlacementTests {
    static var fields: [(String, WritableKeyPath<ElementPlacement, Double?>)] {
        [("x", \.x), ("y", \.y), ("width", \.width), ("height", \.height), ("hit-x", \.hitX), ("hit-y", \.hitY),
         ("hit-width", \.hitWidth), ("hit-height", \.hitHeight), ("hit-uncertainty", \.hitUncertainty)]
    }

    static let element = AccessibilityElement(id: "tab", frame: Rect(x: 1, y: 2, width: 3, height: 4),
                                              hitRegion: Rect(x: 0.5, y: 1.5, width: 44, height: 44))

    static func full() -> ElementPlacement {
        ElementPlacement(element, keeping: Projection(attributes: ~0, nested: ~0, facts: nil))
    }

    @Test("each attribute reads back as set, nil included, and leaves the others as they were",
          arguments: 0..<9)
    func readsBack(field: Int) {
        let (name, path) = Self.fields[field]
        var placement = Self.full()
        let before = Self.fields.map { placement[keyPath: $0.1] }
        placement[keyPath: path] = -0.25
        #expect(placement[keyPath: path] == -0.25, "\(name)")
        placement[keyPath: path] = nil
        #expect(placement[keyPath: path] == nil, "\(name)")
        #expect(placement.keptCount == 8)
        for (other, (otherName, otherPath)) in Self.fields.enumerated() where other != field {
            #expect(placement[keyPath: otherPath] == before[other], "\(otherName) after setting \(name)")
        }
    }

    @Test("two placements are equal when each attribute is, as optionals compare",
          arguments: 0..<9)
    func equality(field: Int) {
        let (name, path) = Self.fields[field]
        let full = Self.full()
        var other = full
        #expect(other == full && other.hashValue == full.hashValue)
        other[keyPath: path] = nil
        #expect(other != full, "\(name)")
        var zero = full
        zero[keyPath: path] = 0
        // Absent and 0 differ, though both are held as 0.
        #expect(other != zero)
        zero[keyPath: path] = nil
        #expect(zero == other && zero.hashValue == other.hashValue)
        var notANumber = full
        notANumber[keyPath: path] = .nan
        #expect(notANumber != notANumber)
    }

    @Test("a projection that keeps no geometry keeps nothing of it")
    func nothingKept() {
        let placement = ElementPlacement(Self.element, keeping: Projection(attributes: 0, nested: 0, facts: []))
        #expect(placement.keptCount == 0)
        #expect(Self.fields.allSatisfy { placement[keyPath: $0.1] == nil })
        #expect(Self.full().keptCount == 9)
    }
}
