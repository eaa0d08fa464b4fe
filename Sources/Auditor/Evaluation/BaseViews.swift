import AccessibilityModel

/// Elements as every group sees them together without geometry: one view through the
/// union of the groups' projections less the attributes layout sets, numbered once per
/// distinct element.
///
/// An element's frame changes with almost every state while the rest of it rarely does, so
/// most distinct elements differ only in geometry. A group narrows the base view instead of
/// viewing each distinct element itself (`RuleGroup.project`), once per distinct base view;
/// a group that reads geometry then places the narrowed view at the element's frame.
///
/// An element that differs from one met before only in where it is placed (its frame, hit
/// region and inks' frames) has that one's base view, since the base projection keeps none
/// of those: it is found by comparing the two elements (``Moved``), without building its
/// view, hashing and comparing that.
struct BaseViews {
    let projection: Projection
    private(set) var views: [ElementView] = []
    private var numbers = ContentIndex()
    /// Each child number's base number, -1 until first needed.
    private var ofChild: [Int] = []
    /// Elements met before, each with its order and base number, found by ``Moved/hash(_:order:)``.
    private var met: [(element: AccessibilityElement, order: Int, number: Int)] = []
    private var metIndex = ContentIndex()

    init(projection: Projection) { self.projection = projection }

    var count: Int { views.count }

    /// The base number of the element a child number stands for.
    mutating func number(of child: Int, in table: ChildTable) -> Int {
        ofChild.extendUnknown(through: child)
        if ofChild[child] >= 0 { return ofChild[child] }
        guard case .element(let element, let order) = table.children[child] else {
            preconditionFailure("base views are of elements")
        }
        let movedHash = Moved.hash(element, order: order)
        if let known = metIndex.number(hash: movedHash, where: {
            met[$0].order == order && Moved.alike(met[$0].element, element)
        }) {
            ofChild[child] = met[known].number
            return met[known].number
        }
        let view = ElementView(element, order: order, keeping: projection)
        let hash = view.hashValue
        let number = numbers.number(hash: hash, where: { views[$0] == view }) ?? {
            numbers.file(views.count, hash: hash)
            views.append(view)
            return views.count - 1
        }()
        if met.count >= StateEvaluator.capacity {
            met.removeAll(keepingCapacity: true)
            metIndex.removeAll()
        }
        metIndex.file(met.count, hash: movedHash)
        met.append((element, order, number))
        ofChild[child] = number
        return number
    }

    /// Drops what refers to the table's numbers, when the table starts afresh.
    mutating func forgetChildren() { ofChild.removeAll(keepingCapacity: true) }

    mutating func removeAll() {
        numbers.removeAll()
        views.removeAll(keepingCapacity: true)
        ofChild.removeAll(keepingCapacity: true)
        met.removeAll(keepingCapacity: true)
        metIndex.removeAll()
    }

    /// Elements compared apart from where they are placed.
    enum Moved {
        /// A mix of all but an element's geometry, its id by its bytes: what ``alike(_:_:)``
        /// compares, confirmed by it where two mixes meet.
        static func hash(_ element: AccessibilityElement, order: Int) -> Int {
            var mix = HashMix()
            mix.add(bytesOf: element.id)
            mix.add(contentOf: element, order: order)
            return mix.number
        }

        /// Whether two elements are equal in every field but their frames, hit regions,
        /// hit-region uncertainties and their inks' frames: the fields no base view keeps.
        /// Compared field by field where the two lie: a copy of one, to compare it whole,
        /// retained each of its strings and lists. `ProjectionTests` checks that every other
        /// field of an element is compared here, and fails when one is added.
        static func alike(_ first: AccessibilityElement, _ second: AccessibilityElement) -> Bool {
            guard first.id == second.id, first.label == second.label, first.value == second.value,
                  first.hint == second.hint, first.traits == second.traits, first.isHidden == second.isHidden,
                  first.isDecorative == second.isDecorative, first.isInteractive == second.isInteractive,
                  first.customActions == second.customActions, first.seriesPosition == second.seriesPosition,
                  first.group == second.group, first.container == second.container, Fact.equal(first.facts, second.facts),
                  first.expansion == second.expansion, first.isEditing == second.isEditing,
                  first.sortPriority == second.sortPriority else { return false }
            return Ink.equal(first.inks, second.inks, framesToo: false)
        }
    }
}
