import AccessibilityModel
import BlockModels
import Testing

/// TopTabs' design card (seed 003), sentence by sentence.
@Suite("TopTabs does what its card says")
struct TopTabsTests {
    let model = TopTabs()

    func snapshot(_ model: TopTabs = TopTabs(), _ pairs: String...) throws -> Snapshot {
        let filter = try StateFilter(parsing: pairs, in: model.stateSpace)
        return model.snapshot(of: model.stateSpace.states(matching: filter)[0])
    }

    func spoken(_ snapshot: Snapshot) -> [String] { snapshot.focusOrder.map { Speech(for: $0).description } }

    func tabs(_ snapshot: Snapshot) -> [AccessibilityElement] {
        snapshot.elements.filter { $0.id.hasPrefix("tab.") }
    }

    @Test("its space is one product per fixture: nine, three and long-titled tabs")
    func stateSpace() {
        let perEnvironment = 12 * 2 * 3 * 2 * 2 * 2 * 7
        #expect(model.stateSpace.count == (2 * 9 + 3 * 3 + 2 * 4) * perEnvironment)
        #expect(model.stateSpace.dimensions.map(\.name) == ["tabs", "sizing", "selection", "drag", "size", "motion", "width", "direction",
                                                             "appearance", "contrast"])
    }

    @Test("each tab reads as a button with its count and the selected trait; Following has 12, Events 3")
    func tabSpeech() throws {
        let speech = spoken(try snapshot(model, "tabs=reading", "selection=following", "drag=none", "sizing=automatic"))
        #expect(Array(speech.prefix(9)) == [
            "Top, Button", "Selected, Following, 12, Button", "World, Button", "Tech, Button", "Science, Button",
            "Culture, Button", "Events, 3, Button", "Sports, Button", "Opinion, Button",
        ])
    }

    @Test("a count of 0 still shows \"0\"; nil hides the capsule")
    func zeroCount() throws {
        let snapshot = try snapshot(model, "tabs=long", "selection=recommended")
        let politics = try #require(snapshot.element("tab.politics"))
        #expect(politics.value == "0" && politics.fact("capsule") == "fill")
        let recommended = try #require(snapshot.element("tab.recommended"))
        #expect(recommended.value == "" && recommended.fact("capsule") == "none")
    }

    @Test("three tabs or fewer share the strip's width equally", arguments: ["320", "393", "440"])
    func fewTabsFill(width: String) throws {
        let frames = tabs(try snapshot(model, "tabs=few", "sizing=automatic", "size=L", "width=\(width)")).map(\.frame)
        #expect(frames.allSatisfy { abs($0.width - Double(width)! / 3) < 1e-9 })
    }

    @Test("with more, each tab takes its own width and the strip scrolls")
    func manyTabsScroll() throws {
        let snapshot = try snapshot(model, "tabs=reading", "sizing=automatic", "size=L", "width=393")
        #expect(Set(tabs(snapshot).map(\.frame.width)).count > 1)
        #expect(snapshot.scrollRegions.first { $0.id == "strip" }?.isScrollEnabled == true)
    }

    @Test("tab titles grow with Dynamic Type and the strip scrolls to fit them")
    func titlesGrow() throws {
        let large = try snapshot(model, "tabs=few", "sizing=automatic", "size=AX5", "width=320")
        #expect(large.scrollRegions.first { $0.id == "strip" }?.isScrollEnabled == true)
        let widths = tabs(large).map(\.frame.width)
        let small = tabs(try snapshot(model, "tabs=few", "sizing=scroll", "size=xS", "width=320")).map(\.frame.width)
        #expect(zip(widths, small).allSatisfy { $0 > $1 })
    }

    @Test(".fill always shares the width, and records a title it truncates")
    func fillTruncates() throws {
        let snapshot = try snapshot(model, "tabs=few", "sizing=fill", "size=AX5", "width=320")
        #expect(tabs(snapshot).allSatisfy { abs($0.frame.width - 320.0 / 3) < 1e-9 })
        #expect(tabs(snapshot).contains { $0.fact("truncated") == "yes" })
    }

    @Test("the strip scrolls to bring the selected tab to the middle", arguments: ["tech", "science", "culture"])
    func stripCentres(selection: String) throws {
        let snapshot = try snapshot(model, "tabs=reading", "sizing=scroll", "selection=\(selection)", "width=393", "direction=ltr", "size=L")
        let tab = try #require(snapshot.element("tab.\(selection)"))
        #expect(abs(tab.frame.midX - 393 / 2) < 0.01)
    }

    /// At xS, "Top" in subhead (12 pt) medium measures 19.72 pt (TextMetrics); with 12 pt of
    /// padding each side the tab is 43.72 pt wide, and `.frame(minHeight: 44)` makes it 44 pt
    /// tall (a subhead line is 12 × 1.1934 = 14.32 pt). Nothing floors the width: the
    /// target-size rule finds it 0.3 pt short. At Large (15 pt) it is 47.93 pt wide.
    @Test("a tab's target comes out of layout: title plus 12 pt each side, at least 44 pt tall")
    func tabTarget() throws {
        let snapshot = try snapshot(model, "tabs=reading", "sizing=scroll", "selection=top", "size=xS", "width=393", "direction=ltr")
        let top = try #require(snapshot.element("tab.top"))
        #expect(abs(top.frame.width - 43.72) < 0.01 && top.frame.height == 44)
        #expect(top.hitRegion == top.frame)
    }

    @Test("at the ends the scroll stops at the content's edge", arguments: [("top", true), ("opinion", false)])
    func stripClamps(selection: String, atStart: Bool) throws {
        let snapshot = try snapshot(model, "tabs=reading", "sizing=scroll", "selection=\(selection)", "width=393", "direction=ltr", "size=L")
        let frames = tabs(snapshot).map(\.frame)
        #expect(atStart ? frames.first!.minX == 0 : abs(frames.last!.maxX - 393) < 0.01)
    }

    @Test("drag a page halfway and the indicator is halfway to the next tab, stretching or shrinking to its width",
          arguments: ["next-25", "next-50", "next-75", "previous-25", "previous-50", "previous-75"])
    func indicatorFollowsPager(drag: String) throws {
        let snapshot = try snapshot(model, "tabs=reading", "selection=tech", "drag=\(drag)", "direction=ltr")
        let fraction = Double(drag.split(separator: "-")[1])! / 100
        let from = try #require(snapshot.element("tab.tech")).frame
        let to = try #require(snapshot.element(drag.hasPrefix("next") ? "tab.science" : "tab.world")).frame
        let indicator = try #require(snapshot.element("indicator")).frame
        #expect(abs(indicator.x - (from.x + (to.x - from.x) * fraction)) < 0.01)
        #expect(abs(indicator.width - (from.width + (to.width - from.width) * fraction)) < 0.01)
    }

    @Test("only the current page is exposed, also mid-drag; pages are built as they come near",
          arguments: ["none", "next-75", "previous-50"])
    func exposure(drag: String) throws {
        let snapshot = try snapshot(model, "tabs=reading", "selection=tech", "drag=\(drag)")
        let pageElements = snapshot.elements.filter { $0.group != nil && !$0.isDecorative }
        #expect(Set(pageElements.filter { !$0.isHidden }.compactMap(\.group)) == ["page.tech"])
        #expect(Set(pageElements.compactMap(\.group)) == ["page.world", "page.tech", "page.science"])
        #expect(spoken(snapshot).suffix(4) == ["Tech, Heading", "Tech story 1, Button", "Tech story 2, Button", "Tech story 3, Button"])
    }

    @Test("tapping a tab pages straight to it with motion.smooth, one selection haptic")
    func tapPages() throws {
        let snapshot = try snapshot(model, "tabs=reading", "selection=top", "drag=none", "motion=full")
        let tap = try #require(snapshot.transitions.first { $0.action == .activate && $0.target == "tab.events" })
        #expect(tap.resultingState.id.contains("selection=events;drag=none"))
        #expect(tap.haptics == [.selection])
        #expect(tap.motions.contains(Motion(subject: "pager", kind: .slide, token: "motion.smooth", duration: 0.35)))
        #expect(tap.motions.contains { $0.subject == "indicator" && $0.kind == .move })
        // The title colours cross-fade, listed on the tab selected before the tap.
        #expect(tap.motions.contains { $0.subject == "tab.top" && $0.kind == .opacity && $0.token == "motion.snappy" })
    }

    @Test("Reduce Motion pages without the slide when a tab is tapped")
    func reduceMotionTap() throws {
        let snapshot = try snapshot(model, "tabs=reading", "selection=top", "drag=none", "motion=reduced")
        for tap in snapshot.transitions where tap.action == .activate && tap.changesSelection {
            #expect(tap.motions.allSatisfy { $0.kind == .opacity || $0.kind == .none })
        }
    }

    @Test("setting the selection from code pages there")
    func setFromCode() throws {
        let snapshot = try snapshot(model, "tabs=few", "selection=all", "drag=none")
        let fromCode = snapshot.transitions.filter { $0.action == .setSelection }
        #expect(fromCode.map(\.target) == ["tab.unread", "tab.saved"])
        #expect(fromCode.allSatisfy { $0.haptics == [.selection] && $0.motions.contains { $0.subject == "pager" } })
    }

    @Test("a swipe sets the selection once the page settles: one haptic then, none while dragging",
          arguments: [("next-75", "selection=science", true), ("next-25", "selection=tech", false),
                      ("previous-50", "selection=world", true)])
    func swipe(drag: String, lands: String, changes: Bool) throws {
        let snapshot = try snapshot(model, "tabs=reading", "selection=tech", "drag=\(drag)")
        #expect(snapshot.transitions.filter { $0.action == .drag }.allSatisfy { $0.haptics.isEmpty && !$0.changesSelection })
        let settle = try #require(snapshot.transitions.first { $0.action == .settle })
        #expect(settle.resultingState.id.contains(lands + ";drag=none"))
        #expect(settle.changesSelection == changes)
        #expect(settle.haptics == (changes ? [.selection] : []))
    }

    @Test("a drag past the first page bounces back and changes nothing")
    func overscroll() throws {
        let snapshot = try snapshot(model, "tabs=reading", "selection=top", "drag=previous-75")
        let settle = try #require(snapshot.transitions.first { $0.action == .settle })
        #expect(!settle.changesSelection && settle.resultingState.id.contains("selection=top;drag=none"))
        #expect(snapshot.element("indicator")?.frame.x == snapshot.element("tab.top")?.frame.x)
    }

    @Test("titles are subhead medium, textPrimary when selected; the indicator is a 2 pt accent capsule over a separator hairline")
    func theme() throws {
        let snapshot = try snapshot(model, "tabs=few", "selection=unread")
        #expect(tabs(snapshot).map { $0.fact("color") } == ["textSecondary", "textPrimary", "textSecondary"])
        #expect(tabs(snapshot).allSatisfy { $0.fact("font") == "type.subhead" && $0.fact("weight") == "medium" })
        let indicator = try #require(snapshot.element("indicator"))
        #expect(indicator.frame.height == 2 && indicator.fact("color") == "accent" && indicator.isHidden)
        #expect(snapshot.element("strip.hairline")?.fact("color") == "separator")
    }

    @Test("each deliberate fault changes what it names", arguments: TopTabs.Fault.allCases)
    func faults(fault: TopTabs.Fault) throws {
        let broken = TopTabs(faults: [fault])
        let pairs = ["tabs=reading", "selection=tech", "drag=next-25", "motion=reduced", "sizing=scroll"]
        let good = try snapshot(model, pairs.joined(separator: ";"))
        let bad = try snapshot(broken, pairs.joined(separator: ";"))
        let restGood = try snapshot(model, "tabs=reading;selection=tech;drag=none;motion=reduced;sizing=scroll")
        let restBad = try snapshot(broken, "tabs=reading;selection=tech;drag=none;motion=reduced;sizing=scroll")
        switch fault {
        case .indicatorNotInterpolated: #expect(good.element("indicator") != bad.element("indicator"))
        case .neighbourPageExposed: #expect(spoken(good) != spoken(bad))
        case .hapticOnDrag: #expect(good.transitions.map(\.haptics) != bad.transitions.map(\.haptics))
        case .slideUnderReduceMotion: #expect(restGood.transitions.map(\.motions) != restBad.transitions.map(\.motions))
        }
    }
}
