import AccessibilityModel
import BlockModels
import Testing

/// Blocks keep what their states share in tables made when the block is made; changing a
/// block's content remakes them.
@Suite("A block's tables follow its content")
struct BlockTablesTests {
    @Test("a ScopeHeader whose title, scope titles and chip titles change renders the new ones")
    func scopeHeaderContent() throws {
        var header = ScopeHeader()
        let state = try header.reviewScenarios[0].selection(in: header.stateSpace)[0]
        header.title = "Lesen"
        header.scopes[0].title = "Für dich"
        header.chips[0].title = "Ungelesen"
        let snapshot = header.snapshot(of: state)
        #expect(snapshot.element("title")?.label == "Lesen")
        #expect(snapshot.element("scope.for-you")?.label == "Für dich")
        #expect(snapshot.element("chip.unread")?.label == "Ungelesen")
        #expect(snapshot.element("chip.unread")?.frame == ScopeHeader(chips: header.chips).snapshot(of: state)
            .element("chip.unread")?.frame)
    }

    @Test("a ScrollingTabStrip whose tab titles change measures the new ones")
    func scrollingTabStripContent() {
        var strip = ScrollingTabStrip()
        let state = strip.stateSpace.all[0]
        strip.tabs[0].title = "For You and Everyone Else"
        let snapshot = strip.snapshot(of: state)
        #expect(snapshot.element("tab.for-you")?.label == "For You and Everyone Else")
        #expect(snapshot.element("tab.for-you")?.frame == ScrollingTabStrip(tabs: strip.tabs).snapshot(of: state)
            .element("tab.for-you")?.frame)
    }
}
