import AccessibilityModel

/// The size of a run of text set in a Dynamic Type style: what a SwiftUI `Text` occupies.
struct TextBox {
    var width: Double
    var height: Double
    /// How far `width` may be from SF's real width (the metrics approximation).
    var uncertainty: Double

    /// One line of `text` in `style` at `size`, with a weight other than the style's own
    /// when the block asks for one. `scale` sizes custom fonts relative to a style.
    init(_ text: String, style: TextStyle, weight: FontWeight? = nil, size: ContentSizeCategory,
         pointSize: Double? = nil) {
        let points = pointSize ?? style.pointSize(at: size)
        width = TextMetrics.width(of: text, pointSize: points, weight: weight ?? style.defaultWeight)
        height = style.lineHeight(at: size) * points / style.pointSize(at: size)
        uncertainty = TextMetrics.approximationError(forWidth: width)
    }

    /// The text wrapped to at most `maxWidth`: as many lines as the width needs.
    func wrapped(to maxWidth: Double) -> TextBox {
        guard width > maxWidth, maxWidth > 0 else { return self }
        let lines = (width / maxWidth).rounded(.up)
        return TextBox(width: maxWidth, height: height * lines, uncertainty: uncertainty)
    }

    private init(width: Double, height: Double, uncertainty: Double) {
        self.width = width
        self.height = height
        self.uncertainty = uncertainty
    }

    /// The width an SF Symbol takes beside text of `pointSize`: about 1.1 em (assumption;
    /// symbols vary from square to slightly wide).
    static func symbolWidth(pointSize: Double) -> Double { pointSize * 1.1 }
}
