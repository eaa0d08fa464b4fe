import AccessibilityModel
import ModelKit

extension ScopeHeader {
    /// How the display title's 28 points scale with Dynamic Type.
    ///
    /// The card says "the brand's display face (type.face) at 28 points" and nothing of
    /// scaling. The default is SwiftUI's own reading of those words: `Font.custom(face,
    /// size: 28)`, the API that takes a face and a size, which scales with the body style.
    /// A team that wanted the title to grow like Title 1 would have to say so
    /// (`relativeTo: .title`), and the card does not.
    public static let displayTitleScaling = Assumption(
        name: "display-title-scaling",
        question: "How does the display title's \"type.face at 28 points\" scale with Dynamic Type?",
        defaultValue: "relative-to-body",
        alternatives: [
            .init("relative-to-body", "`Font.custom(face, size: 28)`, SwiftUI's default: it scales with the body style, 28 × 53/17 ≈ 87 pt at AX5."),
            .init("relative-to-title", "`Font.custom(face, size: 28, relativeTo: .title)`: it scales like Title 1, 58 pt at AX5."),
            .init("fixed", "`Font.custom(face, fixedSize: 28)`: 28 pt at every size."),
        ],
        evidence: [
            .init("`Font.custom(_:size:)`: \"Create a custom font with the given name and size that scales with the body text style.\"",
                  source: "Apple, Font.custom(_:size:), https://developer.apple.com/documentation/swiftui/font/custom(_:size:)"),
            .init("`Font.custom(_:size:relativeTo:)`: \"Create a custom font with the given name and size that scales relative to the given textStyle.\"",
                  source: "Apple, Font.custom(_:size:relativeTo:), https://developer.apple.com/documentation/swiftui/font/custom(_:size:relativeto:)"),
            .init("`Font.custom(_:fixedSize:)`: \"Create a custom font with the given name and a fixed size that does not scale with Dynamic Type.\"",
                  source: "Apple, Font.custom(_:fixedSize:), https://developer.apple.com/documentation/swiftui/font/custom(_:fixedsize:)"),
            .init("`custom(_:size:)` \"creates a font that scales with dynamic type content size but only uses a scale factor derived from the body text style.\"",
                  source: "Use Your Loaf, Scaling Custom SwiftUI Fonts With Dynamic Type, https://useyourloaf.com/blog/scaling-custom-swiftui-fonts-with-dynamic-type/"),
            .init("Body runs 17 → 53 pt from Large to AX5 and Title 1 28 → 58 pt; UIFontMetrics' own curve is not exactly proportional (body 17 → 48 pt at AX5 in a 2018 measurement), so ≈87 pt is an upper estimate.",
                  source: "SwiftyMarkdown's text-style table; Stack Overflow 51243804; Jared Sinclair, Scaled Metric Surprises, https://jaredsinclair.com/2024/03/02/scaled-metrics.html"),
        ],
        usedIn: ["Sources/BlockModels/ScopeHeader/ScopeHeaderBody.swift"])

    /// Whether the Filters button stays when the chip row is hidden.
    ///
    /// The card puts the button in the row ("a row of filter chips scrolls sideways … and
    /// the Filters button at the end of the row shows how many filters are on") and hides
    /// the row for `chips: []`, so the default hides the button with it. It also says only
    /// "onFilters … nil hides the button", and that the sheet may hold "more than the
    /// chips", which reads as the button staying.
    public static let filtersWithEmptyChips = Assumption(
        name: "filters-with-empty-chips",
        question: "With chips: [] and onFilters set, is the Filters button hidden with the chip row or still shown?",
        defaultValue: "hidden-with-row",
        alternatives: [
            .init("hidden-with-row", "The Filters button is part of the chip row (\"at the end of the row\"), so \"chips: [] hides the chip row\" hides it too."),
            .init("shown", "Only \"onFilters … nil hides the button\": with chips [] the button stays, alone at the row's trailing end, so the filter sheet stays reachable."),
        ],
        evidence: [
            .init("\"Under them a row of filter chips scrolls sideways: … and the Filters button at the end of the row shows how many filters are on.\"",
                  source: "ScopeHeader design card, seed 000_9fbed04f1eb1688f.txt"),
            .init("\"chips: [] hides the chip row; nil shows it loading.\" and \"onFilters opens your full filter sheet; nil hides the button.\"",
                  source: "ScopeHeader design card, seed 000_9fbed04f1eb1688f.txt, Notes"),
            .init("\"pass your own when the filter sheet holds more than the chips\": the sheet can hold filters that are not chips.",
                  source: "ScopeHeader design card, seed 000_9fbed04f1eb1688f.txt, Notes"),
        ],
        usedIn: ["Sources/BlockModels/ScopeHeader/ScopeHeaderBody.swift"])

    static let ownAssumptions = [displayTitleScaling, filtersWithEmptyChips]

    /// The title's font under each `display-title-scaling` answer, in the order of its
    /// alternatives.
    static let titleFonts: [Font] = [
        Font.custom("type.face", size: 28).weight(.semibold),
        Font.custom("type.face", size: 28, relativeTo: .title).weight(.semibold),
        Font.custom("type.face", fixedSize: 28).weight(.semibold),
    ]
}
