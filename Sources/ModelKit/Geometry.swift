import AccessibilityModel

/// A size in points.
public struct Size: Sendable, Hashable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
    public static let zero = Size(width: 0, height: 0)

    subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }
}

/// A point in the block's coordinate space (origin top-left, y down).
public struct Point: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// The size a parent proposes to a child, SwiftUI's `ProposedViewSize`: `nil` in an axis
/// asks for the child's ideal size there, `.infinity` for its largest.
public struct ProposedSize: Sendable, Hashable {
    public var width: Double?
    public var height: Double?
    public init(width: Double?, height: Double?) {
        self.width = width
        self.height = height
    }
    public static let unspecified = ProposedSize(width: nil, height: nil)

    subscript(axis: Axis) -> Double? {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }
}

public enum Axis: Sendable, Hashable {
    case horizontal, vertical
    var cross: Axis { self == .horizontal ? .vertical : .horizontal }
}

/// Where a child sits in a larger space: SwiftUI's `Alignment`, leading and trailing in
/// left-to-right terms (the renderer mirrors the whole block for right-to-left).
public struct Alignment: Sendable, Hashable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)

    /// Where a child of `size` starts within `length` along `axis`.
    func offset(of size: Double, in length: Double, along axis: Axis) -> Double {
        let fraction: Double = switch axis {
        case .horizontal: horizontal == .leading ? 0 : horizontal == .center ? 0.5 : 1
        case .vertical: vertical == .top ? 0 : vertical == .center ? 0.5 : 1
        }
        return (length - size) * fraction
    }
}

public enum HorizontalAlignment: Sendable, Hashable { case leading, center, trailing }
public enum VerticalAlignment: Sendable, Hashable { case top, center, bottom }

/// Amounts by which `padding` grows a view on each edge; negative amounts shrink it.
public struct EdgeInsets: Sendable, Hashable {
    public var top, leading, bottom, trailing: Double
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    var horizontal: Double { leading + trailing }
    var vertical: Double { top + bottom }
}

/// SwiftUI's `Edge.Set`.
public struct Edges: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let top = Edges(rawValue: 1)
    public static let leading = Edges(rawValue: 2)
    public static let bottom = Edges(rawValue: 4)
    public static let trailing = Edges(rawValue: 8)
    public static let horizontal: Edges = [.leading, .trailing]
    public static let vertical: Edges = [.top, .bottom]
    public static let all: Edges = [.horizontal, .vertical]
}

extension Rect {
    init(origin: Point, size: Size) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    var isEmpty: Bool { width <= 0 || height <= 0 }
}
