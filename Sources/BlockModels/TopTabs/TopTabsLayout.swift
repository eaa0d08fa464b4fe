import AccessibilityModel

/// Where TopTabs' parts sit in one state, and what each exposes to VoiceOver.
///
/// The card gives fonts and behaviour but no paddings; these are assumptions:
/// - A tab is its title (type.subhead medium, one line) and count capsule with 12 pt
///   padding each side, at least 44 × 44 pt (the design system's target size; the card
///   is silent for this block).
/// - The count capsule is type.caption with monospaced digits (0.6 em each) and 6 pt
///   padding; VoiceOver hears the count as the tab's value ("with its count").
/// - "Three tabs or fewer share the strip's width equally; with more, each tab takes its
///   own width and the strip scrolls" and "Tab titles grow with Dynamic Type and the strip
///   scrolls to fit them": `.automatic` fills only while every title fits its share.
///   `.fill` always shares, truncating a title that does not fit (recorded as a fact).
/// - "the strip scrolls to bring the selected tab to the middle": the scroll offset
///   centres the selected tab, clamped to the content. It follows the selection, which
///   changes only once a page settles, so a drag leaves the strip still.
/// - The indicator spans its tab's frame and is interpolated between the selected tab
///   and the drag target by the pager offset ("worked out from the pager's offset and
///   each tab's measured width"); overscroll past the ends keeps it at the end tab.
/// - The pager fills 600 pt below the hairline; each page is "a card of articles": a
///   heading and three article rows, 16 pt inset.
/// - "Pages are built lazily as they come near": the selected page and its neighbours
///   are built; only the selected page is exposed ("only the current page is exposed"),
///   also mid-drag, since "a swipe sets selection once the page settles".
/// - A right-to-left layout mirrors the left-to-right one.
struct TopTabsLayout {
    enum Metrics {
        static let tabPadding = 12.0
        static let tabVerticalPadding = 10.0
        static let minimumTarget = 44.0
        static let countGap = 4.0
        static let countPadding = 6.0
        static let digitWidth = 0.6
        static let indicatorHeight = 2.0
        static let pagerHeight = 600.0
        static let cardInset = 16.0
        static let articleHeight = 64.0
        static let articlesPerPage = 3
    }

    private(set) var elements: [AccessibilityElement] = []
    private(set) var scrollRegions: [ScrollRegion] = []
    /// Tab frames in strip content coordinates (before scrolling).
    private(set) var tabFrames: [Rect] = []
    private(set) var fills = false
    private(set) var stripOffset = 0.0

    init(inputs: TopTabs.Inputs, environment: AccessibilityEnvironment, faults: TopTabs.Tables.Faults) {
        let templates = inputs.fixture.elements
        let size = environment.contentSize
        let width = environment.width
        let items = inputs.items
        let titleHeight = TextStyle.subheadline.lineHeight(at: size)
        let tabHeight = max(Metrics.minimumTarget, titleHeight + 2 * Metrics.tabVerticalPadding)
        elements.reserveCapacity(items.count + 2 + 3 * (2 + Metrics.articlesPerPage))
        tabFrames.reserveCapacity(items.count)

        // Natural widths: title, count capsule, padding.
        let widths = templates.widths[size.rawValue]
        let share = width / Double(items.count)
        switch inputs.sizing {
        case .fill: fills = true
        case .scroll: fills = false
        case .automatic: fills = items.count <= 3 && widths.allSatisfy { $0.natural <= share }
        }
        var x = 0.0
        for index in items.indices {
            let tabWidth = fills ? share : widths[index].natural
            tabFrames.append(Rect(x: x, y: 0, width: tabWidth, height: tabHeight))
            x += tabWidth
        }
        let contentWidth = x
        let selectedFrame = tabFrames[inputs.selected]
        stripOffset = fills ? 0 : max(0, min(selectedFrame.midX - width / 2, contentWidth - width))
        scrollRegions.append(ScrollRegion(id: "strip", axis: .horizontal, contentLength: contentWidth,
                                          viewportLength: width, isScrollEnabled: !fills, offset: stripOffset))

        for index in items.indices {
            let frame = tabFrames[index].offsetBy(x: -stripOffset)
            let selected = index == inputs.selected
            let room = frame.width - 2 * Metrics.tabPadding - (widths[index].capsule.map { $0 + Metrics.countGap } ?? 0)
            let truncated = widths[index].title > room + 0.5
            elements.append(templates.tabs[index][selected ? 1 : 0][truncated ? 1 : 0].placed(at: frame, hitRegion: frame))
        }

        // "A thin accent indicator under the strip follows the pager as it moves."
        let indicator = indicatorFrame(inputs: inputs, faults: faults)
        elements.append(templates.indicator.placed(
            at: Rect(x: indicator.x - stripOffset, y: tabHeight - Metrics.indicatorHeight,
                     width: indicator.width, height: Metrics.indicatorHeight)))
        elements.append(templates.hairline.placed(at: Rect(x: 0, y: tabHeight, width: width, height: Theme.hairline)))

        layOutPages(inputs: inputs, top: tabHeight + Theme.hairline, width: width, size: size, faults: faults)

        if environment.direction == .rightToLeft {
            for index in elements.indices {
                elements[index].frame = elements[index].frame.mirrored(within: width)
                elements[index].hitRegion = elements[index].hitRegion?.mirrored(within: width)
            }
        }
    }

