import AccessibilityModel

/// Where ScrollingTabStrip's tabs and the demo page sit in one state, and what each exposes
/// to VoiceOver.
///
/// Every figure is the code's own, kept in ``Metrics``; what the code leaves to SwiftUI or
/// the device is an assumption, said where it is used:
/// - Text widths are ``TextBox`` estimates (SF Pro approximated from Inter), so each tab's
///   hit region carries the estimate's error as `hitRegionUncertainty`.
/// - The environment has no screen height. The demo's card ("RoundedRectangle" fills what
///   the outer VStack leaves) is laid out in an assumed safe area ``Metrics/safeAreaHeight``
///   tall; only the page's vertical positions depend on it.
/// - The demo's symbol is drawn at the largeTitle size scaled by ``Metrics/largeImageScale``.
/// - Right-to-left mirrors the left-to-right layout within the screen width. A horizontal
///   ScrollView in RTL starts at its trailing edge with the first tab on the right, which is
///   the mirror of LTR; the scroll offset, measured from the content's leading edge, is the
///   same figure in both directions.
struct ScrollingTabStripLayout {
    enum Metrics {
        /// "ScrollingTabStrip(tabs: tabs, selection: $selection).padding(.top, 12)"
        static let stripTop = 12.0
        /// "VStack(spacing: 8) { Text(tab) … ZStack { … }.frame(height: 3) }"
        static let labelSpacing = 8.0
        static let underlineHeight = 3.0
        /// ".padding(.horizontal, 2).padding(.vertical, 7).contentShape(.rect)
        /// .padding(.horizontal, -2).padding(.vertical, -7)"
        static let hitOutsetHorizontal = 2.0
        static let hitOutsetVertical = 7.0
        /// "HStack(spacing: 22)"
        static let tabSpacing = 22.0
        /// "HStack { … }.padding(.horizontal, 20)" inside the ScrollView.
        static let contentPadding = 20.0
        /// The demo's "VStack(spacing: 18)" between the strip and the card.
        static let stripToCard = 18.0
        /// The card's ".padding(.horizontal, 20).padding(.bottom, 20)".
        static let cardInset = 20.0
        /// "RoundedRectangle(cornerRadius: 32)"
        static let cardCornerRadius = 32.0
        /// "VStack(spacing: 16) { Image … Text … }.padding(24)"
        static let pageSpacing = 16.0
        static let pagePadding = 24.0
        /// ".hueRotation(.degrees(Double(index) * 34))"
        static let hueStep = 34.0
        /// Assumption: `.imageScale(.large)` draws a symbol about 1.3 × the font's point
        /// size (Apple publishes no figure).
        static let largeImageScale = 1.3
        /// Assumption: the preview's safe area on a 6.1-inch iPhone, 852 − 59 − 34 pt, for
        /// every width (the environment has no height).
        static let safeAreaHeight = 759.0
    }

    private(set) var elements: [AccessibilityElement] = []
    private(set) var scrollRegions: [ScrollRegion] = []

    /// The strip's geometry in one state, in the ScrollView's content coordinates (before
    /// the scroll offset and mirroring), shared with the interactions, which compare offsets.
    struct Strip {
        /// Each tab's text width: "Text(tab).font(.headline)" on one line (".fixedSize()").
        var textWidths: [Double]
        /// The approximation error of each width.
        var uncertainties: [Double]
        /// Each tab's leading x in the content.
        var contentX: [Double]
        /// "HStack(spacing: 22) { … }.padding(.horizontal, 20)": the widths, nine gaps of 22
        /// and 20 on either side.
        var contentWidth: Double
        /// The headline's line height: the height of "Text(tab)".
        var lineHeight: Double
        /// Where `proxy.scrollTo(selection, anchor: .center)` leaves the content.
        var offset: Double

        /// The strip from its tabs' "Text(tab).font(.headline)" boxes, measured once per
        /// size (``ScrollingTabStrip/Tables``).
        init(boxes: [TextBox], selectedIndex: Int, size: ContentSizeCategory, viewport: Double) {
            textWidths = boxes.map(\.width)
            uncertainties = boxes.map(\.uncertainty)
            var x = Metrics.contentPadding
            var contentX: [Double] = []
            for width in textWidths {
                contentX.append(x)
                x += width + Metrics.tabSpacing
            }
            self.contentX = contentX
            contentWidth = textWidths.reduce(0, +) + Metrics.tabSpacing * Double(max(0, boxes.count - 1))
                + 2 * Metrics.contentPadding
            lineHeight = TextStyle.headline.lineHeight(at: size)
            offset = 0
            offset = offset(centring: selectedIndex, in: viewport)
        }

