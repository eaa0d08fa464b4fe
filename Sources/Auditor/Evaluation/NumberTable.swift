/// Numbers worked out for numbers handed out in order (a group's projected number for each
/// child number and each base view, a base number for each child, a projection's place
/// among the XML its table has written), -1 until worked out.
///
/// Held as 32-bit values: a worker keeps three such tables for every group, each as long as
/// its child table, its base views or the group's projections, and at 64 bits the first two
/// alone were some 3 MB of its memory at the audit's peak. Every number here is bounded by a table's capacity
/// (``StateEvaluator/capacity``); one that did not fit would stop the audit, not wrap.
struct NumberTable {
    private var values: [Int32] = []

    var count: Int { values.count }

    subscript(number: Int) -> Int {
        get { Int(values[number]) }
        set { values[number] = Int32(newValue) }
    }

    /// The number worked out for `number`; nil when it has not been.
    func known(_ number: Int) -> Int? {
        number < values.count && values[number] >= 0 ? Int(values[number]) : nil
    }

    /// Extends the table with -1 ("not worked out yet") until it holds `number`. Numbers are
    /// handed out in order, so the table mostly grows by one, which `append` does in a few
    /// instructions where appending a repeated sequence takes a hundred.
    mutating func extendUnknown(through number: Int) {
        while values.count <= number { values.append(-1) }
    }

    /// Forgets every number, keeping the room they took.
    mutating func removeAll() { values.removeAll(keepingCapacity: true) }
}
