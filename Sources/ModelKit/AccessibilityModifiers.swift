import AccessibilityModel

/// SwiftUI's `AccessibilityChildBehavior`.
public enum AccessibilityChildBehavior: Sendable, Hashable {
    /// One element whose label joins its children's, separated by ", ".
    case combine
    /// One element that shows nothing of its children; it speaks what its modifiers give.
    case ignore
    /// Its children stay elements, visited together as one container.
    case contain
}

/// What the accessibility modifiers on a view change about the elements it exposes.
struct AccessibilityChange {
    var identifier: String?
    var children: AccessibilityChildBehavior?
    var label: String?
    var value: String?
    var hint: String?
    var addTraits: AccessibilityTraits = []
    var removeTraits: AccessibilityTraits = []
    var isHidden: Bool?
    var customActions: [String] = []
    var seriesPosition: SeriesPosition?
    var group: String?
    var sortPriority: Double?
    var expansion: Expansion?
    var isEditing: Bool?
}

extension View {
    /// `.accessibilityIdentifier(_:)`: the element's id in state documents (`tab.design`).
    /// The first element the view exposes takes it; a view that exposes none but is a named
    /// shape lists a hidden element under it, so rules can see that it is hidden.
    public func accessibilityIdentifier(_ id: String) -> View { accessibility(AccessibilityChange(identifier: id)) }

    /// `.accessibilityElement(children:)`.
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> View {
        accessibility(AccessibilityChange(children: children))
    }

    public func accessibilityLabel(_ label: String) -> View { accessibility(AccessibilityChange(label: label)) }
    public func accessibilityValue(_ value: String) -> View { accessibility(AccessibilityChange(value: value)) }
    public func accessibilityHint(_ hint: String) -> View { accessibility(AccessibilityChange(hint: hint)) }
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> View {
        accessibility(AccessibilityChange(addTraits: traits))
    }
    public func accessibilityRemoveTraits(_ traits: AccessibilityTraits) -> View {
        accessibility(AccessibilityChange(removeTraits: traits))
    }
    /// `.accessibilityHidden(_:)`: nothing under the view reaches VoiceOver.
    public func accessibilityHidden(_ hidden: Bool) -> View { accessibility(AccessibilityChange(isHidden: hidden)) }
    /// `.accessibilityAddTraits(.isHeader)`, as `.accessibilityHeading(_:)` sets it.
    public func accessibilityHeading() -> View { accessibilityAddTraits(.header) }
    /// `.accessibilityAction(named:_:)`: a custom action VoiceOver offers.
    public func accessibilityAction(named name: String) -> View {
        accessibility(AccessibilityChange(customActions: [name]))
    }
    /// The place in a series VoiceOver speaks for a tab-bar tab ("2 of 4").
    public func accessibilitySeriesPosition(_ index: Int, of count: Int) -> View {
        accessibility(AccessibilityChange(seriesPosition: SeriesPosition(index: index, count: count)))
    }
    /// The page or group the elements belong to, when the block shows pages.
    public func accessibilityGroup(_ group: String) -> View { accessibility(AccessibilityChange(group: group)) }

    /// `.accessibilitySortPriority(_:)`: VoiceOver visits higher priorities first.
    public func accessibilitySortPriority(_ priority: Double) -> View {
        accessibility(AccessibilityChange(sortPriority: priority))
    }

    /// The open or closed state of a disclosure control, as a `DisclosureGroup` exposes it
    /// (UIKit's `accessibilityExpandedStatus`).
    public func accessibilityExpanded(_ isExpanded: Bool) -> View {
        accessibility(AccessibilityChange(expansion: isExpanded ? .expanded : .collapsed))
    }

    /// `.accessibilityAdjustableAction(_:)`: swiping up or down changes the value; the
    /// element gets the adjustable trait.
    public func accessibilityAdjustableAction() -> View { accessibilityAddTraits(.adjustable) }

    func accessibility(_ change: AccessibilityChange) -> View { modified(.accessibility(change)) }
}
