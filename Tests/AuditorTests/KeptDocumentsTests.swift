import AccessibilityModel
@testable import Auditor
import Testing
import XMLSupport

/// A document kept to be updated in place is kept for each layout direction apart, so a
/// state and its right-to-left twin, evaluated in turn, do not rewrite each other's.
@Suite("Kept documents: one for each layout direction")
struct KeptDocumentsTests {
    static func document(_ id: String) throws -> XMLDocument {
        try XMLDocument(parsing: "<state id=\"\(id)\"/>", name: "<test>")
    }

    @Test("each direction gives back the document and keys kept for it, and none before")
    func perDirection() throws {
        var kept = KeptDocuments()
        #expect(kept.document(for: .leftToRight) == nil && kept.keys(for: .rightToLeft).isEmpty)
        let (left, right) = (try Self.document("ltr"), try Self.document("rtl"))
        kept.keep(left, keys: [1, 2, 3], for: .leftToRight)
        #expect(kept.document(for: .leftToRight) === left && kept.keys(for: .leftToRight) == [1, 2, 3])
        #expect(kept.document(for: .rightToLeft) == nil && kept.keys(for: .rightToLeft).isEmpty)
        kept.keep(right, keys: [4], for: .rightToLeft)
        #expect(kept.document(for: .leftToRight) === left && kept.document(for: .rightToLeft) === right)
        #expect(kept.keys(for: .rightToLeft) == [4])
    }

    @Test("starting afresh drops every document and its keys")
    func removeAll() throws {
        var kept = KeptDocuments()
        kept.keep(try Self.document("ltr"), keys: [1], for: .leftToRight)
        kept.keep(try Self.document("rtl"), keys: [2], for: .rightToLeft)
        kept.removeAll()
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            #expect(kept.document(for: direction) == nil && kept.keys(for: direction).isEmpty)
        }
    }
}
