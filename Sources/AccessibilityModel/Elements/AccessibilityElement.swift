/// One node of the accessibility tree a block exposes, with its geometry.
///
/// Elements are listed in the block's view order. Decorative elements (hairlines,
/// underlines, loading shapes) are listed too, hidden, so that rules can see they are
/// hidden rather than trust that they are.
public struct AccessibilityElement: Sendable, Hashable {
    /// A stable identifier within the block, such as `scope.following`.
    public var id: String
    public var label: String
    public var value: String
    public var hint: String
    public var traits: AccessibilityTraits
    /// Hidden from assistive technologies (`.accessibilityHidden(true)` or not exposed).
    public var isHidden: Bool
    /// Draws only and carries no information of its own.
    public var isDecorative: Bool
    /// Responds to a tap: the element is a control whatever its traits say.
    public var isInteractive: Bool
    /// Where the element is drawn.
    public var frame: Rect
    /// The region that answers to a touch (`contentShape`, padding); `nil` when the
    /// element does not respond to touches.
    public var hitRegion: Rect?
    /// How many points the hit region's width may be off because it derives from
    /// approximated text widths; 0 when the width does not depend on text metrics.
    public var hitRegionUncertainty: Double
    /// Custom actions VoiceOver offers ("Actions available").
    public var customActions: [String]
    /// The position in a series VoiceOver speaks for tab-bar tabs ("2 of 4").
    public var seriesPosition: SeriesPosition?
    /// The page or group the element belongs to, when the block shows pages.
    public var group: String?
    /// The accessibility container the element sits in (a scroll view's content): VoiceOver
    /// visits a container's elements together, in their own order.
    public var container: String?
    /// Model facts about the element (font, colour token…), written as attributes.
    public var facts: [Fact]
    /// Whether a disclosure control shows what it discloses; nil for an element that
    /// discloses nothing.
    public var expansion: Expansion?
    /// A text field the user is typing in.
    public var isEditing: Bool
    /// `accessibilitySortPriority`: VoiceOver visits higher priorities first among the
    /// elements of one container (0 by default, where the frames alone decide).
    public var sortPriority: Double
    /// What the element draws that a user has to see (its texts, hidden ones included, and
    /// marks that carry meaning), with their colours.
    public var inks: [Ink] = []

    public init(id: String, label: String = "", value: String = "", hint: String = "",
                traits: AccessibilityTraits = [], isHidden: Bool = false, isDecorative: Bool = false,
                isInteractive: Bool = false, frame: Rect, hitRegion: Rect? = nil,
                hitRegionUncertainty: Double = 0, customActions: [String] = [],
                seriesPosition: SeriesPosition? = nil, group: String? = nil, container: String? = nil,
                facts: [Fact] = [], expansion: Expansion? = nil, isEditing: Bool = false, sortPriority: Double = 0) {
        self.id = id
        self.label = label
        self.value = value
        self.hint = hint
        self.traits = traits
        self.isHidden = isHidden
        self.isDecorative = isDecorative
        self.isInteractive = isInteractive
        self.frame = frame
        self.hitRegion = hitRegion
        self.hitRegionUncertainty = hitRegionUncertainty
        self.customActions = customActions
        self.seriesPosition = seriesPosition
        self.group = group
        self.container = container
        self.facts = facts
        self.expansion = expansion
        self.isEditing = isEditing
        self.sortPriority = sortPriority
    }

    /// Whether VoiceOver stops on the element.
    public var isFocusable: Bool { !isHidden }

    public func fact(_ name: String) -> String? { facts.first { $0.name == name }?.value }

    /// Every field equal (``equal(_:_:)``).
    public static func == (first: Self, second: Self) -> Bool {
        withUnsafePointer(to: first) { first in withUnsafePointer(to: second) { second in equal(first, second) } }
    }

    /// Whether the elements at `first` and `second` are equal in every field, read where
    /// they lie: an element passed by value is copied wherever it is not known to stay put,
    /// its nine strings and lists retained and released. The numbers come first, where two
    /// elements most often differ, and the lists are compared in place
    /// (``Ink/equal(_:_:framesToo:)``). `InPlaceEqualityTests` checks that every field is
    /// compared, and fails when one is added.
    public static func equal(_ first: UnsafePointer<Self>, _ second: UnsafePointer<Self>) -> Bool {
        let (a, b) = (first, second)
        return a.pointee.frame == b.pointee.frame && a.pointee.hitRegion == b.pointee.hitRegion
            && a.pointee.hitRegionUncertainty == b.pointee.hitRegionUncertainty
            && a.pointee.sortPriority == b.pointee.sortPriority && a.pointee.traits == b.pointee.traits
            && a.pointee.isHidden == b.pointee.isHidden && a.pointee.isDecorative == b.pointee.isDecorative
            && a.pointee.isInteractive == b.pointee.isInteractive && a.pointee.isEditing == b.pointee.isEditing
            && a.pointee.expansion == b.pointee.expansion && a.pointee.seriesPosition == b.pointee.seriesPosition
            && a.pointee.id == b.pointee.id && a.pointee.label == b.pointee.label && a.pointee.value == b.pointee.value
            && a.pointee.hint == b.pointee.hint && a.pointee.group == b.pointee.group
            && a.pointee.container == b.pointee.container && a.pointee.customActions == b.pointee.customActions
            && Fact.equal(a.pointee.facts, b.pointee.facts) && Ink.equal(a.pointee.inks, b.pointee.inks)
    }
}

/// "2 of 4": an element's place in a series.
public struct SeriesPosition: Sendable, Hashable {
    public var index: Int
    public var count: Int
    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }
}

/// Whether a disclosure control (a `DisclosureGroup`, a menu button) is open: UIKit's
/// `accessibilityExpandedStatus`.
public enum Expansion: String, Sendable, Hashable {
    case expanded, collapsed
}
