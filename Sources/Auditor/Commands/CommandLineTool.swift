import AccessibilityModel
import BlockModels
import Foundation

/// The `a11y-audit` command line: parses a command and runs it.
///
/// The executable only calls ``run(_:)``; keeping the commands here lets tests run them
/// in process. Data goes to `output`, messages to `errors`.
public struct CommandLineTool {
    public var output: (String) -> Void
    public var errors: (String) -> Void
    public var blocks: [any BlockModel]

    public init(output: @escaping (String) -> Void, errors: @escaping (String) -> Void,
                blocks: [any BlockModel] = BuiltInBlocks.all) {
        self.output = output
        self.errors = errors
        self.blocks = blocks
    }

    public static let usage = """
        usage: a11y-audit <command> [options]

          audit [--rules PATH]… [--block NAME]… [--where DIM=VALUE]… [--junit FILE]
                [--fail-on error|warning|never] [--jobs N]
                                             audit blocks against rules; write a JUnit report
          blocks                             list built-in blocks and their state counts
          states BLOCK [--where DIM=VALUE]…  list state ids
          tree BLOCK [--where DIM=VALUE]…    print state documents
          transcript BLOCK [--where …]       print VoiceOver transcripts
          rules [--rules PATH]…              list rules, validate the spec, run its examples

        --where takes DIM=VALUE or a whole state id and may repeat; a state must match all.
        Exit codes: 0 nothing gates, 1 a gating rule failed, 2 invalid input, 3 internal error.

        """

    public func run(_ arguments: [String]) -> ExitCode {
        guard let command = arguments.first else {
            errors(Self.usage)
            return .invalidInput
        }
        let rest = Array(arguments.dropFirst())
        do {
            switch command {
            case "audit": return try audit(rest)
            case "blocks": return try listBlocks(rest)
            case "states": return try printStates(rest, as: .ids)
            case "tree": return try printStates(rest, as: .documents)
            case "transcript": return try printStates(rest, as: .transcripts)
            case "rules": return try rules(rest)
            case "help", "--help", "-h":
                output(Self.usage)
                return .success
            default:
                throw InputError("unknown command '\(command)'; commands: audit, blocks, states, tree, transcript, rules")
            }
        } catch {
            errors("a11y-audit: error: \(error)\n")
            return .invalidInput
        }
    }

    // MARK: audit

