import AccessibilityModel
@testable import Auditor
import BlockModels
import Testing

/// An overlap failure is drawn as both hit regions and where they meet.
@Suite("Overlap drawings")
struct OverlapDrawingTests {
    /// ScopeHeader at AX5 on a 320 pt screen, where "Unread" reaches 12.8 pt under the
    /// Filters button and, with `scroll-view-hits=unclipped`, still takes touches there.
    static func snapshot(_ answer: String) throws -> Snapshot {
        let block = ScopeHeader().assuming(AssumptionChoices(["scroll-view-hits": answer]))
        let state = try block.stateSpace.state(id: "scope=following;chips=sample;on=unread;count=auto;stuck=no;onFilters=set;size=AX5;motion=full;width=320;direction=ltr;appearance=light;contrast=standard")
        return block.snapshot(of: state)
    }

    @Test("a covered control is drawn with the control that covers it and the size the kit measured")
    func drawn() throws {
        let svg = OverlapDrawing(snapshot: try Self.snapshot("unclipped"), failing: ["chip.unread"]).svg
        #expect(svg.contains(#"class="overlap-drawing""#))
        #expect(svg.contains(#"<g class="covered" data-id="chip.unread">"#))
        #expect(svg.contains(#"<g class="covering" data-id="filters">"#))
        #expect(svg.contains(#"<rect class="overlap" x="238.1""#))
        #expect(svg.contains("12.8 × 61 pt of chip.unread answers to filters"))
    }

    @Test("nothing is drawn where no failing control is covered")
    func nothingCovered() throws {
        #expect(OverlapDrawing(snapshot: try Self.snapshot("clipped"), failing: ["chip.unread"]).svg.isEmpty)
        #expect(OverlapDrawing(snapshot: try Self.snapshot("unclipped"), failing: ["filters"]).svg.isEmpty)
    }
}
