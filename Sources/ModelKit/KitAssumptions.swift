import AccessibilityModel

/// The judgements the model kit itself makes, read by every block whose views reach them.
public enum KitAssumptions {
    /// Whether content of a scroll view answers to touches outside the scroll view's bounds.
    public static let scrollViewHits = Assumption(
        name: "scroll-view-hits",
        question: "Does a touch outside a ScrollView's bounds reach content (a content shape) that reaches past them?",
        defaultValue: "clipped",
        alternatives: [
            .init("clipped", "No: a control in a scroll view answers only inside the scroll view's bounds; its content shape is cut to them."),
            .init("unclipped", "Yes: SwiftUI hit-tests the content shape wherever it lies, as it does past `.clipped()`."),
        ],
        evidence: [
            .init("\"Points that lie outside the receiver's bounds are never reported as hits, even if they actually lie within one of the receiver's subviews.\" A SwiftUI ScrollView on iOS is backed by a UIScrollView.",
                  source: "Apple, UIView.hitTest(_:with:), https://developer.apple.com/documentation/uikit/uiview/hittest(_:with:)"),
            .init("Turning clipping off with scrollClipDisabled draws content past the bounds but does not widen where it takes touches.",
                  source: "Habr, ScrollView in SwiftUI: scrollClipDisabled, https://habr.com/en/articles/745112"),
            .init("Outside scroll views SwiftUI does its own hit testing: `.clipped()` does not limit it.",
                  source: "Ole Begemann, clipped() doesn't affect hit testing, https://oleb.net/2022/clipped-hit-testing"),
        ],
        usedIn: ["Sources/ModelKit/Renderer.swift"])

    /// How a control partly or wholly scrolled out of its scroll view's viewport is measured.
    public static let offscreenTargets = Assumption(
        name: "offscreen-targets",
        question: "Is a control that lies outside its scroll view's viewport, along the scroll axis, measured where it lies or where the user meets it after scrolling?",
        defaultValue: "scrolled-into-view",
        alternatives: [
            .init("scrolled-into-view", "Measured as if scrolled into view: VoiceOver and a user scroll a control in before touching it, so only the cross axis cuts it."),
            .init("as-placed", "Measured where it lies: the viewport cuts it along the scroll axis too, so a control half scrolled out answers to half its size."),
        ],
        evidence: [
            .init("VoiceOver scrolls an element into view when it moves focus to it.",
                  source: "Apple, UIAccessibility scroll behaviour; a11y-audit reference voiceover.md, \"Focus order\""),
            .init("Points outside a UIScrollView's bounds are never hits, so a control's part outside the viewport does not answer until it is scrolled in.",
                  source: "Apple, UIView.hitTest(_:with:), https://developer.apple.com/documentation/uikit/uiview/hittest(_:with:)"),
        ],
        usedIn: ["Sources/ModelKit/Renderer.swift"])

    /// How tall one line of text is.
    public static let textLineHeight = Assumption(
        name: "text-line-height",
        question: "How tall is one line of a Text: the font's line height or the HIG table's leading?",
        defaultValue: "font-metrics",
        alternatives: [
            .init("font-metrics", "The font's line height, ascender plus descender: 1.1934 em for SF Pro (a 17 pt body line is 20.29 pt)."),
            .init("style-leading", "The leading of the HIG's Dynamic Type table (a body line is 22 pt at Large)."),
        ],
        evidence: [
            .init("UIFont.systemFont(ofSize: 17).lineHeight is 20.287109375 pt; systemFont(ofSize: 15) gives 17.900391 (1.1934 em).",
                  source: "Stack Overflow, Why is lineHeight of UIFont larger than font size?, https://stackoverflow.com/questions/33278645"),
            .init("systemFont(ofSize: 20): ascender 19.04, descender −4.82, a line of 23.87 pt (1.193 em).",
                  source: "arcovv, iOS font study, https://arcovv.github.io/ios/2016/10/01/ios-font-study.md.html"),
            .init("The HIG's leading values (Body 17/22) are baseline-to-baseline targets for several lines; no public measurement shows a one-line Text 22 pt tall.",
                  source: "Apple HIG, Typography, Specifications, https://developer.apple.com/design/human-interface-guidelines/typography#Specifications"),
        ],
        usedIn: ["Sources/ModelKit/EnvironmentModifiers.swift"])

    public static let all = [scrollViewHits, offscreenTargets, textLineHeight]
}

/// The `text-line-height` answers.
enum TextLineHeight {
    case fontMetrics, styleLeading

    /// SF Pro's ascender plus descender, 2444 of 2048 units per em.
    static let sfProLineHeight = 2444.0 / 2048.0
}
