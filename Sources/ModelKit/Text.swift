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
///
/// A render measures a few dozen texts, each several times: they are kept in a list found
/// by a mix of the text's bytes and its size, searched from its end, which costs less than
/// hashing each text into a dictionary. The text itself is compared only where the mixes
/// meet.
struct TextMeasurements {
    private var entries: [(mix: UInt64, string: String, pointSize: Double, weight: FontWeight, width: Double)] = []

    mutating func width(of string: String, pointSize: Double, weight: FontWeight) -> Double {
        let mix = Self.mix(string, pointSize: pointSize)
        var index = entries.count - 1
        while index >= 0 {
            if entries[index].mix == mix, entries[index].pointSize == pointSize, entries[index].weight == weight,
               entries[index].string == string {
                return entries[index].width
            }
            index -= 1
        }
        let width = TextMetrics.width(of: string, pointSize: pointSize, weight: weight)
        entries.append((mix, string, pointSize, weight, width))
        return width
    }

    /// The text's bytes' mix, then its size: equal texts at one size mix equally.
    private static func mix(_ string: String, pointSize: Double) -> UInt64 {
        (HashMix.mix(ofBytesOf: string) ^ (pointSize + 0).bitPattern) &* 0x100_0000_01B3
    }
}
