import AccessibilityModel

/// Whether a selection group lets one member be picked at a time or several.
public enum SelectionGroupKind: String, Sendable, Hashable {
    case single, multiple
}

/// The part a view plays that general rules ask about.
public enum Role: String, Sendable, Hashable {
    /// The title of a screen, a page or a card: `title-is-heading` expects the header trait.
    case title
}

extension View {
    /// The control is a member of a selection group and is shown as picked or not: what
    /// `selected-trait` (Selected exactly on the members shown as picked) and
    /// `single-selection` (one Selected member in a single-choice group) read. Written as
    /// the facts `selection` (`single`/`multiple`) and `selected` (`yes`/`no`).
    public func selectionGroupMember(_ kind: SelectionGroupKind, isSelected: Bool) -> View {
        facts([Fact("selection", kind.rawValue), Fact("selected", isSelected ? "yes" : "no")])
    }

    /// The part the view plays, written as the `role` fact.
    public func role(_ role: Role) -> View { fact("role", role.rawValue) }

    /// The text may be cut short on purpose, for the reason given (say, a fixed-width
    /// layout whose full titles are spoken and shown elsewhere): `text-truncated` then
    /// accepts it. Written as the `truncation-allowed` fact, whose value is the reason;
    /// an empty reason declares nothing.
    public func truncationAllowed(reason: String) -> View {
        reason.isEmpty ? self : fact("truncation-allowed", reason)
    }
}