    private func audit(_ words: [String]) throws(InputError) -> ExitCode {
        let arguments = try Arguments(words, command: "audit",
                                      options: ["--rules", "--block", "--where", "--junit", "--fail-on", "--jobs"])
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
        let (spec, specs) = try loadSpec(arguments.values("--rules"))
        let junitPath = try arguments.value("--junit") ?? "reports/junit.xml"
        _ = specs

        let outcome = try AuditEngine(spec: spec, jobs: jobs).audit(requests)
        let ruleArguments = arguments.values("--rules").flatMap { ["--rules", $0] }
        let report = JUnitReport(outcome: outcome, failOn: failOn, reproduction: Reproduction(ruleArguments: ruleArguments))
        try AtomicFile.write(report.data(), to: junitPath)
        errors(ConsoleSummary.text(for: outcome, failOn: failOn))
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

    /// One request per block that has states matching every constraint. A constraint on a
    /// dimension no selected block has is an error; a block without a constrained
    /// dimension has no matching state and is left out.
    static func requests(for blocks: [any BlockModel], constraints: [String]) throws(InputError) -> [BlockRequest] {
        var requests: [BlockRequest] = []
        var firstError: StateSpaceError?
        for block in blocks {
            do {
                let filter = try StateFilter(parsing: constraints, in: block.stateSpace)
                requests.append(BlockRequest(block: block, selection: block.stateSpace.states(matching: filter),
                                             constraints: constraints))
            } catch {
                if case .unknownDimension = error { firstError = firstError ?? error; continue }
                throw InputError("\(block.name): \(error)")
            }
        }
        if requests.isEmpty, let firstError {
            let names = Set(blocks.flatMap { $0.stateSpace.dimensions.map(\.name) }).sorted()
            if case .unknownDimension(let name, _) = firstError {
                throw InputError("unknown dimension '\(name)'; valid dimensions: \(names.joined(separator: ", "))")
            }
        }
        return requests
    }

    private func selectBlocks(_ names: [String]) throws(InputError) -> [any BlockModel] {
        if names.isEmpty { return blocks }
        var selected: [any BlockModel] = []
        for name in names {
            guard let block = blocks.first(where: { $0.name == name }) else {
                throw InputError("unknown block '\(name)'; built-in blocks: \(blocks.map(\.name).joined(separator: ", "))")
            }
            if !selected.contains(where: { $0.name == name }) { selected.append(block) }
        }
        return selected
    }

    /// Loads the given rule files and folders, or the bundled rules when none is given.
    private func loadSpec(_ paths: [String]) throws(InputError) -> (RuleSpec, URL) {
        guard let specs = SpecLocation.specsDirectory() else {
            throw InputError("cannot find the bundled specs (specs/schema/rules.xsd); run from the checkout or set A11Y_AUDIT_SPECS")
        }
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw InputError(file: path, "no such rule file or folder")
            }
            if isDirectory.boolValue {
                let found = SpecLocation.ruleFiles(in: URL(fileURLWithPath: path))
                guard !found.isEmpty else { throw InputError(file: path, "the folder holds no .xml rule files") }
                files += found
            } else {
                files.append(path)
            }
        }
        if paths.isEmpty { files = SpecLocation.ruleFiles(in: specs.appendingPathComponent("rules")) }
        let spec = try RuleSpec.load(files: files, schemaDirectory: specs.appendingPathComponent("schema"),
                                     knownBlocks: blocks.map(\.name))
        return (spec, specs)
    }

    // MARK: blocks, states, tree, transcript

    private func listBlocks(_ words: [String]) throws(InputError) -> ExitCode {
        _ = try Arguments(words, command: "blocks", options: [])
        for block in blocks {
            output("\(block.name)\t\(block.stateSpace.count) states\t\(block.summary)\n")
            for dimension in block.stateSpace.dimensions {
                output("  \(dimension.name): \(dimension.values.joined(separator: " "))\n")
            }
        }
        return .success
    }

    enum Listing { case ids, documents, transcripts }

    private func printStates(_ words: [String], as listing: Listing) throws(InputError) -> ExitCode {
        let command = ["ids": "states", "documents": "tree", "transcripts": "transcript"]["\(listing)"]!
        let arguments = try Arguments(words, command: command, options: ["--where"])
        guard arguments.positionals.count == 1 else {
            throw InputError("'\(command)' takes one block name; built-in blocks: \(blocks.map(\.name).joined(separator: ", "))")
        }
        let block = try selectBlocks(arguments.positionals)[0]
        let filter: StateFilter
        do { filter = try StateFilter(parsing: arguments.values("--where"), in: block.stateSpace) } catch {
            throw InputError("\(block.name): \(error)")
        }
        for state in block.stateSpace.states(matching: filter) {
            switch listing {
            case .ids: output(state.id + "\n")
            case .documents: output(StateDocument.document(for: block.snapshot(of: state)).serialized(formatted: true))
            case .transcripts: output(Transcript.text(for: block.snapshot(of: state)) + "\n")
            }
        }
        return .success
    }

    // MARK: rules

    private func rules(_ words: [String]) throws(InputError) -> ExitCode {
        let arguments = try Arguments(words, command: "rules", options: ["--rules"])
        let (spec, _) = try loadSpec(arguments.values("--rules"))
        let results = ExampleRunner.run(try spec.compiled())
        for (rule, result) in zip(spec.rules, results) {
            let blocks = rule.blocks.isEmpty ? "*" : rule.blocks.joined(separator: " ")
            output("\(result.isOK ? "ok  " : "FAIL") \(rule.id)\t\(rule.severity.rawValue)\t\(blocks)\t\(rule.title)\n")
            for problem in result.problems { output("       \(problem)\n") }
        }
        let failing = results.filter { !$0.isOK }.count
        errors("\(spec.rules.count) rules in \(spec.files.count) files; \(failing) with failing examples\n")
        return failing == 0 ? .success : .gateFailed
    }
}
