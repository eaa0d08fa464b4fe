import AccessibilityModel

/// A font as SwiftUI's `Font` describes one: a text style, or a named face whose size
/// scales relative to a style, or a face at a fixed size; with a weight.
///
/// The three Dynamic Type behaviours are SwiftUI's own (Apple, "Font", `custom(_:size:)`:
/// "scales … relative to the body text style"; `custom(_:size:relativeTo:)`; and
/// `custom(_:fixedSize:)`: "doesn't scale"). Sizes come from the HIG table in
/// ``TextStyle``; a relative size scales by the style's ratio to its Large size.
public struct Font: Sendable, Hashable {
    public enum Scaling: Sendable, Hashable {
        case style(TextStyle)
        case relative(points: Double, to: TextStyle)
        case fixed(points: Double)
    }

    public var scaling: Scaling
    /// A weight other than the style's own.
    public var weight: FontWeight?
    /// The face: nil for the system font (SF Pro).
    public var face: String?

    public init(_ scaling: Scaling, weight: FontWeight? = nil, face: String? = nil) {
        self.scaling = scaling
        self.weight = weight
        self.face = face
    }

    public static let largeTitle = Font(.style(.largeTitle))
    public static let title = Font(.style(.title))
    public static let title2 = Font(.style(.title2))
    public static let title3 = Font(.style(.title3))
    public static let headline = Font(.style(.headline))
    public static let body = Font(.style(.body))
    public static let callout = Font(.style(.callout))
    public static let subheadline = Font(.style(.subheadline))
    public static let footnote = Font(.style(.footnote))
    public static let caption = Font(.style(.caption))
    public static let caption2 = Font(.style(.caption2))

    public static func system(_ style: TextStyle, weight: FontWeight? = nil) -> Font {
        Font(.style(style), weight: weight)
    }

    /// `Font.custom(_:size:)`: scales relative to body.
    public static func custom(_ face: String, size: Double) -> Font {
        Font(.relative(points: size, to: .body), face: face)
    }

    /// `Font.custom(_:size:relativeTo:)`.
    public static func custom(_ face: String, size: Double, relativeTo style: TextStyle) -> Font {
        Font(.relative(points: size, to: style), face: face)
    }

    /// `Font.custom(_:fixedSize:)`: the same size at every Dynamic Type size.
    public static func custom(_ face: String, fixedSize: Double) -> Font {
        Font(.fixed(points: fixedSize), face: face)
    }

    public func weight(_ weight: FontWeight) -> Font {
        var copy = self
        copy.weight = weight
        return copy
    }

    public func bold() -> Font { weight(.bold) }

    /// The point size at a content size category.
    public func pointSize(at size: ContentSizeCategory) -> Double {
        switch scaling {
        case .style(let style): style.pointSize(at: size)
        case .relative(let points, let style): points * style.scale(at: size)
        case .fixed(let points): points
        }
    }

    /// The weight drawn: the asked one, else the style's own.
    public var resolvedWeight: FontWeight {
        if let weight { return weight }
        if case .style(let style) = scaling { return style.defaultWeight }
        return .regular
    }

    /// The style the font is or scales with; nil for a fixed size.
    public var style: TextStyle? {
        switch scaling {
        case .style(let style), .relative(_, let style): style
        case .fixed: nil
        }
    }

    /// How the font is named in state documents: the style, or `custom`.
    public var name: String {
        switch scaling {
        case .style(let style): style.rawValue
        case .relative, .fixed: "custom"
        }
    }
}
