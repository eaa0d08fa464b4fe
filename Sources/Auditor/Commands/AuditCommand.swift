import AccessibilityModel
import BlockModels
import Foundation

extension CommandLineTool {
    func audit(_ words: [String]) throws(InputError) -> ExitCode {
        let arguments = try Arguments(words, command: "audit",
                                      options: ["--rules", "--block", "--where", "--junit", "--fail-on", "--jobs"],
                                      flags: ["--no-memo", "--phases"])
        guard arguments.positionals.isEmpty else {
            throw InputError("'audit' takes no operands (got '\(arguments.positionals[0])'); use --block NAME")
        }
        let failOn = try Self.failOn(try arguments.value("--fail-on") ?? "error")
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        if let text = try arguments.value("--jobs") {
            guard let number = Int(text), number >= 1 else { throw InputError("--jobs takes a whole number of at least 1, not '\(text)'") }
            jobs = number
        }
        let selected = try selectBlocks(arguments.values("--block"))
        let requests = try Self.requests(for: selected, constraints: arguments.values("--where"))
        let spec = try loadSpec(arguments.values("--rules"))
        let junitPath = try arguments.value("--junit") ?? "reports/junit.xml"

        let engine = AuditEngine(spec: spec, jobs: jobs, memoizes: !arguments.flags.contains("--no-memo"))
        var outcome = try engine.audit(requests)
        // Reviewed transcripts gate like any rule; TranscriptApprovalRule says which are checked.
        TranscriptApprovalRule(approved: try approvedFolder()).append(to: &outcome, for: requests)
        let ruleArguments = arguments.values("--rules").flatMap { ["--rules", $0] }
        let report = JUnitReport(outcome: outcome, failOn: failOn, reproduction: Reproduction(ruleArguments: ruleArguments))
        try AtomicFile.write(report.data(), to: junitPath)
        errors(ConsoleSummary.text(for: outcome, failOn: failOn, showsPhases: arguments.flags.contains("--phases")))
        errors("JUnit report: \(junitPath)\n")
        guard let failOn else { return .success }
        return outcome.failures(atLeast: failOn).isEmpty ? .success : .gateFailed
    }

    static func failOn(_ text: String) throws(InputError) -> Severity? {
        switch text {
        case "never": return nil
        case "error": return .error
        case "warning": return .warning
        default: throw InputError("--fail-on takes error, warning or never, not '\(text)'")
        }
    }

    /// One request per block that has states matching every constraint. A block that
    /// lacks a constrained dimension or value has no matching state and is left out; a
    /// constraint that no selected block can meet is an error naming the valid choices.
    static func requests(for blocks: [any BlockModel], constraints: [String]) throws(InputError) -> [BlockRequest] {
        var requests: [BlockRequest] = []
        var problems: [StateSpaceError] = []
        for block in blocks {
            do {
                let filter = try StateFilter(parsing: constraints, in: block.stateSpace)
                requests.append(BlockRequest(block: block, selection: block.stateSpace.states(matching: filter),
                                             constraints: constraints))
            } catch {
                switch error {
                case .unknownDimension, .unknownValue: problems.append(error)
                default: throw InputError("\(block.name): \(error)")
                }
            }
        }
        // A value that no block has says more than a dimension some blocks lack.
        guard requests.isEmpty, let first = problems.first(where: {
            if case .unknownValue = $0 { true } else { false }
        }) ?? problems.first else { return requests }
        if blocks.count == 1 { throw InputError("\(blocks[0].name): \(first)") }
        switch first {
        case .unknownDimension(let name, _):
            let names = Set(blocks.flatMap { $0.stateSpace.dimensions.map(\.name) }).sorted()
            throw InputError("unknown dimension '\(name)'; valid dimensions: \(names.joined(separator: ", "))")
        case .unknownValue(let value, let dimension, _):
            let values = blocks.compactMap { $0.stateSpace.dimension(named: dimension)?.values }.flatMap { $0 }
            var seen = Set<String>()
            let unique = values.filter { seen.insert($0).inserted }
            throw InputError("unknown value '\(value)' for dimension '\(dimension)'; valid values: \(unique.joined(separator: ", "))")
        default:
            throw InputError("\(first)")
        }
    }

}
