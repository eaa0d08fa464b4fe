import AccessibilityModel
@testable import Auditor
import BlockModels
import Testing

/// A group that misses reads a state's children by place: each must be the child the
/// state's document has there, however much of the state was numbered, and reading the
/// kinds that were numbered, and the facts, must write nothing out.
@Suite("State children: a missed group reads the document's own children")
struct StateChildrenTests {
    /// Which kinds are numbered, as a group that sees them would have them numbered.
    static let numberedKinds: [[StateDocument.Child.Kind]] = [
        [.environment, .param, .element],
        [.environment, .param, .transition, .scroll],
        [.environment, .param, .fact, .element, .scroll, .transition],
    ]

    @Test("each place holds the written child; only an unnumbered element, scroll or transition writes them out",
          arguments: ["ScopeHeader", "TopTabs", "ScrollingTabStrip"], numberedKinds)
    func placesHoldWrittenChildren(_ blockName: String, _ numbered: [StateDocument.Child.Kind]) throws {
        let block = try #require(BuiltInBlocks.all.first { $0.name == blockName })
        let selection = try request(block, ["size=AX2", "direction=rtl", "appearance=dark"]).selection
        var table = ChildTable()
        for position in stride(from: 0, to: selection.count, by: max(1, selection.count / 12)) {
            let snapshot = block.snapshot(of: selection[position])
            let written = StateDocument.children(of: snapshot)
            let numbers = written.map { numbered.contains($0.kind) ? table.number(for: $0) : -1 }
            let children = StateChildren(of: snapshot, numbers: numbers, kinds: written.map(\.kind), table: table.children)
            for place in written.indices where numbers[place] >= 0 || written[place].kind == .fact {
                #expect(children[place] == written[place], "\(snapshot.state.id), place \(place)")
            }
            #expect(!children.isWrittenOut, "reading numbered children and facts wrote the state out")
            for place in written.indices { #expect(children[place] == written[place], "\(snapshot.state.id), place \(place)") }
            let unnumbered = written.indices.contains { numbers[$0] < 0 && written[$0].kind != .fact }
            #expect(children.isWrittenOut == unnumbered)
        }
    }

    /// A group projects a child it meets first by asking the table, which reads the child's
    /// element where it keeps it rather than copying the child out.
    @Test("the table tells an element and its placement as the child itself does",
          arguments: ["ScopeHeader", "TopTabs", "ScrollingTabStrip"])
    func elementsReadInPlace(_ blockName: String) throws {
        let block = try #require(BuiltInBlocks.all.first { $0.name == blockName })
        let selection = try request(block, ["direction=rtl"]).selection
        var table = ChildTable()
        for position in stride(from: 0, to: selection.count, by: max(1, selection.count / 12)) {
            for child in StateDocument.children(of: block.snapshot(of: selection[position])) { _ = table.number(for: child) }
        }
        #expect(table.children.contains { $0.kind == .element } && table.children.contains { $0.kind != .element })
        for (number, child) in table.children.enumerated() {
            #expect(table.isElement(number) == (child.kind == .element))
            for projection in ProjectionTests.projections {
                #expect(table.placement(of: number, keeping: projection) == child.placement(keeping: projection))
            }
        }
    }

    /// A group's document holds a child when it sees the child's kind, and a parameter it
    /// reads or a child its projection keeps; the evaluator asks without reading most children.
    @Test("a child is seen as reading it would tell", arguments: ["ScopeHeader", "TopTabs", "ScrollingTabStrip"])
    func seenAsReadingTells(_ blockName: String) throws {
        let block = try #require(BuiltInBlocks.all.first { $0.name == blockName })
        let selection = try request(block, ["direction=rtl"]).selection
        let parameterSets: [Set<String>?] = [nil, [], ["size", "selection"]]
        var table = ChildTable()
        for position in stride(from: 0, to: selection.count, by: max(1, selection.count / 6)) {
            let snapshot = block.snapshot(of: selection[position])
            let written = StateDocument.children(of: snapshot)
            let children = StateChildren(of: snapshot, numbers: written.map { table.number(for: $0) },
                                         kinds: written.map(\.kind), table: table.children)
            for kinds: UInt8 in [0, 0b111111, StateDocument.Child.Kind.fact.bit | StateDocument.Child.Kind.element.bit] {
                for parameters in parameterSets {
                    for projection in ProjectionTests.projections {
                        for (place, child) in written.enumerated() {
                            let expected: Bool
                            if case .param(let name, _) = child {
                                expected = parameters?.contains(name) ?? true
                            } else {
                                expected = kinds & child.kind.bit != 0 && projection.keeps(child)
                            }
                            #expect(children.isSeen(at: place, kinds: kinds, parameters: parameters, projection: projection)
                                    == expected, "\(snapshot.state.id), place \(place)")
                        }
                    }
                }
            }
        }
    }
}
