/// One axis of a block's state space: a name and a finite, ordered domain.
public struct Dimension: Sendable, Hashable {
    public var name: String
    public var values: [String]
    /// What the dimension varies, for `a11y-audit blocks` and the README.
    public var summary: String

    public init(_ name: String, values: [String], summary: String = "") {
        precondition(!values.isEmpty, "a dimension needs at least one value")
        self.name = name
        self.values = values
        self.summary = summary
    }
}

extension Dimension {
    /// Every Dynamic Type content size category, as `size=xS … AX5`.
    public static let contentSize = Dimension(
        "size", values: ContentSizeCategory.allCases.map(\.token),
        summary: "Dynamic Type content size category")

    /// Reduce Motion off (`full`) and on (`reduced`).
    public static let motion = Dimension(
        "motion", values: ["full", "reduced"], summary: "Reduce Motion off or on")

    /// Screen widths in points; see `dynamic-type.md` for the devices behind them.
    public static func width(_ points: [Int]) -> Dimension {
        Dimension("width", values: points.map(String.init), summary: "screen width in points")
    }

    /// Left-to-right and right-to-left layout.
    public static let direction = Dimension(
        "direction", values: LayoutDirection.allCases.map(\.rawValue), summary: "layout direction")

    /// Light and dark appearance.
    public static let appearance = Dimension(
        "appearance", values: Appearance.allCases.map(\.rawValue), summary: "light or dark appearance")

    /// Increase Contrast off (`standard`) and on (`increased`).
    public static let contrast = Dimension(
        "contrast", values: ContrastSetting.allCases.map(\.rawValue), summary: "Increase Contrast off or on")
}

extension Array {
    /// Whether `other` is this very list, one storage shared: equal without comparing a
    /// single element, where lists handed out from one place are mostly the same storage.
    ///
    /// A region's states share their space's list, so a search for a state's region asks
    /// this first of every region it knows, and compares lists by value only when no list
    /// is the state's own: comparing by value compares each dimension's name and values
    /// until one differs, which for two regions of one space is most of the way.
    @inlinable package func isStorage(of other: [Element]) -> Bool {
        count == other.count && withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
        }
    }
}
