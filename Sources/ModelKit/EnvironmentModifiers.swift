import AccessibilityModel

/// What a modifier sets for every view under it, as SwiftUI's environment does.
struct EnvironmentChange {
    var font: Font?
    var foreground: String?
    var lineLimit: Int??
    var imageScale: ImageScale?

    /// This change, closer to the content, with `outer` around it: what the content sees,
    /// since a value set nearer the content wins.
    func within(_ outer: EnvironmentChange) -> EnvironmentChange {
        EnvironmentChange(font: font ?? outer.font, foreground: foreground ?? outer.foreground,
                          lineLimit: lineLimit ?? outer.lineLimit, imageScale: imageScale ?? outer.imageScale)
    }
}

extension View {
    /// `.font(_:)`: the font of every text and symbol under the view.
    public func font(_ font: Font) -> View { environment(EnvironmentChange(font: font)) }

    /// `.foregroundStyle(_:)` with a theme token (`"textPrimary"`, `"secondary"`), recorded
    /// as the `color` fact of texts and symbols under the view.
    public func foregroundStyle(_ token: String) -> View { environment(EnvironmentChange(foreground: token)) }

    /// `.lineLimit(_:)`: at most that many lines; nil for as many as needed.
    public func lineLimit(_ limit: Int?) -> View { environment(EnvironmentChange(lineLimit: .some(limit))) }

    /// `.imageScale(_:)`.
    public func imageScale(_ scale: ImageScale) -> View { environment(EnvironmentChange(imageScale: scale)) }

    /// The view under `change`. Around another environment modifier the two become one
    /// node (`.font(_:).foregroundStyle(_:)` is one change), which lays out as the two did.
    private func environment(_ change: EnvironmentChange) -> View {
        guard case .environment(let inner) = node.kind, let content = node.first else { return modified(.environment(change)) }
        return View(node: Node(.environment(inner.within(change)), child: content))
    }

    /// Facts a rule reads (a theme token, a role) on the elements this view exposes, or on
    /// the hidden element a named shape lists.
    public func fact(_ name: String, _ value: String) -> View { facts([Fact(name, value)]) }

    public func facts(_ facts: [Fact]) -> View { modified(.facts(facts)) }
}

/// What a view is laid out under: the device settings of the state, what the modifiers
/// above it set, and the answers to named assumptions.
struct LayoutEnvironment: Equatable {
    var contentSize: ContentSizeCategory
    var font: Font = .body
    var foreground: String?
    var lineLimit: Int?
    var imageScale: ImageScale = .medium
    var lineHeightRule: TextLineHeight

    func applying(_ change: EnvironmentChange) -> LayoutEnvironment {
        var copy = self
        if let font = change.font { copy.font = font }
        if let foreground = change.foreground { copy.foreground = foreground }
        if let lineLimit = change.lineLimit { copy.lineLimit = lineLimit }
        if let scale = change.imageScale { copy.imageScale = scale }
        return copy
    }

    /// One line's height in `font` under the `text-line-height` assumption.
    func lineHeight(of font: Font) -> Double {
        let points = font.pointSize(at: contentSize)
        switch lineHeightRule {
        case .fontMetrics:
            return points * TextLineHeight.sfProLineHeight
        case .styleLeading:
            guard let style = font.style else { return points * TextLineHeight.sfProLineHeight }
            return style.lineHeight(at: contentSize) * points / style.pointSize(at: contentSize)
        }
    }
}
