import AccessibilityModel

/// A shape: it takes whatever size it is proposed (10 × 10 when asked for its ideal size,
/// as SwiftUI's shapes do) and is never an accessibility element.
struct ShapeContent {
    enum Kind: String {
        case rectangle, capsule, roundedRectangle = "rounded-rectangle", circle
    }
    var kind: Kind
    var cornerRadius: Double = 0
}

public func Rectangle() -> View { View(.shape(ShapeContent(kind: .rectangle))) }
public func Capsule() -> View { View(.shape(ShapeContent(kind: .capsule))) }
public func Circle() -> View { View(.shape(ShapeContent(kind: .circle))) }
public func RoundedRectangle(cornerRadius: Double) -> View {
    View(.shape(ShapeContent(kind: .roundedRectangle, cornerRadius: cornerRadius)))
}

extension View {
    /// `.fill(_:)`: the shape filled with a theme token (`"accent"`, `"pink"`); recorded
    /// as the element's `fill` fact.
    public func fill(_ token: String) -> View {
        fact("fill", token).modified(.paint(PaintLayer(frame: .zero, paint: .token(token))))
    }

    /// `.stroke(_:lineWidth:)`: an outline in a theme token.
    public func stroke(_ token: String, lineWidth: Double) -> View {
        facts([Fact("stroke", token), Fact("stroke-width", Renderer.format(lineWidth))])
            .modified(.paint(PaintLayer(frame: .zero, paint: .token(token), lineWidth: lineWidth)))
    }
}
