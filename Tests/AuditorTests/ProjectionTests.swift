@testable import AccessibilityModel
@testable import Auditor
import BlockModels
import Testing
import XMLSupport

/// What a group of rules sees of a state comes from its expressions, and seeing less never
/// changes what it finds.
@Suite("Projections: a group of rules sees only what it reads")
struct ProjectionTests {
    @Test("a rule reads the attributes it names, those its functions read, and those that name a finding's subject")
    func attributes() throws {
        let targets = try #require(try RuleFootprintTests.footprint("target-size").attributes)
        #expect(targets.isSuperset(of: ["hit-width", "hit-height", "hit-uncertainty", "interactive", "traits", "id"]))
        #expect(!targets.contains("label") && !targets.contains("x"))
        #expect(try RuleFootprintTests.footprint("target-size").names?.contains("fact") == false)
    }

    @Test("facts named literally are the only facts read", arguments: [
        ("top-tabs.indicator", ["tab-index", "pager-offset", "tab-count"]),
        ("scope-header.title", ["font", "weight", "color"]),
    ])
    func factNames(id: String, facts: [String]) throws {
        #expect(try RuleFootprintTests.footprint(id).factNames == Set(facts))
    }

    @Test("a read the analysis cannot name widens what the rule sees", arguments: [
        ("@*", "attributes"), ("attribute::*", "attributes"), ("ax:unknown-function()", "attributes"),
        ("fact[1]/@value = 'x'", "facts"), ("fact/@value = 'x'", "facts"), ("ax:fact(@id) = 'x'", "facts"),
        ("count(*) = 1", "nested elements"), ("count(node()) = 1", "nested elements"),
    ])
    func widened(test: String, widened: String) {
        let footprint = RuleFootprintTests.probe("element", test)
        switch widened {
        case "attributes": #expect(footprint.attributes == nil)
        case "facts": #expect(footprint.factNames == nil)
        default: #expect(footprint.names == nil && footprint.factNames == nil)
        }
    }

    /// Elements of a few states of every block, with their places in the focus order.
    static func elements() -> [(AccessibilityElement, Int)] {
        BuiltInBlocks.all.flatMap { block in
            let states = block.stateSpace.states(matching: StateFilter())
            return stride(from: 0, to: states.count, by: max(1, states.count / 40)).flatMap { position in
                StateDocument.children(of: block.snapshot(of: states[position])).compactMap { child in
                    if case .element(let element, let order) = child { (element, order) } else { nil }
                }
            }
        }
    }

    static let projections: [Projection] = {
        let spec = try! Checkout.bundledSpec()
        return spec.rules.map { Projection(RuleFootprint(rule: $0)) }
    }()

    /// The evaluator reads a child to ask a projection about it only where its kind does
    /// not already answer.
    @Test("every child of a kind every projection keeps is kept by each projection, whatever it is")
    func keptByKind() {
        let children = BuiltInBlocks.all.flatMap { block in
            let states = block.stateSpace.states(matching: StateFilter())
            return stride(from: 0, to: states.count, by: max(1, states.count / 20)).flatMap { position in
                StateDocument.children(of: block.snapshot(of: states[position]))
            }
        }
        #expect(Set(children.map(\.kind)) == Set(StateDocument.Child.Kind.allCases))
        #expect(!Projection.keepsEvery(.fact))
        for child in children where Projection.keepsEvery(child.kind) {
            #expect(Self.projections.allSatisfy { $0.keeps(child) }, "\(child.kind)")
        }
    }

    @Test("an element written through a projection is the whole element with only the kept attributes, nested elements and facts")
    func writtenThroughProjection() {
        for (element, order) in Self.elements() {
            let whole = StateDocument.element(for: element, order: order)
            for projection in Self.projections {
                var expected = whole
                expected.attributes = whole.attributes.filter { attribute in
                    StateDocument.Attribute.named[attribute.name].map(projection.keeps) ?? false
                }
                expected.children = whole.children.compactMap { child in
                    guard let nested = StateDocument.Nested.named[child.name], projection.keeps(nested) else { return nil }
                    if child.name == "fact", let name = child.attributes.first(where: { $0.name == "name" })?.value,
                       !projection.keepsFact(named: name) { return nil }
                    var kept = child
                    kept.attributes = child.attributes.filter { StateDocument.Attribute.named[$0.name].map(projection.keeps) ?? false }
                    return kept
                }
                #expect(StateDocument.element(for: element, order: order, keeping: projection) == expected, "\(element.id)")
            }
        }
    }

