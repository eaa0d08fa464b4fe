import AccessibilityModel
import XMLSupport

/// Documents kept between states to be updated in place, one for each layout direction,
/// with the child number standing in each place of each.
///
/// A representative's right-to-left twin is evaluated right after it, and mirroring moves
/// every element: one document updated for the two in turn had all its elements rewritten
/// twice for every representative. Kept apart, each document is updated from the last
/// state of its own direction, which mostly shows the same elements. Which document a state
/// is written into does not change what it holds once written, only how much is rewritten.
struct KeptDocuments {
    private struct Kept {
        var document: XMLDocument?
        var keys: [Int] = []
    }

    private var kept = [Kept(), Kept()]

    private static func slot(_ direction: LayoutDirection) -> Int { direction == .rightToLeft ? 1 : 0 }

    /// The document last kept for `direction`, if any.
    func document(for direction: LayoutDirection) -> XMLDocument? {
        kept[Self.slot(direction)].document
    }

    /// The child number in each place of the document kept for `direction`; empty when
    /// there is none.
    func keys(for direction: LayoutDirection) -> [Int] {
        let slot = Self.slot(direction)
        return kept[slot].document == nil ? [] : kept[slot].keys
    }

    mutating func keep(_ document: XMLDocument, keys: [Int], for direction: LayoutDirection) {
        kept[Self.slot(direction)] = Kept(document: document, keys: keys)
    }

    /// Drops every document: their keys are numbers of a table that starts afresh.
    mutating func removeAll() {
        kept = [Kept(), Kept()]
    }
}
