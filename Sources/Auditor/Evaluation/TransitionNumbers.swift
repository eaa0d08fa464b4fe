import AccessibilityModel

/// The child numbers of the transitions a worker has met, by what their written form is
/// made of, so that a state's transitions are numbered without writing each one out.
///
/// A transition's child (`StateDocument.WrittenTransition`) is its action, target, selection
/// change, haptics and motions, and the change from the state to the resulting state
/// (`StateDocument.change(from:to:)`). Between states of one list of dimensions that change
/// is a function of the positions whose value indices differ and of the two indices at each,
/// so those (``Changes``), with the list's number among those the evaluator met, stand for
/// it here. Writing a transition builds its change as text and hashing the child hashes
/// that text; this key is a few numbers, and the transitions of states that share a render
/// share their strings and arrays, so comparing two keys mostly compares storage.
///
/// Numbers are the table's (`ChildTable`): they are void when it starts afresh, and so is
/// every entry here (``removeAll()``).
struct TransitionNumbers {
    /// Entries kept before starting afresh, so memory stays bounded.
    static let capacity = 4_096

    struct Key {
        var action: Transition.Action
        var target: String
        /// The change (``Changes``).
        var changes: Changes
        var changesSelection: Bool
        var haptics: [Haptic]
        var motions: [Motion]
        /// The number of the state's list of dimensions.
        var region: Int

        /// Whether `transition`, from a state whose change to its resulting state is
        /// `changes`, in list `region`, is the key at `key`'s: compared field by field where
        /// the key lies, copying nothing (a key read out of its list, even to call a method
        /// on it, was copied, its strings and lists retained and released).
        static func matches(_ key: UnsafePointer<Key>, _ transition: UnsafePointer<Transition>, _ changes: Changes,
                            _ region: Int) -> Bool {
            key.pointee.changes == changes && key.pointee.region == region && key.pointee.action == transition.pointee.action
                && key.pointee.changesSelection == transition.pointee.changesSelection
                && key.pointee.target == transition.pointee.target && key.pointee.haptics == transition.pointee.haptics
                && Motion.equal(key.pointee.motions, transition.pointee.motions)
        }

        /// Numbers only, mixed by hand (texts by their lengths): what a change leads to and
        /// how long its motions take mostly tell transitions apart, and equal hashes are
        /// confirmed by comparing keys.
        static func hash(_ transition: UnsafePointer<Transition>, _ changes: Changes, _ region: Int) -> Int {
            var mix = HashMix()
            mix.add(transition.pointee.action.rawValue.utf8.count)
            mix.add(transition.pointee.target.utf8.count)
            mix.add(changes.first)
            mix.add(changes.second)
            mix.add(transition.pointee.changesSelection ? 1 : 0)
            mix.add(transition.pointee.haptics.count)
            for index in transition.pointee.motions.indices {
                mix.add(transition.pointee.motions[index].subject.utf8.count)
                mix.add(transition.pointee.motions[index].duration)
            }
            mix.add(region)
            return mix.number
        }
    }

    /// The positions whose value indices differ between a state and a transition's
    /// resulting state, with the two indices at each, packed into two words: an interaction
    /// changes one value or two. Nil for more, or for figures too large to pack; such a
    /// transition is written out.
    struct Changes: Equatable {
        var first = -1
        var second = -1

        /// The change from `state` to the state of its list of dimensions whose value indices
        /// are `resulting`.
        init?(from state: BlockState, to resulting: [Int]) {
            for position in state.valueIndices.indices where state.valueIndices[position] != resulting[position] {
                let from = state.valueIndices[position]
                let to = resulting[position]
                guard position < 1 << 20, from < 1 << 20, to < 1 << 20 else { return nil }
                let packed = position << 40 | from << 20 | to
                if first < 0 {
                    first = packed
                } else if second < 0 {
                    second = packed
                } else {
                    return nil
                }
            }
        }
    }

    /// The keys met and their children's numbers, found by hash: a dictionary would
    /// compare whole keys along its probes, where this compares only keys of equal hash.
    private var keys: [Key] = []
    private var numbers: [Int] = []
    private var index = ContentIndex()

    /// The table's number for `transition` as a document written for `state` shows it;
    /// `region` numbers the state's list of dimensions.
    mutating func number(of transition: Transition, from state: BlockState, region: Int, in table: inout ChildTable) -> Int {
        withUnsafePointer(to: transition) { number(of: $0, from: state, region: region, in: &table) }
    }

    /// Appends the numbers of a state's `transitions` to `numbers`, each transition read
    /// where it lies: one passed on by value was copied, its strings and lists retained and
    /// released, though it is mostly found.
    mutating func append(numbersOf transitions: [Transition], from state: BlockState, region: Int,
                         in table: inout ChildTable, to numbers: inout [Int]) {
        transitions.withUnsafeBufferPointer { transitions in
            guard let first = transitions.baseAddress else { return }
            for index in transitions.indices { numbers.append(number(of: first + index, from: state, region: region, in: &table)) }
        }
    }

    private mutating func number(of transition: UnsafePointer<Transition>, from state: BlockState, region: Int,
                                 in table: inout ChildTable) -> Int {
        // Another list of dimensions, whose names the change writes, or many changes: written out.
        guard state.dimensions == transition.pointee.resultingState.dimensions,
              let changes = Changes(from: state, to: transition.pointee.resultingState.valueIndices) else {
            return table.number(for: StateDocument.child(of: transition.pointee, from: state))
        }
        let hash = Key.hash(transition, changes, region)
        let found = keys.withUnsafeBufferPointer { keys in
            index.number(hash: hash, where: { Key.matches(keys.baseAddress! + $0, transition, changes, region) })
        }
        if let known = found { return numbers[known] }
        let number = table.number(for: StateDocument.child(of: transition.pointee, from: state))
        if keys.count >= Self.capacity { removeAll() }
        index.file(keys.count, hash: hash)
        keys.append(Key(action: transition.pointee.action, target: transition.pointee.target, changes: changes,
                        changesSelection: transition.pointee.changesSelection, haptics: transition.pointee.haptics,
                        motions: transition.pointee.motions, region: region))
        numbers.append(number)
        return number
    }

    mutating func removeAll() {
        keys.removeAll(keepingCapacity: true)
        numbers.removeAll(keepingCapacity: true)
        index.removeAll()
    }
}
