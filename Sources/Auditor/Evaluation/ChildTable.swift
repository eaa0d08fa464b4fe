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

    var count: Int { children.count }

    mutating func number(for child: StateDocument.Child) -> Int {
        let hash = child.tableHash
        if let known = numbers.number(hash: hash, where: { children[$0] == child }) { return known }
        numbers.file(children.count, hash: hash)
        children.append(child)
        return children.count - 1
    }

    /// The number of `.element(element, order: order)`, the child made only when it is new:
    /// a child boxes a copy of its element, which every element numbered would otherwise
    /// make and drop, though most are found.
    mutating func number(ofElement element: AccessibilityElement, order: Int) -> Int {
        let hash = StateDocument.Child.mixed(element: element, order: order)
        if let known = numbers.number(hash: hash, where: { children[$0].isElement(element, order: order) }) { return known }
        numbers.file(children.count, hash: hash)
        children.append(.element(element, order: order))
        return children.count - 1
    }

    mutating func removeAll() {
        numbers.removeAll()
        children.removeAll(keepingCapacity: true)
    }
}
