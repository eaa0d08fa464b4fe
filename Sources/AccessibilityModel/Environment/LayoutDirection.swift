/// The writing direction a block is laid out in.
public enum LayoutDirection: String, Sendable, CaseIterable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}