        /// ".onChange(of: selection, initial: true) { … proxy.scrollTo(newValue, anchor:
        /// .center) }": the offset that brings a tab's centre to the viewport's centre, as far
        /// as the content allows (a ScrollView does not scroll past its ends; content that
        /// fits stays at the leading edge).
        func offset(centring index: Int, in viewport: Double) -> Double {
            let centre = contentX[index] + textWidths[index] / 2
            let maxOffset = max(0, contentWidth - viewport)
            return min(max(0, centre - viewport / 2), maxOffset)
        }

        /// The laid-out height of a tab: text, 8, underline of 3.
        var tabHeight: Double { lineHeight + Metrics.labelSpacing + Metrics.underlineHeight }
    }

    init(model: ScrollingTabStrip, inputs: ScrollingTabStrip.Inputs, environment: AccessibilityEnvironment) {
        let size = environment.contentSize
        let width = environment.width
        // "ScrollView(.horizontal)" with no padding or frame of its own: as wide as the screen.
        let strip = Strip(boxes: model.tables.tabBoxes[size.rawValue], selectedIndex: inputs.index, size: size,
                          viewport: width)
        layOutStrip(model: model, inputs: inputs, strip: strip, width: width)
        let stripBottom = Metrics.stripTop + strip.tabHeight
        layOutPage(model: model, inputs: inputs, size: size, width: width,
                   top: stripBottom + Metrics.stripToCard)

        if environment.direction == .rightToLeft {
            for index in elements.indices {
                elements[index].frame = elements[index].frame.mirrored(within: width)
                elements[index].hitRegion = elements[index].hitRegion?.mirrored(within: width)
            }
        }
    }

    /// The tabs and the underline.
    ///
    /// Each tab is "Button { withAnimation(animation) { selection = tab } } label: { … }
    /// .buttonStyle(.plain).accessibilityLabel(tab).accessibilityAddTraits(isSelected ?
    /// .isSelected : [])": a button labelled by its title, Selected when it is the current
    /// one, with no value and no hint (the code sets none), no tab trait and no position in
    /// the series. Its frame is the label's: ".fixedSize()" makes it the text's width and
    /// text + 8 + 3 tall, and the negative padding takes back what the positive padding
    /// added, so the frame stays unpadded while ".contentShape(.rect)" answers to touches 2 pt
    /// wider on each side and 7 pt taller above and below.
    ///
    /// Frames are in screen coordinates: content x − the scroll offset. Tabs scrolled off
    /// screen stay in the tree ("VoiceOver scrolls them in"), all in one container, the
    /// ScrollView.
    private mutating func layOutStrip(model: ScrollingTabStrip, inputs: ScrollingTabStrip.Inputs,
                                      strip: Strip, width: Double) {
        // The ScrollView is as tall as its content, the unpadded tabs. A scroll view takes
        // no touch outside its own bounds (UIKit's hit testing asks `point(inside:)` of the
        // UIScrollView behind SwiftUI's ScrollView first), so the 7 pt the content shape
        // reaches above and below the tabs never answers: the hit region is the content
        // shape clipped to the ScrollView. This is the one place the model departs from
        // the code's comment ("The padding widens what answers to a touch"), because the
        // comment's intent is not what the view tree does. Sideways nothing is lost: the
        // 2 pt fall inside the 20 pt content padding and the 22 pt spacing, and a tab
        // scrolled off screen is scrolled in before it is touched.
        let scrollViewTop = Metrics.stripTop, scrollViewHeight = strip.tabHeight
        // "ScrollView(.horizontal) { … }.scrollIndicators(.hidden)": a ScrollView always
        // scrolls; the hidden indicators leave no visual hint that there is more.
        scrollRegions.append(ScrollRegion(id: "tabs", axis: .horizontal, contentLength: strip.contentWidth,
                                          viewportLength: width, isScrollEnabled: true, offset: strip.offset))
        for (index, tab) in model.tabs.enumerated() {
            // "let isSelected = tab == selection"
            let isSelected = index == inputs.index
            let frame = Rect(x: strip.contentX[index] - strip.offset, y: Metrics.stripTop,
                             width: strip.textWidths[index], height: strip.tabHeight)
            let contentShape = frame.outset(horizontal: Metrics.hitOutsetHorizontal, vertical: Metrics.hitOutsetVertical)
            elements.append(AccessibilityElement(
                id: "tab.\(tab.id)", label: tab.title,
                traits: isSelected ? [.button, .selected] : [.button], isInteractive: true,
                frame: frame,
                hitRegion: contentShape.intersection(Rect(x: contentShape.x, y: scrollViewTop,
                                                          width: contentShape.width, height: scrollViewHeight)),
                hitRegionUncertainty: strip.uncertainties[index],
                container: "tabs",
                facts: [Fact("selection", "single"), Fact("selected", isSelected ? "yes" : "no"),
                        // ".font(.headline)": semibold.
                        Fact("font", "headline"), Fact("weight", "semibold"),
                        // ".foregroundStyle(isSelected ? .primary : .secondary)"
                        Fact("color", isSelected ? "primary" : "secondary"),
                        Fact("content-shape-height", ScrollingTabStripLayout.format(contentShape.height)),
                        Fact("clipped-by", "ScrollView")]))
            if isSelected {
                // "Capsule().fill(tint).matchedGeometryEffect(id: \"underline\", in: namespace)"
                // in a ZStack ".frame(height: 3)" under the text, as wide as the text (the
                // fixed-size VStack gives its children its own width). A shape is not an
                // accessibility element; it is listed hidden so rules can see so. The
                // "Capsule().fill(.clear)" in every tab draws nothing and is not listed.
                elements.append(AccessibilityElement(
                    id: "tabs.underline", isHidden: true, isDecorative: true,
                    frame: Rect(x: frame.x, y: frame.maxY - Metrics.underlineHeight,
                                width: strip.textWidths[index], height: Metrics.underlineHeight),
                    container: "tabs",
                    facts: [Fact("color", "pink"), Fact("follows", "tab.\(tab.id)")]))
            }
        }
    }

