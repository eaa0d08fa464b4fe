/// The twelve Dynamic Type content size categories, smallest first.
///
/// The order is Apple's (shared reference `dynamic-type.md`); comparisons follow it, so
/// `size >= .accessibility1` reads as "an accessibility size".
public enum ContentSizeCategory: Int, Sendable, CaseIterable, Comparable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    /// The short token used in state ids (`size=AX3`).
    public var token: String { Self.tokens[rawValue] }

    /// UIKit's spelling, used in state documents (`content-size="accessibility3"`).
    public var name: String { Self.names[rawValue] }

    public var isAccessibilitySize: Bool { self >= .accessibility1 }

    public init?(token: String) {
        guard let match = Self.allCases.first(where: { $0.token == token || $0.name == token }) else { return nil }
        self = match
    }

    /// Tokens and names in case order, built once rather than on every read.
    private static let tokens = ["xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"]
    private static let names = [
        "extraSmall", "small", "medium", "large", "extraLarge", "extraExtraLarge",
        "extraExtraExtraLarge", "accessibility1", "accessibility2", "accessibility3",
        "accessibility4", "accessibility5",
    ]

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
