import AccessibilityModel

/// The team's blocks, in the order its audit lists them after the built-in ones.
public enum TeamBlocks {
    public static let all: [any BlockModel] = [SegmentedControl()]
}
