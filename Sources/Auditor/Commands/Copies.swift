import AccessibilityModel

/// A block with one more dimension, `copy`, last, whose N values neither the block nor any
/// rule reads (`audit --copies N`, hidden: a benchmark's option, not a user's).
///
/// Each copy is the block itself, so the audit's findings are the block's, N times over;
/// what grows is only the number of states. An audit whose work follows what the rules can
/// tell apart takes about as long for every N.
struct CopiedBlock: BlockModel {
    static let limit = 64
    static let dimension = "copy"

    let base: any BlockModel
    let copies: Int
    let stateSpace: StateSpace

    init(_ base: any BlockModel, copies: Int) {
        let copy = Dimension(Self.dimension, values: (1...copies).map(String.init), summary: "a copy nothing reads")
        self.init(base, copies: copies, stateSpace: StateSpace(regions: base.stateSpace.regions.map { $0 + [copy] }))
    }

    private init(_ base: any BlockModel, copies: Int, stateSpace: StateSpace) {
        self.base = base
        self.copies = copies
        self.stateSpace = stateSpace
    }

    var name: String { base.name }
    var summary: String { base.summary }
    var sourcePath: String { base.sourcePath }
    var reviewScenarios: [ReviewScenario] { [] }
    var assumptions: [Assumption] { base.assumptions }

    /// The same space, not one built again: the states audited were made from this one, and
    /// a state's region is found by comparing dimension lists, which is one step when they
    /// share storage and a comparison of every name and value when they do not.
    func assuming(_ choices: AssumptionChoices) -> any BlockModel {
        CopiedBlock(base.assuming(choices), copies: copies, stateSpace: stateSpace)
    }

    /// The block's snapshot of the state without its copy, on the state with it. The copy
    /// is read by nothing, so the snapshot depends on the dimensions the block's did.
    func snapshot(of state: BlockState) -> Snapshot {
        let copy = state.valueIndices[state.valueIndices.count - 1]
        func withoutCopy(_ state: BlockState) -> BlockState {
            base.stateSpace.state(region: stateSpace.region(of: state)!, valueIndices: Array(state.valueIndices.dropLast()))
        }
        func withCopy(_ state: BlockState) -> BlockState {
            stateSpace.state(region: base.stateSpace.region(of: state)!, valueIndices: state.valueIndices + [copy])
        }
        var snapshot = base.snapshot(of: withoutCopy(state))
        let read = snapshot.dimensionsRead
        snapshot.state = state
        snapshot.transitions = snapshot.transitions.map { transition in
            var transition = transition
            transition.resultingState = withCopy(transition.resultingState)
            return transition
        }
        snapshot.dimensionsRead = read
        return snapshot
    }

    /// The blocks, each with `count` copies; the blocks themselves when `count` is 1.
    static func blocks(_ blocks: [any BlockModel], copies count: Int) throws(InputError) -> [any BlockModel] {
        guard count > 1 else { return blocks }
        for block in blocks where block.stateSpace.dimension(named: dimension) != nil {
            throw InputError("--copies adds a dimension '\(dimension)', which \(block.name) already has")
        }
        return blocks.map { CopiedBlock($0, copies: count) }
    }
}
