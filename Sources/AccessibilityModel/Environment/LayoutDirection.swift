/// The writing direction a block is laid out in.
public enum LayoutDirection: String, Sendable, CaseIterable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    /// By case, not by raw string (`Hasher.combine(caseOf:)`).
    public func hash(into hasher: inout Hasher) { hasher.combine(caseOf: self) }
}
