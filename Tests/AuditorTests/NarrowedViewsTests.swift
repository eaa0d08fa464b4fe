@testable import AccessibilityModel
@testable import Auditor
import Testing
import XMLSupport

/// The groups that no longer remember their views write each element from its base view,
/// narrowed once to their projection, at the element's own placement.
@Suite("Narrowed views: an element written from its base view")
struct NarrowedViewsTests {
    @Test("an element written from its narrowed base view is the element its projection writes whole, also after the narrowings are forgotten")
    func writtenAlike() {
        let throughBase = ProjectionTests.projections.filter(\.viewsThroughBase)
        let base = throughBase.map(\.withoutGeometry).reduce(Projection(attributes: 0, nested: 0, facts: [])) { $0.union($1) }
        // One projection that reads geometry and one that does not, each the union of several rules'.
        let projections = [
            throughBase.filter(\.readsGeometry).reduce(Projection(attributes: 0, nested: 0, facts: [])) { $0.union($1) },
            throughBase.filter { !$0.readsGeometry }.reduce(Projection(attributes: 0, nested: 0, facts: [])) { $0.union($1) },
        ]
        #expect(projections.allSatisfy(\.viewsThroughBase) && projections[0].readsGeometry && !projections[1].readsGeometry)
        let elements = ProjectionTests.elements()
        var table = ChildTable()
        var views = BaseViews(projection: base)
        for projection in projections {
            var narrowed = NarrowedViews()
            for round in 0..<2 {
                // The second round meets the elements the other way round, so that the base
                // views, started afresh, number them otherwise.
                for (element, order) in round == 0 ? elements : elements.reversed() {
                    let child = StateDocument.Child.element(element, order: order)
                    let baseNumber = views.number(of: table.number(for: child), in: table)
                    let written = narrowed.element(baseNumber: baseNumber, of: views, keeping: projection,
                                                   placedAt: projection.readsGeometry ? child.placement(keeping: projection) : nil)
                    #expect(written == child.element(keeping: projection), "\(element.id), round \(round)")
                }
                narrowed.removeAll()
                views.removeAll()
            }
        }
    }
}
