import AccessibilityModel

/// A point of a shape's frame as fractions of its width and height: SwiftUI's `UnitPoint`
/// as gradients use it.
public struct GradientPoint: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
    public static let topLeading = GradientPoint(x: 0, y: 0)
    public static let top = GradientPoint(x: 0.5, y: 0)
    public static let topTrailing = GradientPoint(x: 1, y: 0)
    public static let leading = GradientPoint(x: 0, y: 0.5)
    public static let trailing = GradientPoint(x: 1, y: 0.5)
    public static let bottomLeading = GradientPoint(x: 0, y: 1)
    public static let bottom = GradientPoint(x: 0.5, y: 1)
    public static let bottomTrailing = GradientPoint(x: 1, y: 1)
}

/// `LinearGradient(colors:startPoint:endPoint:)` with theme tokens, stops evenly spaced.
public struct LinearGradient: Sendable, Hashable {
    public var colors: [String]
    public var startPoint: GradientPoint
    public var endPoint: GradientPoint

    public init(colors: [String], startPoint: GradientPoint, endPoint: GradientPoint) {
        precondition(!colors.isEmpty, "a gradient needs at least one colour")
        self.colors = colors
        self.startPoint = startPoint
        self.endPoint = endPoint
    }

    /// How the `fill` fact names it: `gradient pink→orange`.
    var name: String { "gradient " + colors.joined(separator: "→") }

    /// Where `point` lies along the gradient drawn in `frame`, from 0 (start) to 1 (end):
    /// its projection on the line from the start point to the end point.
    func position(of point: Point, in frame: Rect) -> Double {
        let start = Point(x: frame.x + startPoint.x * frame.width, y: frame.y + startPoint.y * frame.height)
        let end = Point(x: frame.x + endPoint.x * frame.width, y: frame.y + endPoint.y * frame.height)
        let (dx, dy) = (end.x - start.x, end.y - start.y)
        let length = dx * dx + dy * dy
        guard length > 0 else { return 0 }
        return min(max(((point.x - start.x) * dx + (point.y - start.y) * dy) / length, 0), 1)
    }
}

/// What a shape is filled or stroked with.
enum Paint: Sendable, Hashable {
    case token(String)
    case gradient(LinearGradient)

    var name: String {
        switch self {
        case .token(let token): token
        case .gradient(let gradient): gradient.name
        }
    }

    /// The colour at `point` of a shape drawn in `frame`; nil when a token is not in the palette.
    func color(at point: Point, in frame: Rect, _ colors: ColorLookup) -> SRGBColor? {
        switch self {
        case .token(let token):
            return colors.color(token)
        case .gradient(let gradient):
            let stops = gradient.colors.compactMap(colors.color)
            guard stops.count == gradient.colors.count else { return nil }
            guard stops.count > 1 else { return stops[0] }
            let scaled = gradient.position(of: point, in: frame) * Double(stops.count - 1)
            let index = min(Int(scaled), stops.count - 2)
            return stops[index].interpolated(to: stops[index + 1], fraction: scaled - Double(index))
        }
    }
}

/// The palette under one appearance and contrast setting.
struct ColorLookup {
    var palette: Palette
    var appearance: Appearance
    var contrast: ContrastSetting

    func color(_ token: String) -> SRGBColor? {
        token == "clear" ? .clear : palette.color(token, appearance, contrast)
    }
}

/// One fill or stroke laid down in drawing order, with the effects applied to it.
struct PaintLayer: Sendable {
    var frame: Rect
    var paint: Paint
    /// The stroke's width; nil for a fill.
    var lineWidth: Double?
    /// `.hueRotation(_:)` in degrees, summed over the modifiers around the shape.
    var hueRotation = 0.0
    /// `.opacity(_:)`, multiplied over the modifiers around the shape.
    var opacity = 1.0
    /// The bounds of the scroll views and clipping views around the shape: it paints
    /// nothing outside them.
    var clip: Rect?

    /// Where the layer paints, without what it paints.
    var cover: LayerCover { LayerCover(frame: frame, lineWidth: lineWidth, clip: clip) }

    mutating func clip(to bounds: Rect) {
        clip = clip.map { $0.intersection(bounds) } ?? bounds
    }

    func color(at point: Point, _ colors: ColorLookup) -> SRGBColor? {
        paint.color(at: point, in: frame, colors)?.hueRotated(by: hueRotation).faded(by: opacity)
    }
}

/// Where a paint layer paints: its frame, its stroke's width and its clip. Inks test
/// every sample against every layer drawn before them, so these tests read plain numbers
/// rather than copying a layer with its paint's strings.
struct LayerCover: Sendable {
    var frame: Rect
    var lineWidth: Double?
    var clip: Rect?

    /// Whether the layer paints `point`: a fill over its frame, a stroke along its edge.
    func covers(_ point: Point) -> Bool {
        func holds(_ rect: Rect) -> Bool {
            point.x >= rect.minX && point.x <= rect.maxX && point.y >= rect.minY && point.y <= rect.maxY
        }
        if let clip, !holds(clip) { return false }
        let inside = holds(frame)
        guard inside, let lineWidth else { return inside }
        return point.x - frame.minX <= lineWidth || frame.maxX - point.x <= lineWidth
            || point.y - frame.minY <= lineWidth || frame.maxY - point.y <= lineWidth
    }

    /// Whether the layer can cover a point of `box`: its frame and clip each meet the box,
    /// edges included, as ``covers(_:)`` counts them.
    func reaches(_ box: (minX: Double, maxX: Double, minY: Double, maxY: Double)) -> Bool {
        func meets(_ rect: Rect) -> Bool {
            rect.minX <= box.maxX && rect.maxX >= box.minX && rect.minY <= box.maxY && rect.maxY >= box.minY
        }
        if let clip, !meets(clip) { return false }
        return meets(frame)
    }
}

extension View {
    /// `.fill(_:)` with a gradient; recorded as the element's `fill` fact
    /// (`gradient pink→orange`).
    public func fill(_ gradient: LinearGradient) -> View {
        fact("fill", gradient.name).modified(.paint(PaintLayer(frame: .zero, paint: .gradient(gradient))))
    }

    /// `.hueRotation(.degrees(_:))`: turns the hue of the shapes under the view; recorded as
    /// the `hue-rotation` fact.
    public func hueRotation(degrees: Double) -> View {
        fact("hue-rotation", Renderer.format(degrees)).modified(.colorEffect(hueRotation: degrees, opacity: 1))
    }

    /// `.opacity(_:)`: everything under the view drawn that translucent.
    public func opacity(_ opacity: Double) -> View { modified(.colorEffect(hueRotation: 0, opacity: opacity)) }

    /// That the shapes under the view carry meaning a user has to see, so their colour must
    /// stand out from what is behind them (WCAG 1.4.11): `selection` for an underline or an
    /// indicator, `boundary` for an outline that may be a control's only edge.
    public func conveys(_ meaning: String) -> View { modified(.conveys(meaning)) }
}
