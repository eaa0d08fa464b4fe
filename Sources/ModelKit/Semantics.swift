import AccessibilityModel

/// Whether a selection group lets one member be picked at a time or several.
public enum SelectionGroupKind: String, Sendable, Hashable {
    case single, multiple

    /// What a member of a group of this kind tells rules: the facts `selection`
    /// (`single`/`multiple`) and `selected` (`yes`/`no`). For blocks that compute their
    /// facts once per fixture; in a view, ``View/selectionGroupMember(_:isSelected:)``.
    public func memberFacts(isSelected: Bool) -> [Fact] {
        [Fact("selection", rawValue), Fact("selected", isSelected ? "yes" : "no")]
    }
}

/// The part a view plays that rules ask about.
public enum Role: String, Sendable, Hashable {
    /// The title of a screen, a page or a card: `title-is-heading` expects the header trait.
    case title
    /// One page of a pager, built beside the one in view.
    case page

    /// The `role` fact rules read.
    public var fact: Fact { Fact("role", rawValue) }
}

/// A design-system token a view is drawn with, which contract rules compare with the
/// design: a colour (`color`), a type style (`font`), a fill or a stroke colour.
public enum ThemeToken: Sendable, Hashable {
    case color(String)
    case font(String)
    case fill(String)
    case stroke(String)

    /// The fact rules read: `color`, `font`, `fill` or `stroke`, valued with the token's name.
    public var fact: Fact {
        switch self {
        case .color(let name): Fact("color", name)
        case .font(let name): Fact("font", name)
        case .fill(let name): Fact("fill", name)
        case .stroke(let name): Fact("stroke", name)
        }
    }
}

extension View {
    /// The control is a member of a selection group and is shown as picked or not: what
    /// `selected-trait` (Selected exactly on the members shown as picked) and
    /// `single-selection` (one Selected member in a single-choice group) read. Written as
    /// the facts `selection` (`single`/`multiple`) and `selected` (`yes`/`no`).
    public func selectionGroupMember(_ kind: SelectionGroupKind, isSelected: Bool) -> View {
        facts(kind.memberFacts(isSelected: isSelected))
    }

    /// The part the view plays, written as the `role` fact.
    public func role(_ role: Role) -> View { facts([role.fact]) }

    /// The design token the view is drawn with, where the kit cannot tell it (a shape's
    /// colour, a type style's name), written as the token's fact.
    public func token(_ token: ThemeToken) -> View { facts([token.fact]) }

    /// The text may be cut short on purpose, for the reason given (say, a fixed-width
    /// layout whose full titles are spoken and shown elsewhere): `text-truncated` then
    /// accepts it. Written as the `truncation-allowed` fact, whose value is the reason;
    /// an empty reason declares nothing.
    public func truncationAllowed(reason: String) -> View {
        reason.isEmpty ? self : fact("truncation-allowed", reason)
    }
}
