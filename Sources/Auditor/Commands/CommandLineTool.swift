import AccessibilityModel
import Foundation

/// The `a11y-audit` command line: parses a command and runs it over a registry of blocks.
///
/// The core knows no block by name: an executable passes the blocks it audits, usually with
/// ``main(blocks:approvedTranscripts:)``; tests call ``run(_:)`` in process. Data goes to
/// `output`, messages to `errors`.
public struct CommandLineTool {
    public var output: (String) -> Void
    public var errors: (String) -> Void
    /// The blocks the commands know, in the order they are audited.
    public var blocks: [any BlockModel]
    /// Where approved review transcripts live; nil for the bundled `specs/transcripts`.
    public var approvedTranscripts: ApprovedTranscripts?
    /// The environment: CI parallel-job variables pick a shard, `CI` silences the progress line.
    public var environment: [String: String]
    /// Whether `errors` reaches a terminal, where a progress line may be redrawn.
    public var errorsAreTerminal: Bool
    /// Where the search for `.a11y-audit.xml` starts (it goes on through the parents).
    public var workingDirectory: URL

    public init(output: @escaping (String) -> Void, errors: @escaping (String) -> Void,
                blocks: [any BlockModel], approvedTranscripts: ApprovedTranscripts? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment, errorsAreTerminal: Bool = false,
                workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) {
        self.output = output
        self.errors = errors
        self.blocks = blocks
        self.approvedTranscripts = approvedTranscripts
        self.environment = environment
        self.errorsAreTerminal = errorsAreTerminal
        self.workingDirectory = workingDirectory
    }

    /// The overview `a11y-audit --help` prints: the commands and what each does.
    public static var usage: String { CommandSyntax.overview }

    public func run(_ arguments: [String]) -> ExitCode {
        guard let command = arguments.first else {
            errors(Self.usage)
            return .invalidInput
        }
        let rest = Array(arguments.dropFirst())
        do {
            switch command {
            case "--version":
                output("\(A11yAudit.name) \(A11yAudit.version)\n")
                return .success
            case "help", "--help", "-h":
                // `help audit` is `audit --help`.
                guard let name = rest.first else {
                    output(Self.usage)
                    return .success
                }
                output(try syntax(of: name).help)
                return .success
            default:
                let syntax = try syntax(of: command)
                var parsed = try Arguments(rest, for: syntax)
                if parsed.wantsHelp {
                    output(syntax.help)
                    return .success
                }
                if syntax.readsConfig { try applyConfig(to: &parsed, for: syntax) }
                return try run(syntax, parsed)
            }
        } catch {
            errors("a11y-audit: error: \(ConsoleText.printable("\(error)"))\n")
            return .invalidInput
        }
    }

    private func syntax(of command: String) throws(InputError) -> CommandSyntax {
        guard let syntax = CommandSyntax.all.first(where: { $0.name == command }) else {
            throw InputError("unknown command '\(command)'; commands: \(CommandSyntax.all.map(\.name).joined(separator: ", "))"
                             + " (`\(A11yAudit.name) --help` says what each does)")
        }
        return syntax
    }

    private func run(_ syntax: CommandSyntax, _ arguments: Arguments) throws(InputError) -> ExitCode {
        switch syntax.name {
        case "audit": return try audit(arguments)
        case "blocks": return try listBlocks(arguments)
        case "states": return try printStates(arguments, as: .ids)
        case "tree": return try printStates(arguments, as: .documents)
        case "transcript": return try transcript(arguments)
        case "rules": return try rules(arguments)
        case "merge": return try merge(arguments)
        default: return try listAssumptions(arguments)
        }
    }

    /// Adds what the config file sets (`--config FILE`, else `.a11y-audit.xml` in the
    /// working directory or a parent) to the options not given on the command line.
    private func applyConfig(to arguments: inout Arguments, for syntax: CommandSyntax) throws(InputError) {
        guard !arguments.flags.contains(CommandOption.noConfig.name) else {
            if arguments.options[CommandOption.config.name] != nil { throw InputError("give --config FILE or --no-config, not both") }
            return
        }
        let named = try arguments.value(CommandOption.config.name)
        guard let file = named ?? ConfigFile.discover(from: workingDirectory).map({ SpecLocation.displayPath($0.path) }) else { return }
        guard let specs = SpecLocation.specsDirectory() else {
            throw InputError("cannot find the bundled specs (specs/schema/config.xsd); run from the checkout or set A11Y_AUDIT_SPECS")
        }
        let options = CommandSyntax.configurable
        let config = try ConfigFile.load(
            file: file, schemaDirectory: specs.appendingPathComponent("schema"),
            single: Set(options.filter { if case .values = $0.kind { false } else { true } }.compactMap(\.configName)),
            paths: Set(options.filter(\.isPath).compactMap(\.configName)))
        arguments.add(config.settings, for: syntax)
        if arguments.verbosity == .verbose { errors("config: \(file)\n") }
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
            throw InputError("cannot find the bundled specs (specs/schema/rules.xsd); set A11Y_AUDIT_SPECS to a specs folder")
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
        let bundledFiles = bundled ? named.filter { !files.map(SpecLocation.displayPath).contains($0) } : []
        return try RuleSpec.load(files: named, schemaDirectory: specs.appendingPathComponent("schema"),
                                 knownBlocks: blocks.map(\.name), bundledFiles: Set(bundledFiles))
    }
}