    @Test("narrowing the shared geometry-free view, and placing it for a group that reads geometry, gives the view a group would take itself")
    func narrowing() {
        let groups = Self.projections.filter(\.viewsThroughBase)
        #expect(groups.contains(where: \.readsGeometry) && groups.contains { !$0.readsGeometry })
        let base = groups.map(\.withoutGeometry).reduce(Projection(attributes: 0, nested: 0, facts: [])) { $0.union($1) }
        for (element, order) in Self.elements() {
            let shared = ElementView(element, order: order, keeping: base)
            for projection in groups {
                let own = ElementView(element, order: order, keeping: projection)
                let narrowed = withUnsafePointer(to: shared) { ElementView(narrowing: $0, to: projection) }
                if projection.readsGeometry {
                    let placement = ElementPlacement(element, keeping: projection)
                    var placed = narrowed
                    placed.placement = placement
                    #expect(placed == own, "\(element.id)")
                    let written = withUnsafePointer(to: narrowed) { ElementView.element(of: $0, placedAt: placement) }
                    #expect(written == own.element, "\(element.id)")
                } else {
                    #expect(narrowed == own, "\(element.id)")
                }
            }
        }
    }

    @Test("an element that only moved is found alike, with the base view of the one met before; one that changed otherwise is not")
    func movedElements() {
        let base = Self.projections.filter(\.viewsThroughBase).map(\.withoutGeometry)
            .reduce(Projection(attributes: 0, nested: 0, facts: [])) { $0.union($1) }
        func moved(_ element: AccessibilityElement) -> AccessibilityElement {
            var moved = element
            moved.frame = Rect(x: element.frame.x + 7.5, y: element.frame.y - 3, width: element.frame.width + 2,
                               height: element.frame.height)
            moved.hitRegion = Rect(x: -1, y: -2, width: 50, height: 48)
            moved.hitRegionUncertainty = 3
            for index in moved.inks.indices { moved.inks[index].frame.x += 7.5 }
            return moved
        }
        let elements = Self.elements()
        #expect(elements.contains { !$0.0.inks.isEmpty })
        for (element, order) in elements {
            let other = moved(element)
            #expect(BaseViews.Moved.alike(element, other), "\(element.id)")
            #expect(BaseViews.Moved.hash(element, order: order) == BaseViews.Moved.hash(other, order: order), "\(element.id)")
            #expect(ElementView(element, order: order, keeping: base) == ElementView(other, order: order, keeping: base))
            var relabelled = other
            relabelled.label += "."
            #expect(!BaseViews.Moved.alike(element, relabelled), "\(element.id)")
            if !element.inks.isEmpty {
                var recoloured = other
                recoloured.inks[0].foreground = SRGBColor(red: 0.5, green: 0.25, blue: 0, alpha: 1)
                #expect(!BaseViews.Moved.alike(element, recoloured), "\(element.id)")
            }
        }
        // Alike elements always share a base view, whichever pair of the sampled ones.
        for sameID in Dictionary(grouping: elements, by: \.0.id).values {
            for (first, order) in sameID {
                for (second, _) in sameID where BaseViews.Moved.alike(first, second) {
                    #expect(ElementView(first, order: order, keeping: base) == ElementView(second, order: order, keeping: base))
                }
            }
        }
    }

