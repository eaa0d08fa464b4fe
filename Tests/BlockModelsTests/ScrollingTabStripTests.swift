import AccessibilityModel
import BlockModels
import ModelKit
import Testing

/// ScrollingTabStrip's source (seed 004), line by line: what the code does, shortfalls
/// included.
@Suite("ScrollingTabStrip does what its code does")
struct ScrollingTabStripTests {
    let model = ScrollingTabStrip()
    static let titles = ["For You", "Trending", "Music", "Sports", "Travel", "Food", "Science", "Design", "Movies", "Gaming"]

    func snapshot(_ pairs: String...) throws -> Snapshot {
        let filter = try StateFilter(parsing: pairs, in: model.stateSpace)
        return model.snapshot(of: model.stateSpace.states(matching: filter)[0])
    }

    func spoken(_ snapshot: Snapshot) -> [String] { snapshot.focusOrder.map { Speech(for: $0).description } }

    /// The width of "Text(tab).font(.headline)" as the model estimates it.
    func textWidth(_ title: String, _ size: ContentSizeCategory) -> Double {
        TextMetrics.width(of: title, pointSize: TextStyle.headline.pointSize(at: size), weight: .semibold)
    }

    /// One line of headline: the kit's font line height, 2444 / 2048 em of SF Pro.
    func line(_ size: ContentSizeCategory) -> Double { TextStyle.headline.pointSize(at: size) * 2444 / 2048 }

