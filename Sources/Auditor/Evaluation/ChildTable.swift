/// Numbers the distinct children of the states one worker sees, by the model values they
/// are written from.
///
/// Equal model values write equal XML (`StateDocument.Child.element(keeping:)` is a
/// function of the value), so equal numbers mean equal children; two values that happen
/// to write the same XML get different numbers, which costs a memo hit, never a finding.
/// No XML is written here: a group writes a child only as its projection shows it.
struct ChildTable {
    private var numbers: [StateDocument.Child: Int] = [:]
    /// Each number's child.
    private(set) var children: [StateDocument.Child] = []

    var count: Int { children.count }

    mutating func number(for child: StateDocument.Child) -> Int {
        if let known = numbers[child] { return known }
        numbers[child] = children.count
        children.append(child)
        return children.count - 1
    }

    mutating func removeAll() {
        numbers.removeAll(keepingCapacity: true)
        children.removeAll(keepingCapacity: true)
    }
}
