import AccessibilityModel

/// The states of a ``TwinBlock`` that a rule group cannot tell apart, and so share one
/// evaluation of each of its rules: those that agree with `canonical` in the settings the
/// group sees (`sees`) and take every allowed value of the others.
struct TwinClass: CountedStates {
    let block: TwinBlock
    let members: UInt64
    let canonical: Int
    /// The settings the group sees (`Folding.Setting` bits).
    let sees: UInt8

    var length: Int { members.nonzeroBitCount }

    /// The combination of the member at `offset`, the members taken in position order.
    private func combo(at offset: Int) -> Int {
        var rest = members
        for _ in 0..<offset { rest &= rest - 1 }
        return rest.trailingZeroBitCount
    }

    func position(at offset: Int) -> Int { block.position(of: combo(at: offset)) }

    func state(at offset: Int) -> BlockState { block.state(of: combo(at: offset)) }

    func values(at offset: Int) -> [Int] { block.values(of: combo(at: offset)) }

    func add(to tally: inout ValueTally) {
        block.add(classOf: canonical, sees: sees, states: length, to: &tally)
    }
}
