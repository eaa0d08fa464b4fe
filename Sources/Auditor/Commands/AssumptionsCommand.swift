import AccessibilityModel
import Foundation

/// `a11y-audit assumptions [BLOCK]…` and the choices `audit --assume NAME=VALUE` makes.
extension CommandLineTool {
    /// Lists the named assumptions of the given blocks (every block when none), each once
    /// whichever blocks declare it: its question, default, alternatives, evidence, where the
    /// model reads it and which blocks declare it.
    func listAssumptions(_ arguments: Arguments) throws(InputError) -> ExitCode {
        let selected = try selectBlocks(arguments.positionals)
        let declared = Self.assumptions(of: selected)
        guard !declared.isEmpty else {
            if arguments.verbosity > .quiet { errors("\(selected.map(\.name).joined(separator: ", ")) \(selected.count == 1 ? "declares" : "declare") no named assumptions\n") }
            return .success
        }
        output(declared.map { Self.describe($0.assumption, declaredBy: $0.blocks) }.joined(separator: "\n"))
        return .success
    }

    /// Each assumption the blocks declare, once, in first-declared order, with the names of
    /// the blocks that declare it.
    static func assumptions(of blocks: [any BlockModel]) -> [(assumption: Assumption, blocks: [String])] {
        var result: [(assumption: Assumption, blocks: [String])] = []
        for block in blocks {
            for assumption in block.assumptions {
                if let index = result.firstIndex(where: { $0.assumption.name == assumption.name }) {
                    if !result[index].blocks.contains(block.name) { result[index].blocks.append(block.name) }
                } else {
                    result.append((assumption, [block.name]))
                }
            }
        }
        return result
    }

    static func describe(_ assumption: Assumption, declaredBy blocks: [String]) -> String {
        var lines = [
            assumption.name,
            "  question: \(assumption.question)",
            "  default: \(assumption.defaultValue)",
            "  alternatives:",
        ]
        for alternative in assumption.alternatives {
            let mark = alternative.value == assumption.defaultValue ? " (default)" : ""
            lines.append("    \(alternative.value)\(mark): \(alternative.meaning)")
        }
        if !assumption.evidence.isEmpty {
            lines.append("  evidence:")
            lines += assumption.evidence.map { "    - \($0.claim) — \($0.source)" }
        }
        if !assumption.usedIn.isEmpty { lines.append("  used in: \(assumption.usedIn.joined(separator: ", "))") }
        lines.append("  declared by: \(blocks.joined(separator: ", "))")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The choices `--assume NAME=VALUE` arguments make, checked against the assumptions
    /// `blocks` declare: an unknown name, an unknown value, a malformed or contradictory
    /// choice is an error naming the valid ones.
    static func choices(_ words: [String], for blocks: [any BlockModel]) throws(InputError) -> AssumptionChoices {
        let declared = assumptions(of: blocks).map(\.assumption)
        var chosen: [String: String] = [:]
        for word in words {
            guard let equals = word.firstIndex(of: "="), equals != word.startIndex else {
                throw InputError("--assume takes NAME=VALUE, not '\(word)'")
            }
            let name = String(word[..<equals]), value = String(word[word.index(after: equals)...])
            guard let assumption = declared.first(where: { $0.name == name }) else {
                let audited = blocks.map(\.name).joined(separator: ", ")
                throw InputError(declared.isEmpty ? "unknown assumption '\(name)'; the audited blocks (\(audited)) declare none"
                                 : "unknown assumption '\(name)'; assumptions of the audited blocks: \(declared.map(\.name).joined(separator: ", "))")
            }
            guard assumption.values.contains(value) else {
                throw InputError("unknown value '\(value)' for assumption '\(name)'; its values: \(assumption.values.joined(separator: ", "))")
            }
            if let earlier = chosen[name], earlier != value {
                throw InputError("--assume \(name) is given twice, as \(earlier) and \(value); choose one")
            }
            chosen[name] = value
        }
        return AssumptionChoices(chosen)
    }
}
