/// Apple's text styles with their Dynamic Type sizes.
///
/// Point sizes and leadings are the published iOS table (shared reference `dynamic-type.md`,
/// from the HIG's Typography specifications), one column per ``ContentSizeCategory``.
public enum TextStyle: String, Sendable, CaseIterable {
    case largeTitle, title, title2, title3, headline, body, callout, subheadline, footnote, caption, caption2

    /// The weight the style has unless a block asks for another.
    public var defaultWeight: FontWeight { self == .headline ? .semibold : .regular }

    /// Point size at a content size category.
    public func pointSize(at size: ContentSizeCategory) -> Double { Double(table[size.rawValue].size) }

    /// Line height (leading) at a content size category: the height one line of text occupies.
    public func lineHeight(at size: ContentSizeCategory) -> Double { Double(table[size.rawValue].leading) }

    /// The factor by which a custom font relative to this style scales at `size`
    /// (SwiftUI's `Font.custom(_:size:relativeTo:)`).
    public func scale(at size: ContentSizeCategory) -> Double {
        pointSize(at: size) / pointSize(at: .large)
    }

    private var table: [(size: Int, leading: Int)] {
        switch self {
        case .largeTitle: [(31, 38), (32, 39), (33, 40), (34, 41), (36, 43), (38, 46), (40, 48), (44, 52), (48, 57), (52, 61), (56, 66), (60, 70)]
        case .title: [(25, 31), (26, 32), (27, 33), (28, 34), (30, 37), (32, 39), (34, 41), (38, 46), (43, 51), (48, 57), (53, 62), (58, 68)]
        case .title2: [(19, 24), (20, 25), (21, 26), (22, 28), (24, 30), (26, 32), (28, 34), (34, 41), (39, 47), (44, 52), (50, 59), (56, 66)]
        case .title3: [(17, 22), (18, 23), (19, 24), (20, 25), (22, 28), (24, 30), (26, 32), (31, 38), (37, 44), (43, 51), (49, 58), (55, 65)]
        case .headline, .body: [(14, 19), (15, 20), (16, 21), (17, 22), (19, 24), (21, 26), (23, 29), (28, 34), (33, 40), (40, 48), (47, 56), (53, 62)]
        case .callout: [(13, 18), (14, 19), (15, 20), (16, 21), (18, 23), (20, 25), (22, 28), (26, 32), (32, 39), (38, 46), (44, 52), (51, 60)]
        case .subheadline: [(12, 16), (13, 18), (14, 19), (15, 20), (17, 22), (19, 24), (21, 28), (25, 31), (30, 37), (36, 43), (42, 50), (49, 58)]
        case .footnote: [(12, 16), (12, 16), (12, 16), (13, 18), (15, 20), (17, 22), (19, 24), (23, 29), (27, 33), (33, 40), (38, 46), (44, 52)]
        case .caption: [(11, 13), (11, 13), (11, 13), (12, 16), (14, 19), (16, 21), (18, 23), (22, 28), (26, 32), (32, 39), (37, 44), (43, 51)]
        case .caption2: [(11, 13), (11, 13), (11, 13), (11, 13), (13, 18), (15, 20), (17, 22), (20, 25), (24, 30), (29, 35), (34, 41), (40, 48)]
        }
    }
}
