import AccessibilityModel

/// What a group of rules can see of one state: the parameters it reads (`RuleGroup.parameters(of:)`), the
/// state id when it reads it, and the numbers of the children of the kinds it reads, as
/// the group's projection shows them.
///
/// A local group keys in two steps: the parameters and projected environment, numbered
/// once per state (`environment` set, `children` empty), then that number with each
/// projected unit.
struct MemoKey: Hashable {
    var parameters: [Int]
    var stateID: String = ""
    var environment: Int = -1
    var children: [Int] = []
}

extension MemoKey {
    /// The numbers folded into one word first (`HashMix`): a key is hashed for every state
    /// a group looks up, and a round of the hasher per number would cost more than the rest.
    func hash(into hasher: inout Hasher) {
        var mix = HashMix()
        mix.add(parameters)
        mix.add(environment)
        mix.add(children)
        hasher.combine(mix.value)
        hasher.combine(stateID)
    }
}

extension MemoKey: Mixable {
    /// The key's numbers and state id folded into one word, for a ``MixedTable``.
    var mixed: Int {
        var mix = HashMix()
        mix.add(parameters)
        mix.add(environment)
        mix.add(children)
        if !stateID.isEmpty { mix.add(bytesOf: stateID) }
        return mix.number
    }
}