    /// Every field of an element but where it is placed, each changed on its own.
    static let unplacedChanges: [(field: String, change: @Sendable (inout AccessibilityElement) -> Void)] = [
        ("id", { $0.id += "." }), ("label", { $0.label += "." }), ("value", { $0.value += "." }),
        ("hint", { $0.hint += "." }), ("traits", { $0.traits.formSymmetricDifference(.header) }),
        ("isHidden", { $0.isHidden.toggle() }), ("isDecorative", { $0.isDecorative.toggle() }),
        ("isInteractive", { $0.isInteractive.toggle() }), ("customActions", { $0.customActions.append("Delete") }),
        ("seriesPosition", { $0.seriesPosition = $0.seriesPosition == nil ? SeriesPosition(index: 1, count: 2) : nil }),
        ("group", { $0.group = ($0.group ?? "") + "." }), ("container", { $0.container = ($0.container ?? "") + "." }),
        ("facts", { $0.facts.append(Fact("extra", "1")) }),
        ("expansion", { $0.expansion = $0.expansion == .expanded ? .collapsed : .expanded }),
        ("isEditing", { $0.isEditing.toggle() }), ("sortPriority", { $0.sortPriority += 1 }),
        ("inks", { $0.inks.append(Ink(kind: .mark, text: "", frame: Rect(x: 0, y: 0, width: 1, height: 1),
                                      token: "separator", foreground: nil, background: nil)) }),
    ]
    static let placementFields: Set<String> = ["frame", "hitRegion", "hitRegionUncertainty"]
    /// ``elements()`` made once for the tests that change them field by field.
    static let sampledElements = elements()

    @Test("an element changed in any field but where it is placed is not alike",
          arguments: unplacedChanges.map(\.field))
    func changedElements(field: String) throws {
        let change = try #require(Self.unplacedChanges.first { $0.field == field }).change
        for (element, _) in Self.sampledElements {
            var changed = element
            change(&changed)
            #expect(!BaseViews.Moved.alike(element, changed), "\(element.id), \(field)")
        }
    }

    @Test("the fields compared and the placement's are every field an element has")
    func everyFieldCompared() throws {
        let element = try #require(Self.sampledElements.first).0
        let fields = Set(Mirror(reflecting: element).children.compactMap(\.label))
        #expect(fields == Set(Self.unplacedChanges.map(\.field)).union(Self.placementFields),
                "a field added to AccessibilityElement is compared by BaseViews.Moved.alike and listed here")
    }

    @Test("placed views are numbered as the views themselves: equal when they are, and written alike")
    func placedNumbers() {
        let projection = Projection(attributes: ~0, nested: 0, facts: [])
        func element(x: Double, label: String = "Saved", hit: Bool = true) -> AccessibilityElement {
            AccessibilityElement(id: "tab.saved", label: label, traits: .button, isInteractive: true,
                                 frame: Rect(x: x, y: 0, width: 80, height: 44),
                                 hitRegion: hit ? Rect(x: x, y: -2, width: 80, height: 48) : nil)
        }
        let elements = [element(x: 16), element(x: 96), element(x: -0.0), element(x: 0), element(x: 16, hit: false),
                        element(x: 16, label: "Shown"), element(x: 16)]
        var table = ProjectionTable()
        let numbers = elements.map { element in
            let rest = table.place(of: ElementView(element, order: 1, keeping: projection.withoutGeometry))
            return table.number(placing: ElementPlacement(element, keeping: projection), on: rest)
        }
        let views = elements.map { ElementView($0, order: 1, keeping: projection) }
        for first in views.indices {
            for second in views.indices {
                #expect((numbers[first] == numbers[second]) == (views[first] == views[second]), "\(first), \(second)")
            }
            #expect(table.element(numbers[first]) == views[first].element)
        }
        #expect(Set(numbers).count == 5)
    }

    @Test("memoising changes no rule's outcome for a TopTabs with a deliberate fault", arguments: TopTabs.Fault.allCases)
    func memoisedFault(fault: TopTabs.Fault) throws {
        let spec = try Checkout.bundledSpec()
        let request = try request(TopTabs(faults: [fault]), ["tabs=few", "width=393", "direction=ltr"])
        func outcome(memoizes: Bool) throws -> BlockOutcome {
            try #require(try AuditEngine(spec: spec, jobs: 2, memoizes: memoizes).audit([request]).blocks.first)
        }
        /// Everything a rule's outcome records: counts, failing values and samples.
        func summary(_ block: BlockOutcome) -> [String] {
            block.rules.map { rule in
                "\(rule.rule.id) \(rule.subjects) \(rule.failingStates) \(rule.failingSubjects) \(rule.failingValues) \(rule.samples)"
            }
        }
        let memoised = try outcome(memoizes: true)
        #expect(summary(memoised) == summary(try outcome(memoizes: false)))
        #expect(memoised.rules.contains { $0.failingStates > 0 }, "the fault fails something")
    }
}
