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
    /// Where approved review transcripts live; nil for `specs/transcripts` of the checkout.
    public var approvedTranscripts: ApprovedTranscripts?
    /// The environment: CI parallel-job variables pick a shard, `CI` silences the progress line.
    public var environment: [String: String]
    /// Whether `errors` reaches a terminal, where a progress line may be redrawn.
    public var errorsAreTerminal: Bool

    public init(output: @escaping (String) -> Void, errors: @escaping (String) -> Void,
                blocks: [any BlockModel] = BuiltInBlocks.all, approvedTranscripts: ApprovedTranscripts? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment, errorsAreTerminal: Bool = false) {
        self.output = output
        self.errors = errors
        self.blocks = blocks
        self.approvedTranscripts = approvedTranscripts
        self.environment = environment
        self.errorsAreTerminal = errorsAreTerminal
    }

    public static let usage = """
        usage: a11y-audit <command> [options]

          audit [--rules PATH]… [--no-bundled-rules] [--block NAME]… [--where DIM=VALUE]… [--junit FILE]
                [--fail-on error|warning|never] [--jobs N]
                [--baseline FILE] [--update-baseline FILE] [--shard K/N]
                [--sarif FILE] [--html DIR] [--coverage exhaustive|pairwise]
                [--assume NAME=VALUE]… [--sensitivity] [--theme FILE]
                                             audit blocks against rules; write a JUnit report
          merge -o FILE [--fail-on error|warning|never] [--update-baseline FILE]
                [--sarif FILE] [--html DIR] REPORT…
                                             merge shard reports (and other tools' JUnit files)
                                             into one report, and gate on it
          blocks                             list the blocks, their state counts and dimensions
          states BLOCK [--where DIM=VALUE]…  list state ids
          tree BLOCK [--where DIM=VALUE]…    print state documents
          transcript [BLOCK]… [--where DIM=VALUE]… [--scenario NAME]… [--format text|markdown]
                                             print VoiceOver transcripts: the review scenarios,
                                             or with --where the matching states
          transcript [BLOCK]… [--scenario NAME]… --check | --record
                                             compare the review scenarios with their approved
                                             transcripts (specs/transcripts), or approve them
          transcript BLOCK (--where …|--scenario NAME) --compare FILE
                                             compare one state with a device recording
                                             (pymobiledevice3 JSON, or one utterance a line)
          rules [--rules PATH]… [--no-bundled-rules] [--block NAME]…
                                             list rules, validate the spec, run its examples
          assumptions [BLOCK]…               list the blocks' named assumptions: question,
                                             default, alternatives, evidence, where they are read

        --where takes DIM=VALUE or a whole state id and may repeat; a state must match all.
        --coverage pairwise audits only enough of the selected states that every pair of values
        of two dimensions occurs in one of them (exhaustive, the default, audits them all).
        --assume NAME=VALUE audits under another answer to a named assumption (may repeat);
        --sensitivity re-audits each failing rule under the other answers to the assumptions its
        failing states read, and prints how many states fail then.
        --theme FILE lays a team's theme (specs/schema/theme.xsd) over the bundled one
        (specs/themes/default.xml): its tokens take the file's colours.
        --shard K/N audits job K's share of N (K from 1); without it, GitLab's CI_NODE_INDEX/
        CI_NODE_TOTAL, CircleCI's CIRCLE_NODE_INDEX/CIRCLE_NODE_TOTAL and Buildkite's
        BUILDKITE_PARALLEL_JOB/BUILDKITE_PARALLEL_JOB_COUNT choose it.
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
            case "transcript": return try transcript(rest)
            case "rules": return try rules(rest)
            case "merge": return try merge(rest)
            case "assumptions": return try listAssumptions(rest)
            case "help", "--help", "-h":
                output(Self.usage)
                return .success
            default:
                throw InputError("unknown command '\(command)'; commands: audit, merge, blocks, states, tree, transcript, rules, assumptions")
            }
        } catch {
            errors("a11y-audit: error: \(ConsoleText.printable("\(error)"))\n")
            return .invalidInput
        }
    }

    /// The named blocks (all when none is named), their colours from the bundled theme.
    func selectBlocks(_ names: [String]) throws(InputError) -> [any BlockModel] {
        let blocks = blocks.map { $0.assuming(AssumptionChoices.defaults.themed) }
        if names.isEmpty { return blocks }
        var selected: [any BlockModel] = []
        for name in names {
            guard let block = blocks.first(where: { $0.name == name }) else {
                throw InputError("unknown block '\(name)'; blocks: \(blocks.map(\.name).joined(separator: ", "))")
            }
            if !selected.contains(where: { $0.name == name }) { selected.append(block) }
        }
        return selected
    }

    /// The palette of the bundled theme with the team's theme file at `path` laid over it.
    func palette(theme path: String?) throws(InputError) -> Palette {
        guard let specs = SpecLocation.specsDirectory() else {
            throw InputError("cannot find the bundled specs (specs/themes/default.xml); run from the checkout or set A11Y_AUDIT_SPECS")
        }
        var theme = try Theme.bundled(specs: specs)
        if let path {
            theme.files.append(try ThemeFile.load(file: path, schemaDirectory: specs.appendingPathComponent("schema")))
        }
        return try theme.palette()
    }

    /// Loads the bundled rules and the given rule files and folders, or the given ones alone
    /// when `bundled` is false (`--no-bundled-rules`). A given file that is one of the
    /// bundled ones is read once. Files are named relative to the current directory when
    /// they are inside it, so reports read the same on every machine.
    func loadSpec(_ paths: [String], bundled: Bool = true) throws(InputError) -> RuleSpec {
        guard let specs = SpecLocation.specsDirectory() else {
            throw InputError("cannot find the bundled specs (specs/schema/rules.xsd); run from the checkout or set A11Y_AUDIT_SPECS")
        }
        guard bundled || !paths.isEmpty else { throw InputError("--no-bundled-rules needs rules of its own: --rules PATH") }
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
        var named = bundled ? SpecLocation.ruleFiles(in: specs.appendingPathComponent("rules")).map(SpecLocation.displayPath) : []
        for file in files.map(SpecLocation.displayPath) where !named.contains(file) { named.append(file) }
        return try RuleSpec.load(files: named, schemaDirectory: specs.appendingPathComponent("schema"),
                                 knownBlocks: BuiltInBlocks.names + blocks.map(\.name).filter { !BuiltInBlocks.names.contains($0) })
    }
}
