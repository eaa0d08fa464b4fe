import Foundation
import XMLSupport

/// The rules of one or more spec files, validated and with every expression checked.
///
/// Loading parses each file with line numbers, validates it against
/// `specs/schema/rules.xsd`, checks that every rule names known blocks, and compiles every
/// XPath expression (contexts, tests, message parts) so that a spec error surfaces before
/// any state is audited, with file, line and column.
public struct RuleSpec: Sendable {
    public var files: [String]
    public var rules: [Rule]

    public init(files: [String], rules: [Rule]) {
        self.files = files
        self.rules = rules
    }

    /// Loads and checks spec files. `knownBlocks` are the names rules may apply to.
    public static func load(files: [String], schemaDirectory: URL, knownBlocks: [String]) throws(InputError) -> RuleSpec {
        let schemaPath = schemaDirectory.appendingPathComponent("rules.xsd").path
        let schema: XMLSchema
        do { schema = try XMLSchema(contentsOfFile: schemaPath) } catch { throw InputError(error) }
        var rules: [Rule] = []
        for file in files {
            let document: XMLDocument
            do { document = try XMLDocument(contentsOfFile: file) } catch { throw InputError(error) }
            if let problem = schema.validate(document, name: file).first { throw InputError(problem) }
            let source = SourceText(file: file)
            for node in document.root.elementChildren where node.name == "rule" {
                let rule = try Self.rule(from: node, file: file, source: source, knownBlocks: knownBlocks)
                if let earlier = rules.first(where: { $0.id == rule.id }) {
                    throw InputError(file: file, line: node.line, column: source.column(ofTag: "rule", line: node.line),
                                     "rule id '\(rule.id)' is already used at \(earlier.file):\(earlier.line)")
                }
                rules.append(rule)
            }
        }
        let spec = RuleSpec(files: files, rules: rules)
        _ = try spec.compiled()
        return spec
    }

    private static func rule(from node: XMLNode, file: String, source: SourceText,
                             knownBlocks: [String]) throws(InputError) -> Rule {
        func located(_ child: XMLNode) -> Located<String> {
            Located(value: child.textContent.trimmingCharacters(in: .whitespacesAndNewlines), file: file,
                    line: child.line, column: source.column(ofTag: child.name, line: child.line))
        }
        func children(_ name: String) -> [XMLNode] { node.elementChildren.filter { $0.name == name } }
        func example(_ child: XMLNode) -> Located<XMLElement> {
            let state = child.elementChildren.first { $0.name == "state" } ?? child
            return Located(value: state.copy(), file: file, line: state.line,
                           column: source.column(ofTag: "state", line: state.line))
        }

        let blocks = (node.attribute("blocks") ?? "*").split(separator: " ").map(String.init).filter { $0 != "*" }
        for block in blocks where !knownBlocks.contains(block) {
            let place = source.valueStart(ofAttribute: "blocks", from: node.line)
            throw InputError(file: file, line: place.line, column: place.column,
                             "unknown block '\(block)'; known blocks: \(knownBlocks.joined(separator: ", "))")
        }
        let assertions = children("assert").map { assertNode -> Rule.Assertion in
            let place = source.valueStart(ofAttribute: "test", from: assertNode.line)
            return Rule.Assertion(
                test: Located(value: assertNode.attribute("test") ?? "", file: file, line: place.line, column: place.column),
                message: located(assertNode))
        }
        return Rule(
            id: node.attribute("id") ?? "",
            severity: Severity(rawValue: node.attribute("severity") ?? "") ?? .error,
            title: children("title").first.map { located($0).value } ?? "",
            description: children("description").first.map { located($0).value } ?? "",
            tags: children("tag").map { located($0).value },
            blocks: blocks,
            context: children("context").first.map(located) ?? Located(value: "", file: file, line: node.line, column: 1),
            assertions: assertions,
            passingExamples: children("pass").map(example),
            failingExamples: children("fail").map(example),
            file: file, line: node.line)
    }

    /// The rules with every expression compiled.
    public func compiled() throws(InputError) -> CompiledSpec {
        var compiled: [CompiledRule] = []
        for rule in rules { compiled.append(try CompiledRule(rule)) }
        return CompiledSpec(rules: compiled)
    }
}
