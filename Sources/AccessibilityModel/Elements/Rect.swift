/// A rectangle in points, in the block's coordinate space (origin top-left, y down).
public struct Rect: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }

    /// The rectangle grown by the given amounts on each side (negative amounts shrink it),
    /// as SwiftUI's `.padding` grows a view.
    public func outset(horizontal: Double = 0, vertical: Double = 0) -> Rect {
        Rect(x: x - horizontal, y: y - vertical, width: width + 2 * horizontal, height: height + 2 * vertical)
    }

    /// The rectangle mirrored within a container of `containerWidth`, as a right-to-left
    /// layout mirrors a left-to-right one.
    public func mirrored(within containerWidth: Double) -> Rect {
        Rect(x: containerWidth - maxX, y: y, width: width, height: height)
    }

    /// The part of the rectangle inside `other`; empty (zero size) when they do not meet.
    public func intersection(_ other: Rect) -> Rect {
        let left = max(minX, other.minX), right = min(maxX, other.maxX)
        let top = max(minY, other.minY), bottom = min(maxY, other.maxY)
        return Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}
