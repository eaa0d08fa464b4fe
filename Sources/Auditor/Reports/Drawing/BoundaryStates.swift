import AccessibilityModel

/// The states that show a failure's smallest condition: for a rule that fails whenever
/// `size ≤ xxxL`, the first failing state moved to the largest failing value (xxxL) and,
/// for Dynamic Type, to the default size (L) when that fails too, each with the failures
/// the rule finds there, evaluated afresh. A reader then sees that the failure is not an
/// extreme-size curiosity.
struct BoundaryStates {
    var rule: RuleOutcome
    var block: BlockOutcome
    var model: any BlockModel
    var choices: AssumptionChoices

    /// Dynamic Type's default size, which most people use.
    static let defaultSize = ContentSizeCategory.large.token

    /// Each boundary state's id and its failures, other than the first failing state.
    func states() -> [(id: String, samples: [RuleOutcome.Sample])] {
        guard let summary = FailureSummary(rule, in: block), summary.reach == .whenever,
              let first = rule.samples.first, let state = try? model.stateSpace.state(id: first.stateID) else { return [] }
        var candidates: [BlockState] = []
        for condition in summary.conditions {
            guard let largest = condition.values.last else { continue }
            if let moved = moved(state, condition.dimension, largest) { candidates.append(moved) }
            let isDynamicType = condition.values.allSatisfy { ContentSizeCategory(token: $0) != nil }
            if isDynamicType, condition.values.contains(Self.defaultSize), largest != Self.defaultSize {
                if let moved = moved(state, condition.dimension, Self.defaultSize) { candidates.append(moved) }
            }
        }
        var result: [(id: String, samples: [RuleOutcome.Sample])] = []
        for candidate in candidates where candidate.id != first.stateID && !result.contains(where: { $0.id == candidate.id }) {
            // A sampled state's failures are known; another's are found by auditing it.
            let known = rule.samples.filter { $0.stateID == candidate.id }
            let samples = known.isEmpty ? failures(in: candidate) : known
            if !samples.isEmpty { result.append((candidate.id, samples)) }
        }
        return result
    }

    /// The state with one dimension set to another value, looked up in the whole space: a
    /// union of products keeps its regions apart (one region may have values of a dimension
    /// another lacks), so the value may lie in another region, or in none with the
    /// state's other values; then there is no such state.
    private func moved(_ state: BlockState, _ dimension: String, _ value: String) -> BlockState? {
        let id = state.pairs.map { "\($0.name)=\($0.name == dimension ? value : $0.value)" }.joined(separator: ";")
        return try? model.stateSpace.state(id: id)
    }

    /// The rule's failures in one state, as an audit of that state alone finds them.
    private func failures(in state: BlockState) -> [RuleOutcome.Sample] {
        guard let selection = try? model.stateSpace.states(matching: StateFilter(parsing: state.id.split(separator: ";").map(String.init),
                                                                                 in: model.stateSpace)),
              let outcome = try? AuditEngine(spec: RuleSpec(files: [rule.rule.file], rules: [rule.rule]), jobs: 1)
                .audit([BlockRequest(block: model, selection: selection, choices: choices)]) else { return [] }
        return outcome.blocks.first?.rules.first?.samples ?? []
    }
}