    /// The indicator's place in strip content coordinates: interpolated between the
    /// selected tab and the drag target by how far the page has been dragged.
    private func indicatorFrame(inputs: TopTabs.Inputs, faults: TopTabs.Tables.Faults) -> Rect {
        let from = tabFrames[inputs.selected]
        guard let target = inputs.dragTarget else { return from }
        let to = tabFrames[target]
        let progress = faults.indicatorNotInterpolated ? (inputs.dragFraction >= 0.5 ? 1 : 0) : inputs.dragFraction
        return Rect(x: from.x + (to.x - from.x) * progress, y: 0,
                    width: from.width + (to.width - from.width) * progress, height: 0)
    }

    /// "each page a card of articles", built when near and exposed when current.
    private mutating func layOutPages(inputs: TopTabs.Inputs, top: Double, width: Double,
                                      size: ContentSizeCategory, faults: TopTabs.Tables.Faults) {
        let templates = inputs.fixture.elements
        let heading = TextStyle.title3.lineHeight(at: size)
        let articleHeight = max(Metrics.articleHeight, 2 * TextStyle.body.lineHeight(at: size) + 16)
        for index in inputs.items.indices where abs(index - inputs.selected) <= 1 {
            let distance = abs(index - inputs.selected)
            let pageX = (Double(index) - inputs.pagerOffset) * width
            let exposed = index == inputs.selected || (faults.neighbourPageExposed && distance == 1)
            let page = templates.pages[index]
            elements.append(page.pages[distance].placed(
                at: Rect(x: pageX, y: top, width: width, height: Metrics.pagerHeight)))
            var y = top + Metrics.cardInset
            let cardWidth = width - 2 * Metrics.cardInset
            var headingElement = page.heading.placed(
                at: Rect(x: pageX + Metrics.cardInset, y: y, width: cardWidth, height: heading))
            headingElement.isHidden = !exposed
            elements.append(headingElement)
            y += heading + 8
            for article in page.articles {
                let frame = Rect(x: pageX + Metrics.cardInset, y: y, width: cardWidth, height: articleHeight)
                var articleElement = article.placed(at: frame, hitRegion: frame)
                articleElement.isHidden = !exposed
                elements.append(articleElement)
                y += articleHeight
            }
        }
    }

    static func capsuleWidth(for count: Int, size: ContentSizeCategory) -> Double {
        Double(String(count).count) * Metrics.digitWidth * TextStyle.caption.pointSize(at: size) + 2 * Metrics.countPadding
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

extension Rect {
    func offsetBy(x dx: Double) -> Rect { Rect(x: x + dx, y: y, width: width, height: height) }
}
