/// Which states' evaluations measure their groups' and rules' times (``StateEvaluator``).
///
/// A group whose memo hits takes about half a microsecond a state, and reading the clock
/// between two groups' steps took a twentieth of that, a dozen times or more a state. Every
/// state of a worker's first ``exact`` is measured; after them one state in ``interval``,
/// chosen at random, is, and its times count for ``interval`` states. The sums a rule's
/// JUnit time is apportioned from (``RuleTimes``) are then estimates, as the enumerate
/// phase's are (`PhaseTimes.enumerateSampling`): unbiased, and over the thousands of
/// states where they are estimates, close. States are chosen at random, not one in every
/// ``interval``, since a block's states come in patterns (twins of a representative,
/// values of a dimension) whose period a fixed step could match. The seed is fixed, so a
/// worker chooses the same states in every run.
struct RuleTimeSampling {
    /// The states measured one by one before sampling starts: a small audit is measured whole.
    static let exact = 256
    static let interval = 8

    private var evaluated = 0
    /// A xorshift generator's state: never zero.
    private var random: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// The weight of the next state's measured times: how many states they stand for, or 0
    /// when the state is not measured.
    mutating func next() -> Double {
        evaluated += 1
        guard evaluated > Self.exact else { return 1 }
        random ^= random << 13
        random ^= random >> 7
        random ^= random << 17
        return random % UInt64(Self.interval) == 0 ? Double(Self.interval) : 0
    }
}
