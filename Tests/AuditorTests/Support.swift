import AccessibilityModel
import Auditor
import BlockModels
import Foundation
import Synchronization
import Testing
import XMLSupport

/// Where this package's files are: found from this source file, so the tests read the
/// checkout they were compiled from whatever the current directory.
enum Checkout {
    /// The package root, beside `Package.swift`.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let specs = root.appendingPathComponent("specs")
    static let schemaDirectory = specs.appendingPathComponent("schema")
    static let ruleFiles = SpecLocation.ruleFiles(in: specs.appendingPathComponent("rules"))

    static func schema(_ name: String) throws -> XMLSchema {
        try XMLSchema(contentsOfFile: schemaDirectory.appendingPathComponent(name).path)
    }

    /// The bundled rules, loaded as the tool loads them.
    static func bundledSpec() throws -> RuleSpec {
        try RuleSpec.load(files: ruleFiles, schemaDirectory: schemaDirectory, knownBlocks: BuiltInBlocks.names)
    }

    /// The ids of the bundled rules, for parameterised tests (empty when the spec does not
    /// load; "the bundled spec loads" then says why).
    static let bundledRuleIDs: [String] = (try? bundledSpec().rules.map(\.id)) ?? []
}

/// `../shared`, beside the package root: the team's reference material. Tests use it only
/// in cross-checks that say so in their names, and only when it is there.
enum Shared {
    static let directory = Checkout.root.deletingLastPathComponent().appendingPathComponent("shared")
    static let junitSchemas = directory.appendingPathComponent("reference/junit-schemas")
    static func schemaPath(_ name: String) -> String { junitSchemas.appendingPathComponent(name).path }
    static var hasJUnitSchemas: Bool {
        FileManager.default.fileExists(atPath: schemaPath("JUnit.xsd"))
            && FileManager.default.fileExists(atPath: schemaPath("junit-10.xsd"))
    }
}

/// A fresh directory for one test's files, removed when the test is done with it.
final class TemporaryDirectory: Sendable {
    let url: URL

    init(_ label: String = "AuditorTests") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `contents` to `name` (UTF-8) and returns its path.
    @discardableResult
    func write(_ name: String, _ contents: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: file)
        return file.path
    }

    /// The names in the directory (hidden ones too), sorted.
    func listing(_ subdirectory: String = "") throws -> [String] {
        let directory = subdirectory.isEmpty ? url : url.appendingPathComponent(subdirectory)
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }
}

/// One in-process run of the command line: its exit code and what it printed.
struct Invocation: CustomStringConvertible {
    var code: ExitCode
    var output: String
    var errors: String

    var description: String { "exit \(code.rawValue)\n--- stdout\n\(output)--- stderr\n\(errors)" }
    var outputLines: [String] { output.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
}

/// Text written from several threads, kept in order.
final class Capture: Sendable {
    private let text = Mutex("")
    func append(_ piece: String) { text.withLock { $0 += piece } }
    var value: String { text.withLock { $0 } }
}

/// Runs `a11y-audit ARGUMENTS` in process, as the executable would, in an environment
/// without CI variables (a parallel CI job running the tests must not shard their audits).
func runTool(_ arguments: [String], blocks: [any BlockModel] = BuiltInBlocks.all,
             environment: [String: String] = [:], errorsAreTerminal: Bool = false, workingDirectory: URL? = nil) -> Invocation {
    let output = Capture(), errors = Capture()
    var tool = CommandLineTool(output: { output.append($0) }, errors: { errors.append($0) }, blocks: blocks,
                               environment: environment, errorsAreTerminal: errorsAreTerminal)
    if let workingDirectory { tool.workingDirectory = workingDirectory }
    let code = tool.run(arguments)
    return Invocation(code: code, output: output.value, errors: errors.value)
}

/// `--where` arguments for each `DIM=VALUE` pair.
func whereArguments(_ pairs: [String]) -> [String] { pairs.flatMap { ["--where", $0] } }

/// The states of `block` matching `pairs`, as the engine's request for them.
func request(_ block: any BlockModel, _ pairs: [String]) throws -> BlockRequest {
    let filter = try StateFilter(parsing: pairs, in: block.stateSpace)
    return BlockRequest(block: block, selection: block.stateSpace.states(matching: filter), constraints: pairs)
}

/// The line and 1-based column where `needle` first occurs in `text`, plus `offset`
/// characters: where a spec error about that piece of text should point.
func location(of needle: String, in text: String, offset: Int = 0, occurrence: Int = 1) -> (line: Int, column: Int)? {
    var seen = 0
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        var rest = line[...]
        while let range = rest.range(of: needle) {
            seen += 1
            if seen == occurrence {
                return (index + 1, line.distance(from: line.startIndex, to: range.lowerBound) + 1 + offset)
            }
            rest = line[range.upperBound...]
        }
    }
    return nil
}

/// The `InputError` loading these spec files throws, or nil when they load.
func specLoadError(_ files: [String], knownBlocks: [String] = BuiltInBlocks.names) -> InputError? {
    do {
        _ = try RuleSpec.load(files: files, schemaDirectory: Checkout.schemaDirectory, knownBlocks: knownBlocks)
        return nil
    } catch {
        return error
    }
}

/// A rule file holding `rules`, with the `ax` namespace declared as bundled files do.
func ruleFile(_ rules: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <rules xmlns:ax="urn:a11y-audit:xpath">
    \(rules)
    </rules>

    """
}

/// A rule that is fine: every element has a label.
func labelRule(id: String = "has-label", severity: String = "error", blocks: String = "*",
               context: String = "element", test: String = "@label != ''", message: String = "{@id} has no label") -> String {
    """
      <rule id="\(id)" severity="\(severity)" blocks="\(blocks)">
        <title>Elements have labels</title>
        <context>\(context)</context>
        <assert test="\(test)">\(message)</assert>
        <pass><state><element id="a" label="A"/></state></pass>
        <fail><state><element id="b" label=""/></state></fail>
      </rule>
    """
}

/// Elements of a parsed XML document, by name, anywhere below `node`, in document order.
func descendants(_ node: XMLNode, named name: String) -> [XMLNode] {
    node.elementChildren.flatMap { child in (child.name == name ? [child] : []) + descendants(child, named: name) }
}
