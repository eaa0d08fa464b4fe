import AccessibilityModel

/// The child numbers of the transitions a worker has met, by what their written form is
/// made of, so that a state's transitions are numbered without writing each one out.
///
/// A transition's child (`StateDocument.WrittenTransition`) is its action, target, selection
/// change, haptics and motions, and the change from the state to the resulting state
/// (`StateDocument.change(from:to:)`). Between states of one list of dimensions that change
/// is a function of the positions whose value indices differ and of the two indices at each,
/// so those, with the list's number among those the evaluator met, stand for it here. Writing a transition builds its change
/// as text and hashing the child hashes that text; this key is a few numbers, and the
/// transitions of states that share a render share their strings and arrays, so comparing
/// two keys mostly compares storage.
///
/// Numbers are the table's (`ChildTable`): they are void when it starts afresh, and so is
/// every entry here (``removeAll()``).
struct TransitionNumbers {
    /// Entries kept before starting afresh, so memory stays bounded.
    static let capacity = 4_096

    struct Key: Equatable {
        var action: Transition.Action
        var target: String
        /// Per position whose value index differs: the position, the state's index and the
        /// resulting state's.
        var changes: [Int]
        var changesSelection: Bool
        var haptics: [Haptic]
        var motions: [Motion]
        /// The number of the state's list of dimensions.
        var region: Int

        /// Numbers only, mixed by hand (texts by their lengths): what a change leads to and
        /// how long its motions take mostly tell transitions apart, and equal hashes are
        /// confirmed by comparing keys.
        var hash: Int {
            var mix = HashMix()
            mix.add(action.rawValue.utf8.count)
            mix.add(target.utf8.count)
            for value in changes { mix.add(value) }
            mix.add(changesSelection ? 1 : 0)
            mix.add(haptics.count)
            for motion in motions {
                mix.add(motion.subject.utf8.count)
                mix.add(motion.duration)
            }
            mix.add(region)
            return Int(truncatingIfNeeded: mix.value)
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
        let resulting = transition.resultingState
        guard state.dimensions == resulting.dimensions else {
            // Another list of dimensions: the change names them, and is written out.
            return table.number(for: StateDocument.child(of: transition, from: state))
        }
        var changes: [Int] = []
        changes.reserveCapacity(6)
        for position in state.valueIndices.indices where state.valueIndices[position] != resulting.valueIndices[position] {
            changes.append(position)
            changes.append(state.valueIndices[position])
            changes.append(resulting.valueIndices[position])
        }
        let key = Key(action: transition.action, target: transition.target, changes: changes,
                      changesSelection: transition.changesSelection, haptics: transition.haptics,
                      motions: transition.motions, region: region)
        let hash = key.hash
        if let known = index.number(hash: hash, where: { keys[$0] == key }) { return numbers[known] }
        let number = table.number(for: StateDocument.child(of: transition, from: state))
        if keys.count >= Self.capacity { removeAll() }
        index.file(keys.count, hash: hash)
        keys.append(key)
        numbers.append(number)
        return number
    }

    mutating func removeAll() {
        keys.removeAll(keepingCapacity: true)
        numbers.removeAll(keepingCapacity: true)
        index.removeAll()
    }
}
