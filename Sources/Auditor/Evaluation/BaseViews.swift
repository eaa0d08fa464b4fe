/// Elements as every group sees them together without geometry: one view through the
/// union of the groups' projections less the attributes layout sets, numbered once per
/// distinct element.
///
/// An element's frame changes with almost every state while the rest of it rarely does, so
/// most distinct elements differ only in geometry. A group narrows the base view instead of
/// viewing each distinct element itself (`RuleGroup.project`), once per distinct base view;
/// a group that reads geometry then places the narrowed view at the element's frame.
struct BaseViews {
    let projection: Projection
    private(set) var views: [ElementView] = []
    private var numbers = ContentIndex()
    /// Each child number's base number, -1 until first needed.
    private var ofChild: [Int] = []

    init(projection: Projection) { self.projection = projection }

    var count: Int { views.count }

    /// The base number of the element a child number stands for.
    mutating func number(of child: Int, in table: ChildTable) -> Int {
        if child >= ofChild.count { ofChild += repeatElement(-1, count: child - ofChild.count + 1) }
        if ofChild[child] >= 0 { return ofChild[child] }
        guard case .element(let element, let order) = table.children[child] else {
            preconditionFailure("base views are of elements")
        }
        let view = ElementView(element, order: order, keeping: projection)
        let hash = view.hashValue
        let number = numbers.number(hash: hash, where: { views[$0] == view }) ?? {
            numbers.file(views.count, hash: hash)
            views.append(view)
            return views.count - 1
        }()
        ofChild[child] = number
        return number
    }

    /// Drops what refers to the table's numbers, when the table starts afresh.
    mutating func forgetChildren() { ofChild.removeAll(keepingCapacity: true) }

    mutating func removeAll() {
        numbers.removeAll()
        views.removeAll(keepingCapacity: true)
        ofChild.removeAll(keepingCapacity: true)
    }
}
