/// Per rule, the audited states whose evaluation found subjects and failed none, and the
/// subjects found in them: all that a passing state adds to a rule's outcome.
///
/// Most audited states are folded onto a representative (`Folding`), and most of their
/// rules take the representative's evaluations (``FoldedEvaluations/shared``): counting
/// those rule by rule for every state cost some forty visits per state. A state instead
/// counts as taking all of its representative's evaluations, added up by representative
/// and counted rule by rule once for all its states, less the few rules it took from
/// elsewhere, which it takes back at once. The counts are sums, so the order in which they
/// are added changes nothing; ``flush()`` must be called before they are read.
struct PassingCounts {
    /// At most this many representatives wait to be counted; a new one beyond it counts
    /// them all.
    static let deferredLimit = 16

    private(set) var states: [Int]
    private(set) var subjects: [Int]
    private var deferred: [Deferred] = []

    /// States that take a representative's evaluations, `shared`.
    private struct Deferred {
        let shared: [CompiledRule.Evaluation]
        /// Where `shared`'s elements lie, which names it while it is held here.
        let address: UnsafeRawPointer?
        /// The rules of `shared` that pass (subjects found, none failing).
        let passing: UInt64
        /// The rules of `shared` that fail: handed out state by state, never deferred.
        let failing: UInt64
        var length: Int
    }

    init(rules: Int) {
        states = Array(repeating: 0, count: rules)
        subjects = Array(repeating: 0, count: rules)
        deferred.reserveCapacity(Self.deferredLimit)
    }

    /// Counts `length` states passing `rule` with `found` subjects each.
    mutating func count(_ rule: Int, found: Int, length: Int) {
        states[rule] += length
        subjects[rule] += found * length
    }

    /// Runs `body` with ``states`` and ``subjects`` to add to in place: their lists are made
    /// unique once for all the rules a caller counts, not once a rule.
    mutating func withCounts<T>(_ body: (UnsafeMutableBufferPointer<Int>, UnsafeMutableBufferPointer<Int>) -> T) -> T {
        states.withUnsafeMutableBufferPointer { states in
            subjects.withUnsafeMutableBufferPointer { subjects in body(states, subjects) }
        }
    }

    /// Counts `length` states that take `shared`'s evaluation for every rule whose bit is
    /// not set in `taken`, for their passing rules; `shared` has at most 64 rules. Gives the
    /// bits of `shared`'s failing rules, which the caller hands out itself.
    mutating func count(taking shared: [CompiledRule.Evaluation], except taken: UInt64, length: Int) -> UInt64 {
        guard !shared.isEmpty else { return 0 }
        let place = place(of: shared)
        deferred[place].length += length
        // Counted with the representative's at the flush: taken back now.
        var returned = taken & deferred[place].passing
        while returned != 0 {
            let rule = returned.trailingZeroBitCount
            count(rule, found: shared[rule].subjects, length: -length)
            returned &= returned - 1
        }
        return deferred[place].failing
    }

    /// Where `shared` is deferred, filed when new. The states of a representative mostly
    /// follow one another: the list is searched from its end.
    private mutating func place(of shared: [CompiledRule.Evaluation]) -> Int {
        // An array held here keeps its buffer, so a buffer's address names one array.
        let address = shared.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        var index = deferred.count - 1
        while index >= 0 {
            if deferred[index].address == address { return index }
            index -= 1
        }
        if deferred.count == Self.deferredLimit { flush() }
        var passing: UInt64 = 0, failing: UInt64 = 0
        for rule in shared.indices {
            if shared[rule].hasFailures { failing |= 1 << UInt64(rule) }
            else if shared[rule].subjects > 0 { passing |= 1 << UInt64(rule) }
        }
        deferred.append(Deferred(shared: shared, address: address, passing: passing, failing: failing, length: 0))
        return deferred.count - 1
    }

    /// Counts every deferred representative's passing rules into ``states`` and
    /// ``subjects``, once for all the states that took them.
    mutating func flush() {
        for entry in deferred {
            var passing = entry.passing
            while passing != 0 {
                let rule = passing.trailingZeroBitCount
                count(rule, found: entry.shared[rule].subjects, length: entry.length)
                passing &= passing - 1
            }
        }
        deferred.removeAll(keepingCapacity: true)
    }
}