    @Test("its state space is every tab selected × 12 sizes × Reduce Motion × 4 widths × 2 directions × 2 appearances × 2 contrasts = 7680 states")
    func stateSpace() {
        let dimensions = model.stateSpace.dimensions.map { "\($0.name):\($0.values.count)" }
        #expect(dimensions == ["selection:10", "size:12", "motion:2", "width:4", "direction:2", "appearance:2", "contrast:2"])
        #expect(model.stateSpace.dimension(named: "selection")?.values ==
                ["for-you", "trending", "music", "sports", "travel", "food", "science", "design", "movies", "gaming"])
        #expect(model.stateSpace.count == 7680)
    }

    @Test("each selection token maps back to the demo's title and symbol")
    func tokens() {
        #expect(model.tabs.map(\.title) == Self.titles)
        #expect(model.tab(id: "for-you")?.title == "For You")
        #expect(model.tab(id: "gaming")?.symbol == "gamecontroller.fill")
    }

    @Test("tabs read as buttons labelled by their title with Selected on the current one, then the page's \"Stories about …\"",
          arguments: ["for-you", "food", "gaming"])
    func transcript(selected: String) throws {
        let snapshot = try snapshot("selection=\(selected)", "size=L", "width=393", "direction=ltr")
        let title = try #require(model.tab(id: selected)).title
        let tabs = Self.titles.map { $0 == title ? "Selected, \($0), Button" : "\($0), Button" }
        #expect(spoken(snapshot) == tabs + ["Stories about \(title)"])
    }

    @Test("\".accessibilityLabel(tab)\" and nothing else: no value, no hint, no Tab trait, no \"n of 10\"")
    func tabsCarryOnlyLabelAndTraits() throws {
        let tabs = try snapshot("selection=trending").elements.filter { $0.id.hasPrefix("tab.") }
        #expect(tabs.count == 10)
        for tab in tabs {
            #expect(tab.value.isEmpty && tab.hint.isEmpty && tab.seriesPosition == nil)
            #expect(tab.traits == (tab.id == "tab.trending" ? [.button, .selected] : [.button]))
            #expect(tab.isInteractive && !tab.isHidden && tab.container == "tabs")
            #expect(tab.fact("selection") == "single" && tab.fact("font") == "headline")
            #expect(tab.fact("selected") == (tab.id == "tab.trending" ? "yes" : "no"))
            #expect(tab.fact("color") == (tab.id == "tab.trending" ? "primary" : "secondary"))
        }
    }

    @Test("the page's symbol (\".accessibilityHidden(true)\") and the gradient card are hidden; the card is decorative")
    func pageHiddenParts() throws {
        let snapshot = try snapshot("selection=music")
        let symbol = try #require(snapshot.element("page.symbol"))
        let card = try #require(snapshot.element("page.card"))
        #expect(symbol.isHidden && symbol.fact("symbol") == "music.note")
        #expect(card.isHidden && card.isDecorative && card.fact("corner-radius") == "32")
        // ".hueRotation(.degrees(Double(index) * 34))": Music is index 2.
        #expect(card.fact("hue-rotation") == "68")
        let title = try #require(snapshot.element("page.title"))
        #expect(title.label == "Stories about Music" && title.traits == [.staticText] && !title.isHidden)
        #expect(title.fact("role") == "title" && !title.traits.contains(.header))
    }

    @Test("the underline is the selected tab's 3 pt pink capsule, as wide as its text, hidden",
          arguments: ["for-you", "science"])
    func underline(selected: String) throws {
        let snapshot = try snapshot("selection=\(selected)", "size=AX2", "width=320")
        let underline = try #require(snapshot.element("tabs.underline"))
        let tab = try #require(snapshot.element("tab.\(selected)"))
        #expect(underline.isHidden && underline.isDecorative && underline.fact("fill") == "pink")
        #expect(underline.label.isEmpty && underline.traits.isEmpty)
        #expect(underline.frame.height == 3 && underline.frame.width == tab.frame.width)
        #expect(underline.frame.minX == tab.frame.minX && abs(underline.frame.maxY - tab.frame.maxY) < 1e-9)
        #expect(snapshot.elements.filter { $0.id == "tabs.underline" }.count == 1)
    }

    @Test("\".padding(.horizontal, 2).padding(.vertical, 7).contentShape(.rect)\" then taken back: the frame is text width × (line + 8 + 3); the content shape is text width + 4 × line + 25, but the ScrollView, as tall as the frame, cuts the hit region to line + 11",
          arguments: [ContentSizeCategory.extraSmall, .large, .accessibility1, .accessibility5])
    func hitRegions(size: ContentSizeCategory) throws {
        let snapshot = try snapshot("size=\(size.token)", "width=393", "direction=ltr")
        for title in Self.titles {
            let tab = try #require(snapshot.element("tab.\(ScrollingTabStrip.token(for: title))"))
            let width = textWidth(title, size)
            let hit = try #require(tab.hitRegion)
            #expect(abs(tab.frame.width - width) < 1e-9 && abs(tab.frame.height - (line(size) + 11)) < 1e-9)
            #expect(abs(hit.width - (width + 4)) < 1e-9 && abs(hit.height - (line(size) + 11)) < 1e-9)
            #expect(abs(hit.midX - tab.frame.midX) < 1e-9 && abs(hit.midY - tab.frame.midY) < 1e-9)
        }
        #expect(snapshot.assumptionsRead.contains("scroll-view-hits") && snapshot.assumptionsRead.contains("text-line-height"))
    }

    @Test("under scroll-view-hits=unclipped the whole content shape answers: text width + 4 × line + 25")
    func unclippedHitRegions() throws {
        let unclipped = model.assuming(AssumptionChoices(["scroll-view-hits": "unclipped"]))
        let filter = try StateFilter(parsing: ["selection=food", "size=L", "width=393", "direction=ltr"], in: model.stateSpace)
        let snapshot = unclipped.snapshot(of: model.stateSpace.states(matching: filter)[0])
        let food = try #require(snapshot.element("tab.food"))
        let hit = try #require(food.hitRegion)
        // Headline at Large: 17 × 2444 / 2048 = 20.287; + 8 + 3 = 31.287 tall; + 7 above and below = 45.287.
        #expect(abs(hit.height - 45.287) < 0.001 && abs(hit.minY - (food.frame.minY - 7)) < 1e-9)
        #expect(abs(hit.width - 38.55) < 0.01)
    }

    @Test("under text-line-height=style-leading a tab is the HIG's 22 pt headline leading + 11 = 33 pt tall at Large, the figure of the table the kit's font line height replaces")
    func styleLeading() throws {
        let leading = model.assuming(AssumptionChoices(["text-line-height": "style-leading"]))
        let filter = try StateFilter(parsing: ["selection=food", "size=L", "width=393", "direction=ltr"], in: model.stateSpace)
        let food = try #require(leading.snapshot(of: model.stateSpace.states(matching: filter)[0]).element("tab.food"))
        #expect(food.frame.height == 33 && food.hitRegion?.height == 33)
    }

    @Test("the block lists the kit's assumptions and renders under the choices it is given")
    func assumptions() {
        #expect(model.assumptions.map(\.name) == KitAssumptions.all.map(\.name))
        #expect((model.assuming(AssumptionChoices(["scroll-view-hits": "unclipped"])) as? ScrollingTabStrip)?
            .choices.value(of: KitAssumptions.scrollViewHits) == "unclipped")
    }

    /// The states in which some tab answers to less than 44 × 44 pt, and in how many some
    /// tab falls short in height, or in width.
    func shortStates(_ block: any BlockModel) -> (all: Int, height: Int, width: Int) {
        var counts = (all: 0, height: 0, width: 0)
        for state in model.stateSpace.all {
            let hits = block.snapshot(of: state).elements.filter(\.isInteractive).compactMap(\.hitRegion)
            let height = hits.contains { $0.height < 44 }, width = hits.contains { $0.width < 44 }
            counts.all += height || width ? 1 : 0
            counts.height += height ? 1 : 0
            counts.width += width ? 1 : 0
        }
        return counts
    }

    @Test("target-size states: clipped, every size up to xxxL (7 × 640 = 4480: line + 11 is under 44 up to a 23 pt headline, 27.45 + 11); unclipped, xS to xL (5 × 640 = 3200): xS and S short in height too (16.71 + 25 and 17.90 + 25 < 44), M, L and xL in width only (M: 19.09 + 25 = 44.09); colours change no size")
    func targetSizeUnderEachAnswer() {
        let clipped = shortStates(model)
        #expect(clipped.all == 4480 && clipped.height == 4480)
        let unclipped = shortStates(model.assuming(AssumptionChoices(["scroll-view-hits": "unclipped"])))
        #expect(unclipped.all == 3200 && unclipped.height == 1280 && unclipped.width == 3200)
    }

    @Test("at the default size Food answers to 38.55 pt wide (34.55 + 4), Music to 45.13, Trending to 65.96; every tab to 31.29 pt tall")
    func shortTabsAtDefaultSize() throws {
        let snapshot = try snapshot("size=L")
        func hit(_ id: String) throws -> Rect { try #require(snapshot.element("tab.\(id)")?.hitRegion) }
        #expect(abs(try hit("food").width - 38.55) < 0.01)
        #expect(abs(try hit("music").width - 45.13) < 0.01)
        #expect(abs(try hit("trending").width - 65.96) < 0.01)
        // 17 × 2444 / 2048 = 20.287, + 8 + 3.
        #expect(abs(try hit("food").height - 31.287) < 0.001)
    }

    @Test("the demo's card takes what the strip leaves of the 759 pt proposed: 759 − 12 − (line + 11) − 18 − 20")
    func card() throws {
        let card = try #require(try snapshot("size=L", "width=393", "direction=ltr").element("page.card"))
        // 12 + 31.287 + 18 = 61.287 from the top; 759 − 61.287 − 20 = 677.713 tall; 393 − 40 wide.
        #expect(abs(card.frame.minY - 61.287) < 0.001 && abs(card.frame.height - 677.713) < 0.001)
        #expect(card.frame.minX == 20 && card.frame.width == 353)
    }

    @Test("tabs whose hit region is under 44 pt wide, size by size; every tab is under 44 pt tall up to xxxL",
          arguments: [("xS", ["music", "sports", "travel", "food"]), ("S", ["music", "travel", "food"]),
                      ("M", ["music", "food"]), ("L", ["food"]), ("xL", ["food"]), ("xxL", []), ("xxxL", []),
                      ("AX1", []), ("AX3", []), ("AX5", [])])
    func narrowTabs(size: String, narrow: [String]) throws {
        let tabs = try snapshot("size=\(size)").elements.filter(\.isInteractive)
        let hits = try tabs.map { ($0.id, try #require($0.hitRegion)) }
        #expect(hits.filter { $0.1.width < 44 }.map(\.0) == narrow.map { "tab.\($0)" })
        let short = ContentSizeCategory(token: size)! <= .extraExtraExtraLarge
        #expect(hits.allSatisfy { ($0.1.height < 44) == short })
    }

    @Test("\"proxy.scrollTo(newValue, anchor: .center)\": the selected tab's midX is the screen's middle unless the strip is at an end",
          arguments: ["320", "375", "393", "440"], ["for-you", "music", "food", "design", "gaming"])
    func scrollCentresSelection(width: String, selected: String) throws {
        let snapshot = try snapshot("selection=\(selected)", "width=\(width)", "direction=ltr", "size=L")
        let region = try #require(snapshot.scrollRegions.first { $0.id == "tabs" })
        let tab = try #require(snapshot.element("tab.\(selected)"))
        let screen = try #require(Double(width))
        let end = region.contentLength - region.viewportLength
        #expect(region.isScrollEnabled && region.viewportLength == screen)
        #expect(region.offset >= 0 && region.offset <= end)
        if region.offset == 0 {
            #expect(tab.frame.midX <= screen / 2)
        } else if abs(region.offset - end) < 1e-9 {
            #expect(tab.frame.midX >= screen / 2)
        } else {
            #expect(abs(tab.frame.midX - screen / 2) < 1e-9)
        }
    }

    @Test("the content is the text widths + 9 gaps of 22 + 20 on either side; For You starts at 20, Gaming ends 20 from the end")
    func contentWidth() throws {
        for size in [ContentSizeCategory.extraSmall, .large, .accessibility5] {
            let snapshot = try snapshot("selection=for-you", "size=\(size.token)", "direction=ltr")
            let region = try #require(snapshot.scrollRegions.first)
            let expected = Self.titles.map { textWidth($0, size) }.reduce(0, +) + 22 * 9 + 40
            #expect(abs(region.contentLength - expected) < 1e-9)
            #expect(region.offset == 0)
            #expect(try #require(snapshot.element("tab.for-you")).frame.minX == 20)
        }
        let last = try snapshot("selection=gaming", "size=L", "width=393", "direction=ltr")
        let gaming = try #require(last.element("tab.gaming"))
        #expect(abs(gaming.frame.maxX - (393 - 20)) < 1e-9)
    }

    @Test("no haptic on any interaction: the code has no .sensoryFeedback and no feedback generator")
    func noHaptics() {
        for state in model.stateSpace.all {
            let transitions = model.snapshot(of: state).transitions
            #expect(transitions.count == 10)
            #expect(transitions.allSatisfy { $0.haptics.isEmpty })
        }
    }

    @Test("with Reduce Motion, \"animation\" is nil: every motion is an instant change")
    func reduceMotion() throws {
        let filter = try StateFilter(parsing: ["motion=reduced"], in: model.stateSpace)
        for state in model.stateSpace.states(matching: filter) {
            let motions = model.snapshot(of: state).transitions.flatMap(\.motions)
            #expect(!motions.isEmpty)
            #expect(motions.allSatisfy { $0.kind == .none && $0.token.isEmpty && $0.duration == 0 })
        }
    }

    @Test("\"withAnimation(.snappy(duration: 0.35))\" fades the selected title, flies the underline, fades the card's hue, replaces the symbol, fades the page title and scrolls the strip when it must")
    func motions() throws {
        let snapshot = try snapshot("selection=for-you", "motion=full", "size=L", "width=393")
        let snappy = { (subject: String, kind: Motion.Kind) in
            Motion(subject: subject, kind: kind, token: "swiftui.snappy", duration: 0.35)
        }
        let strip = [snappy("tab.for-you", .opacity), snappy("tabs.underline", .matchedGeometry)]
        let page = [snappy("page.card", .opacity), snappy("page.symbol", .scale), snappy("page.title", .opacity)]
        // For You and Trending both leave the strip at its start: no scroll.
        let trending = try #require(snapshot.transitions.first { $0.target == "tab.trending" })
        #expect(trending.motions == strip + page)
        let food = try #require(snapshot.transitions.first { $0.target == "tab.food" })
        #expect(food.motions == strip + page + [snappy("tabs", .slide)])
        #expect(food.resultingState.id == "selection=food;size=L;motion=full;width=393;direction=ltr;appearance=light;contrast=standard")
        #expect(food.changesSelection && food.action == .activate)
    }

    @Test("re-tapping the current tab assigns the same value: no change, no motion, no haptic",
          arguments: ["for-you", "travel", "gaming"], ["full", "reduced"])
    func retap(selected: String, motion: String) throws {
        let snapshot = try snapshot("selection=\(selected)", "motion=\(motion)")
        let retap = try #require(snapshot.transitions.first { $0.target == "tab.\(selected)" })
        #expect(!retap.changesSelection && retap.motions.isEmpty && retap.haptics.isEmpty)
        #expect(retap.resultingState == snapshot.state)
        #expect(snapshot.transitions.filter(\.changesSelection).count == 9)
    }

    @Test("right-to-left mirrors every frame and hit region within the screen and keeps the reading order",
          arguments: ["320", "440"], ["for-you", "food", "gaming"])
    func rightToLeft(width: String, selected: String) throws {
        let ltr = try snapshot("selection=\(selected)", "width=\(width)", "direction=ltr")
        let rtl = try snapshot("selection=\(selected)", "width=\(width)", "direction=rtl")
        let screen = try #require(Double(width))
        #expect(ltr.elements.map(\.id) == rtl.elements.map(\.id))
        for (left, right) in zip(ltr.elements, rtl.elements) {
            #expect(right.frame == left.frame.mirrored(within: screen))
            #expect(right.hitRegion == left.hitRegion?.mirrored(within: screen))
        }
        #expect(spoken(ltr) == spoken(rtl))
        #expect(ltr.scrollRegions == rtl.scrollRegions)
        if selected == "for-you" {
            // The strip starts at its trailing edge: For You is 20 pt from the right.
            #expect(try #require(rtl.element("tab.for-you")).frame.maxX == screen - 20)
        }
    }

    @Test("tabs scrolled off screen stay in the tree and in the transcript")
    func offscreenTabsStay() throws {
        let snapshot = try snapshot("selection=for-you", "size=AX5", "width=320", "direction=ltr")
        let gaming = try #require(snapshot.element("tab.gaming"))
        #expect(gaming.frame.minX > 320 && !gaming.isHidden)
        #expect(spoken(snapshot).contains("Gaming, Button"))
    }
}
