import AccessibilityModel

extension ReviewScenario {
    /// The one state the scenario names. A scenario that names none or several cannot have
    /// one approved transcript, so that is an error in the block's model.
    func state(in block: any BlockModel) throws(InputError) -> BlockState {
        let selection: StateSelection
        do { selection = try self.selection(in: block.stateSpace) } catch {
            throw InputError("\(block.name) review scenario '\(name)': \(error)")
        }
        guard selection.count == 1 else {
            throw InputError("\(block.name) review scenario '\(name)' selects \(selection.count) states; "
                + "it must select exactly one (\(constraints.joined(separator: " ")))")
        }
        return selection[0]
    }
}

extension BlockModel {
    /// The review scenarios with these names, in the order given; all of them when none is.
    func reviewScenarios(named names: [String]) throws(InputError) -> [ReviewScenario] {
        guard !names.isEmpty else { return reviewScenarios }
        var chosen: [ReviewScenario] = []
        for name in names {
            guard let scenario = reviewScenarios.first(where: { $0.name == name }) else {
                let choices = reviewScenarios.map(\.name).joined(separator: ", ")
                throw InputError("unknown review scenario '\(name)' for \(self.name); its scenarios: \(choices)")
            }
            if !chosen.contains(scenario) { chosen.append(scenario) }
        }
        return chosen
    }
}
