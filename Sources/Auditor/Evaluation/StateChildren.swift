import AccessibilityModel

/// A state's children by place, as the evaluation of what a group missed reads them: a
/// numbered child from the table, where it is already (its number means it is equal to the
/// one the snapshot writes), a fact from the snapshot, and the rest written out once, when
/// one of them is first read.
///
/// A group that misses reads only the children of the kinds it sees, which the state was
/// numbered for, and the environment, parameters and facts around them. Writing every
/// child out for it, as the document of the whole state has them, wrote each transition's
/// change as text for groups that read no transition: a right-to-left twin, whose groups
/// see only elements, paid some 26,000 instructions for that.
final class StateChildren {
    private let snapshot: Snapshot
    private let numbers: [Int]
    private let kinds: [StateDocument.Child.Kind]
    private let table: [StateDocument.Child]
    /// Where the snapshot's facts begin: after the environment and the parameters.
    private let firstFact: Int
    private var written: [StateDocument.Child]?

    init(of snapshot: Snapshot, numbers: [Int], kinds: [StateDocument.Child.Kind], table: [StateDocument.Child]) {
        self.snapshot = snapshot
        self.numbers = numbers
        self.kinds = kinds
        self.table = table
        firstFact = 1 + snapshot.state.valueIndices.count
    }

    var count: Int { numbers.count }

    /// Whether a child was read that had to be written out with all the others.
    var isWrittenOut: Bool { written != nil }

    /// The kind of child at `position`, known without reading the child.
    func kind(at position: Int) -> StateDocument.Child.Kind { kinds[position] }

    /// Whether a document of the children of `kinds`, through `projection`, beside the
    /// `parameters` it reads (nil: every one), holds the child at `position`. A child of a
    /// kind it does not see is not read at all, and one of the others only where its kind
    /// does not tell (a parameter by name, a fact by the projection's names): reading one
    /// copies it. Inlined: asked of every child of every state a group misses.
    @inline(__always)
    func isSeen(at position: Int, kinds: UInt8, parameters: Set<String>?, projection: Projection) -> Bool {
        let kind = self.kinds[position]
        guard kind == .param || kinds & kind.bit != 0 else { return false }
        guard kind == .param || !Projection.keepsEvery(kind) else { return true }
        let child = self[position]
        if case .param(let name, _) = child { return parameters?.contains(name) ?? true }
        return projection.keeps(child)
    }

    subscript(position: Int) -> StateDocument.Child {
        if numbers[position] >= 0 { return table[numbers[position]] }
        if kinds[position] == .fact { return .fact(snapshot.facts[position - firstFact]) }
        if let written { return written[position] }
        let all = StateDocument.children(of: snapshot) { numbers[$0] >= 0 ? table[numbers[$0]] : nil }
        written = all
        return all[position]
    }
}
