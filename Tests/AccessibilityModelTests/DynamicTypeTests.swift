import AccessibilityModel
import Testing

@Suite("Dynamic Type sizes are Apple's published table")
struct DynamicTypeTests {
    @Test("there are twelve content size categories, large in the middle")
    func categories() {
        #expect(ContentSizeCategory.allCases.count == 12)
        #expect(ContentSizeCategory.allCases.map(\.token) == ["xS", "S", "M", "L", "xL", "xxL", "xxxL", "AX1", "AX2", "AX3", "AX4", "AX5"])
        #expect(ContentSizeCategory.large.rawValue == 3)
        #expect(ContentSizeCategory.accessibility1.isAccessibilitySize && !ContentSizeCategory.extraExtraExtraLarge.isAccessibilitySize)
    }

    @Test("sizes and leadings match dynamic-type.md", arguments: [
        (TextStyle.largeTitle, ContentSizeCategory.large, 34.0, 41.0),
        (.title, .large, 28, 34), (.headline, .extraSmall, 14, 19), (.headline, .accessibility5, 53, 62),
        (.body, .accessibility3, 40, 48), (.subheadline, .extraExtraExtraLarge, 21, 28),
        (.caption, .accessibility5, 43, 51), (.caption2, .large, 11, 13), (.footnote, .medium, 12, 16),
    ])
    func table(style: TextStyle, size: ContentSizeCategory, points: Double, leading: Double) {
        #expect(style.pointSize(at: size) == points)
        #expect(style.lineHeight(at: size) == leading)
    }

    @Test("every style grows monotonically with the content size", arguments: TextStyle.allCases)
    func monotonic(style: TextStyle) {
        let sizes = ContentSizeCategory.allCases.map(style.pointSize(at:))
        #expect(sizes == sizes.sorted())
    }

    @Test("headline is semibold, the others regular")
    func weights() {
        #expect(TextStyle.headline.defaultWeight == .semibold)
        #expect(TextStyle.body.defaultWeight == .regular)
    }
}
