/// The writing direction a block is laid out in.
public enum LayoutDirection: String, Sendable, CaseIterable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    /// Hashed by case, not by raw string as a raw-value enum's default is:
    /// a direction is hashed with every environment and render identity looked up.
    public func hash(into hasher: inout Hasher) { hasher.combine(self == .leftToRight) }
}
