import AccessibilityModel

/// Numbers the distinct children of the states one worker sees, by the model values they
/// are written from.
///
/// Equal model values write equal XML (`StateDocument.Child.element(keeping:)` is a
/// function of the value), so equal numbers mean equal children; two values that happen
/// to write the same XML get different numbers, which costs a memo hit, never a finding.
/// No XML is written here: a group writes a child only as its projection shows it.
struct ChildTable {
    /// Each child's number by content, the child kept once (in `children`).
    private var numbers = ContentIndex()
    /// Each number's child.
    private(set) var children: [StateDocument.Child] = []
    /// The element children's elements and orders again, unboxed, and each number's place
    /// among them (-1 for a child of another kind): an element is found by comparing it
    /// with these where they lie. Read out of its child's box, each was copied, its strings
    /// and lists retained and released, though most are found.
    private var elements: [AccessibilityElement] = []
    private var orders: [Int] = []
    private var elementPlaces: [Int] = []

    var count: Int { children.count }

    mutating func number(for child: StateDocument.Child) -> Int {
        if case .element(let element, let order) = child { return number(ofElement: element, order: order) }
        let hash = child.tableHash
        if let known = numbers.number(hash: hash, where: { children[$0] == child }) { return known }
        numbers.file(children.count, hash: hash)
        elementPlaces.append(-1)
        children.append(child)
        return children.count - 1
    }

    /// The number of `.element(element.pointee, order: order)`, the child made only when it
    /// is new: a child boxes a copy of its element, which every element numbered would
    /// otherwise make and drop, though most are found. `element` is read before the table
    /// changes, so it may point anywhere, into the table's own list included.
    mutating func number(ofElement element: UnsafePointer<AccessibilityElement>, order: Int) -> Int {
        let hash = StateDocument.Child.mixed(element: element, order: order)
        let found = elements.withUnsafeBufferPointer { elements in
            numbers.number(hash: hash, where: { number in
                let place = elementPlaces[number]
                return place >= 0 && orders[place] == order && AccessibilityElement.equal(elements.baseAddress! + place, element)
            })
        }
        if let found { return found }
        let new = element.pointee
        numbers.file(children.count, hash: hash)
        elementPlaces.append(elements.count)
        elements.append(new)
        orders.append(order)
        children.append(.element(new, order: order))
        return children.count - 1
    }

    /// The number of `.element(element, order: order)`.
    mutating func number(ofElement element: AccessibilityElement, order: Int) -> Int {
        withUnsafePointer(to: element) { number(ofElement: $0, order: order) }
    }

    /// Whether child `number` is an element, known without reading the child.
    func isElement(_ number: Int) -> Bool { elementPlaces[number] >= 0 }

    /// The placement of child `number`'s element as `projection` keeps it, read where the
    /// table keeps the element; nil for a child of another kind.
    func placement(of number: Int, keeping projection: Projection) -> ElementPlacement? {
        let place = elementPlaces[number]
        guard place >= 0 else { return nil }
        return elements.withUnsafeBufferPointer { elements in
            ElementPlacement(frame: elements[place].frame, hitRegion: elements[place].hitRegion,
                             hitRegionUncertainty: elements[place].hitRegionUncertainty, keeping: projection)
        }
    }

    /// `body` of the element and order of child `number`, read where the table keeps them;
    /// nil for a child of another kind. The pointer is good only while `body` runs, during
    /// which the table cannot change (it is read, and Swift allows no write beside a read).
    func withElement<Result>(_ number: Int, _ body: (UnsafePointer<AccessibilityElement>, Int) -> Result) -> Result? {
        let place = elementPlaces[number]
        guard place >= 0 else { return nil }
        return elements.withUnsafeBufferPointer { body($0.baseAddress! + place, orders[place]) }
    }

    mutating func removeAll() {
        numbers.removeAll()
        children.removeAll(keepingCapacity: true)
        elements.removeAll(keepingCapacity: true)
        orders.removeAll(keepingCapacity: true)
        elementPlaces.removeAll(keepingCapacity: true)
    }
}
