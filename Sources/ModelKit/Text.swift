import AccessibilityModel

/// `Text(_:)`: a run of text in the environment's font.
public func Text(_ string: String) -> View { View(.text(TextContent(string: string))) }

struct TextContent {
    var string: String
}

/// How a text came out of layout: its lines, and whether it lost anything.
struct TextFit {
    var size: Size
    var lines: Int
    /// Fewer lines were shown than the text needs (SwiftUI ends it with "…").
    var isTruncated: Bool
    /// The text's width on one line, unwrapped.
    var lineWidth: Double = 0
}

/// Text measurement and wrapping.
///
/// Widths are ``TextMetrics`` estimates of SF Pro. A text proposed less than its one-line
/// width wraps into as many lines as the width needs (an approximation: words are not
/// broken at their real boundaries), up to its line limit; past the limit, or past the
/// height proposed, it truncates. A text is never shorter than one line: SwiftUI draws the
/// first line even where it does not fit, and that overflow is what ``isClipped`` reports
/// when a clipping ancestor cuts it.
enum TextLayout {
    static func fit(_ text: TextContent, environment: LayoutEnvironment, proposal: ProposedSize,
                    measure: inout TextMeasurements) -> TextFit {
        let font = environment.font
        let points = font.pointSize(at: environment.contentSize)
        let width = measure.width(of: text.string, pointSize: points, weight: font.resolvedWeight)
        let lineHeight = environment.lineHeight(of: font)
        guard width > 0 else { return TextFit(size: Size(width: 0, height: lineHeight), lines: 1, isTruncated: false) }
        let available = proposal.width ?? .infinity
        let needed = available >= width - 0.000_1 ? 1 : max(1, Int((width / max(available, 0.000_1)).rounded(.up)))
        var lines = needed
        if let limit = environment.lineLimit { lines = min(lines, limit) }
        if let height = proposal.height, Double(lines) * lineHeight > height + 0.000_1 {
            lines = max(1, Int((height / lineHeight).rounded(.down)))
        }
        let shownWidth = needed == 1 ? width : max(0, min(width, available))
        return TextFit(size: Size(width: shownWidth, height: Double(lines) * lineHeight), lines: lines,
                       isTruncated: lines < needed, lineWidth: width)
    }
}

/// Widths measured during one render, so a text asked about several times is measured once.
struct TextMeasurements {
    private var widths: [Key: Double] = [:]
    private struct Key: Hashable {
        var string: String
        var pointSize: Double
        var weight: FontWeight
    }

    mutating func width(of string: String, pointSize: Double, weight: FontWeight) -> Double {
        let key = Key(string: string, pointSize: pointSize, weight: weight)
        if let width = widths[key] { return width }
        let width = TextMetrics.width(of: string, pointSize: pointSize, weight: weight)
        widths[key] = width
        return width
    }
}
