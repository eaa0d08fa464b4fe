import AccessibilityModel
import Foundation

extension CommandLineTool {
    func listBlocks(_ arguments: Arguments) throws(InputError) -> ExitCode {
        for block in blocks {
            output("\(block.name)\t\(Count(block.stateSpace.count, "state"))\t\(block.summary)\n")
            for dimension in block.stateSpace.dimensions {
                output("  \(dimension.name): \(dimension.values.joined(separator: " "))\n")
            }
        }
        return .success
    }

    enum Listing { case ids, documents }

    func printStates(_ arguments: Arguments, as listing: Listing) throws(InputError) -> ExitCode {
        let command = listing == .ids ? "states" : "tree"
        guard arguments.positionals.count == 1 else {
            throw InputError("'\(command)' takes one block name; blocks: \(blocks.map(\.name).joined(separator: ", "))")
        }
        let block = try chosen(selectBlocks(arguments.positionals), arguments)[0]
        try Self.checkConstraints(arguments.values("--where"))
        let filter: StateFilter
        do { filter = try StateFilter(parsing: arguments.values("--where"), in: block.stateSpace) } catch {
            throw InputError("\(block.name): \(error)")
        }
        let selection = block.stateSpace.states(matching: filter)
        let constraints = arguments.values("--where")
        if selection.isEmpty, !constraints.isEmpty {
            throw InputError("--where \(constraints.joined(separator: " ")) selects no state of \(block.name); "
                + Self.compatibleValues(of: block.stateSpace, constraints: constraints))
        }
        for state in selection {
            switch listing {
            case .ids: output(state.id + "\n")
            case .documents: output(StateDocument.document(for: block.snapshot(of: state)).serialized(formatted: true))
            }
        }
        return .success
    }


    /// `blocks` under the `--assume` answers and the `--theme` colours given, or as they are
    /// when neither is: a printed state shows what the audit would see under the same options.
    func chosen(_ blocks: [any BlockModel], _ arguments: Arguments) throws(InputError) -> [any BlockModel] {
        let words = arguments.values("--assume")
        let theme = try arguments.value("--theme")
        guard !words.isEmpty || theme != nil else { return blocks }
        var choices = try arguments.checked("--assume") { words throws(InputError) in try Self.choices(words, for: blocks) }
        if let theme { choices.palette = try palette(theme: theme) }
        return blocks.map { $0.assuming(choices.themed) }
    }

    /// A `--where` value must say something: an empty one, or one with an empty pair, would
    /// select every state while looking like a constraint.
    static func checkConstraints(_ constraints: [String]) throws(InputError) {
        for constraint in constraints where constraint.isEmpty || constraint.split(separator: ";", omittingEmptySubsequences: false).contains(where: { $0.isEmpty }) {
            throw InputError("--where takes DIM=VALUE or a whole state id, not '\(constraint)'")
        }
    }
}
