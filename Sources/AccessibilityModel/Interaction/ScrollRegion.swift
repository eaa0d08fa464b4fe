/// A scroll view inside a block: whether its content fits or scrolls.
public struct ScrollRegion: Sendable, Hashable {
    public var id: String
    public var axis: Axis
    /// The extent of the content along the axis.
    public var contentLength: Double
    /// The visible extent along the axis.
    public var viewportLength: Double
    /// Whether the block lets it scroll (a row that scrolls when it doesn't fit).
    public var isScrollEnabled: Bool
    /// The scroll offset along the axis, after the block scrolled it (e.g. to centre a selection).
    public var offset: Double

    public init(id: String, axis: Axis, contentLength: Double, viewportLength: Double,
                isScrollEnabled: Bool, offset: Double = 0) {
        self.id = id
        self.axis = axis
        self.contentLength = contentLength
        self.viewportLength = viewportLength
        self.isScrollEnabled = isScrollEnabled
        self.offset = offset
    }

    public var overflows: Bool { contentLength > viewportLength + 0.5 }

    public enum Axis: String, Sendable { case horizontal, vertical }
}
