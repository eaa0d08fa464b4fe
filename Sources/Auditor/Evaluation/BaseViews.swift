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
    private var ofChild = NumberTable()
    /// Elements met before, each with its order and base number, found by
    /// ``Moved/hash(_:order:)``, and compared where they lie.
    private var metElements: [AccessibilityElement] = []
    private var metOrders: [Int] = []
    private var metNumbers: [Int] = []
    private var metIndex = ContentIndex()

    init(projection: Projection) { self.projection = projection }

    var count: Int { views.count }

    /// The base number of the element a child number stands for. The element is read
    /// where the table keeps it: bound out of its child, it was copied, its strings and
    /// lists retained and released, though most are found among those met.
    mutating func number(of child: Int, in table: ChildTable) -> Int {
        if let known = ofChild.known(child) { return known }
        ofChild.extendUnknown(through: child)
        guard let number = table.withElement(child, { element, order in number(of: element, order: order) }) else {
            preconditionFailure("base views are of elements")
        }
        ofChild[child] = number
        return number
    }

    private mutating func number(of element: UnsafePointer<AccessibilityElement>, order: Int) -> Int {
        let movedHash = Moved.hash(element, order: order)
        let known = metElements.withUnsafeBufferPointer { met in
            metIndex.number(hash: movedHash, where: { metOrders[$0] == order && Moved.alike(met.baseAddress! + $0, element) })
        }
        if let known { return metNumbers[known] }
        let view = ElementView(element.pointee, order: order, keeping: projection)
        let hash = view.hashValue
        let number = numbers.number(hash: hash, where: { views[$0] == view }) ?? {
            numbers.file(views.count, hash: hash)
            views.append(view)
            return views.count - 1
        }()
        if metElements.count >= StateEvaluator.capacity { forgetMet() }
        metIndex.file(metElements.count, hash: movedHash)
        metElements.append(element.pointee)
        metOrders.append(order)
        metNumbers.append(number)
        return number
    }

    private mutating func forgetMet() {
        metElements.removeAll(keepingCapacity: true)
        metOrders.removeAll(keepingCapacity: true)
        metNumbers.removeAll(keepingCapacity: true)
        metIndex.removeAll()
    }

    /// Drops what refers to the table's numbers, when the table starts afresh.
    mutating func forgetChildren() { ofChild.removeAll() }

    mutating func removeAll() {
        numbers.removeAll()
        views.removeAll(keepingCapacity: true)
        ofChild.removeAll()
        forgetMet()
    }

    /// Elements compared apart from where they are placed.
    enum Moved {
        /// A mix of all but an element's geometry, its id by its bytes: what ``alike(_:_:)``
        /// compares, confirmed by it where two mixes meet.
        static func hash(_ element: AccessibilityElement, order: Int) -> Int {
            withUnsafePointer(to: element) { hash($0, order: order) }
        }

        /// The same for the element at `element`, read where it lies.
        static func hash(_ element: UnsafePointer<AccessibilityElement>, order: Int) -> Int {
            var mix = HashMix()
            mix.add(bytesOf: element.pointee.id)
            mix.add(contentOf: element, order: order)
            return mix.number
        }

        /// Whether two elements are equal in every field but their frames, hit regions,
        /// hit-region uncertainties and their inks' frames: the fields no base view keeps.
        /// Compared field by field where the two lie: a copy of one, to compare it whole,
        /// retained each of its strings and lists. `ProjectionTests` checks that every other
        /// field of an element is compared here, and fails when one is added.
        static func alike(_ first: AccessibilityElement, _ second: AccessibilityElement) -> Bool {
            withUnsafePointer(to: first) { first in withUnsafePointer(to: second) { second in alike(first, second) } }
        }

        /// The same for the elements at `first` and `second`.
        static func alike(_ first: UnsafePointer<AccessibilityElement>, _ second: UnsafePointer<AccessibilityElement>) -> Bool {
            let (a, b) = (first, second)
            guard a.pointee.id == b.pointee.id, a.pointee.label == b.pointee.label, a.pointee.value == b.pointee.value,
                  a.pointee.hint == b.pointee.hint, a.pointee.traits == b.pointee.traits,
                  a.pointee.isHidden == b.pointee.isHidden, a.pointee.isDecorative == b.pointee.isDecorative,
                  a.pointee.isInteractive == b.pointee.isInteractive, a.pointee.customActions == b.pointee.customActions,
                  a.pointee.seriesPosition == b.pointee.seriesPosition, a.pointee.group == b.pointee.group,
                  a.pointee.container == b.pointee.container, Fact.equal(a.pointee.facts, b.pointee.facts),
                  a.pointee.expansion == b.pointee.expansion, a.pointee.isEditing == b.pointee.isEditing,
                  a.pointee.sortPriority == b.pointee.sortPriority else { return false }
            return Ink.equal(a.pointee.inks, b.pointee.inks, framesToo: false)
        }
    }
}