    /// The demo's page: "ZStack { RoundedRectangle(cornerRadius: 32).fill(LinearGradient(
    /// colors: [.pink, .orange], …)).hueRotation(.degrees(Double(index) * 34)); VStack(spacing:
    /// 16) { Image(systemName: symbols[index]) … .accessibilityHidden(true); Text(\"Stories
    /// about \\(selection)\").font(.title.bold()).multilineTextAlignment(.center) }
    /// .foregroundStyle(.white).padding(24) }.padding(.horizontal, 20).padding(.bottom, 20)".
    private mutating func layOutPage(model: ScrollingTabStrip, inputs: ScrollingTabStrip.Inputs,
                                     size: ContentSizeCategory, width: Double, top: Double) {
        let card = Rect(x: Metrics.cardInset, y: top, width: width - 2 * Metrics.cardInset,
                        height: max(0, Metrics.safeAreaHeight - Metrics.cardInset - top))
        let hue = Double(inputs.index) * Metrics.hueStep
        // A shape is not an accessibility element: hidden, decorative.
        elements.append(AccessibilityElement(
            id: "page.card", isHidden: true, isDecorative: true, frame: card,
            facts: [Fact("fill", "gradient pink→orange"), Fact("hue-rotation", ScrollingTabStripLayout.format(hue)),
                    Fact("corner-radius", ScrollingTabStripLayout.format(Metrics.cardCornerRadius))]))

        // ".font(.largeTitle).imageScale(.large)"
        let imagePoints = TextStyle.largeTitle.pointSize(at: size) * Metrics.largeImageScale
        let imageSize = (width: TextBox.symbolWidth(pointSize: imagePoints), height: imagePoints)
        // ".font(.title.bold())", wrapped to the card's width less its padding, centred.
        let textWidthAvailable = card.width - 2 * Metrics.pagePadding
        let text = model.tables.pageTitleBoxes[size.rawValue][inputs.index].wrapped(to: textWidthAvailable)
        // The ZStack centres the padded VStack in the card; the VStack centres its children.
        let contentHeight = imageSize.height + Metrics.pageSpacing + text.height
        let contentTop = card.y + (card.height - contentHeight) / 2
        let centreX = card.midX

        // ".accessibilityHidden(true)": VoiceOver never reaches the symbol.
        elements.append(AccessibilityElement(
            id: "page.symbol", traits: [.image], isHidden: true,
            frame: Rect(x: centreX - imageSize.width / 2, y: contentTop, width: imageSize.width, height: imageSize.height),
            facts: [Fact("symbol", inputs.tab.symbol), Fact("font", "largeTitle"), Fact("image-scale", "large"),
                    Fact("color", "white")]))

        // A Text is static text; nothing makes it a header. Its ".font(.title.bold())" sets
        // it as the page's title, which is what `role` records.
        elements.append(AccessibilityElement(
            id: "page.title", label: "Stories about \(inputs.tab.title)", traits: [.staticText],
            frame: Rect(x: centreX - text.width / 2, y: contentTop + imageSize.height + Metrics.pageSpacing,
                        width: text.width, height: text.height),
            facts: [Fact("role", "title"), Fact("font", "title"), Fact("weight", "bold"), Fact("color", "white"),
                    Fact("ground", "gradient pink→orange"), Fact("hue-rotation", ScrollingTabStripLayout.format(hue))]))
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
