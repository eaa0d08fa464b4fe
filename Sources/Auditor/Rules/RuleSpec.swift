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

    /// Loads and checks spec files. `knownBlocks` are the names rules may apply to; a rule in
    /// one of `bundledFiles` may also name a block the registry leaves out (the bundled
    /// contracts of built-in blocks a team does not audit), and then applies to nothing.
    public static func load(files: [String], schemaDirectory: URL, knownBlocks: [String],
                            bundledFiles: Set<String> = []) throws(InputError) -> RuleSpec {
        let schemaPath = schemaDirectory.appendingPathComponent("rules.xsd").path
        let schema: XMLSchema
        do { schema = try XMLSchema(contentsOfFile: schemaPath) } catch { throw InputError(error) }
        var rules: [Rule] = []
        var ruleIndex: [String: Int] = [:]
        for file in files {
            let document: XMLDocument
            do { document = try XMLDocument(contentsOfFile: file) } catch { throw InputError(error) }
            if let problem = schema.validate(document, name: file).first { throw InputError(problem) }
            let source = SourceText(file: file)
            for node in document.root.elementChildren where node.name == "rule" {
                let rule = try Self.rule(from: node, file: file, source: source,
                                         knownBlocks: bundledFiles.contains(file) ? nil : knownBlocks)
                if let earlier = ruleIndex[rule.id].map({ rules[$0] }) {
                    let place = source.tagStart("rule", nodeLine: node.line)
                    throw InputError(file: file, line: place.line, column: place.column,
                                     "rule id '\(rule.id)' is already used at \(earlier.file):\(earlier.line)")
                }
                ruleIndex[rule.id] = rules.count
                rules.append(rule)
            }
        }
        let spec = RuleSpec(files: files, rules: rules)
        _ = try spec.compiled()
        return spec
    }

    private static func rule(from node: XMLNode, file: String, source: SourceText,
                             knownBlocks: [String]?) throws(InputError) -> Rule {
        func located(_ child: XMLNode) -> Located<String> {
            let text = source.textStart(inTagAt: source.tagStart(child.name, nodeLine: child.line))
            return Located(value: child.textContent.trimmingCharacters(in: .whitespacesAndNewlines), file: file,
                           line: text.line, column: text.column, raw: source.raw(from: text, upTo: "<"))
        }
        func children(_ name: String) -> [XMLNode] { node.elementChildren.filter { $0.name == name } }
        func example(_ child: XMLNode) -> Located<XMLElement> {
            let state = child.elementChildren.first { $0.name == "state" } ?? child
            let place = source.tagStart("state", nodeLine: state.line)
            return Located(value: state.copy(), file: file, line: place.line, column: place.column)
        }

        let ruleTag = source.tagStart("rule", nodeLine: node.line)
        let blocksValue = node.attribute("blocks") ?? "*"
        let blocks = blocksValue.split(separator: " ").map(String.init).filter { $0 != "*" }
        for block in blocks where !(knownBlocks?.contains(block) ?? true) {
            let value = source.valueStart(ofAttribute: "blocks", inTagAt: ruleTag)
            let offset = blocksValue.unicodeScalars.count - (blocksValue.range(of: block).map {
                blocksValue[$0.lowerBound...].unicodeScalars.count } ?? blocksValue.unicodeScalars.count)
            let place = Located(value: blocksValue, file: file, line: value.line, column: value.column,
                                raw: source.raw(from: value, upTo: "\"")).position(ofDecodedOffset: offset)
            throw InputError(file: file, line: place.line, column: place.column,
                             "unknown block '\(block)'; known blocks: \(knownBlocks?.joined(separator: ", ") ?? "")")
        }
        let assertions = children("assert").map { assertNode -> Rule.Assertion in
            let tag = source.tagStart("assert", nodeLine: assertNode.line)
            let place = source.valueStart(ofAttribute: "test", inTagAt: tag)
            // Only the one character before the value: reading more would make loading quadratic.
            let quote = source.scalar(at: SourceText.Position(line: place.line, column: max(1, place.column - 1)))
            return Rule.Assertion(
                test: Located(value: assertNode.attribute("test") ?? "", file: file, line: place.line, column: place.column,
                              raw: source.raw(from: place, upTo: quote == "'" ? "'" : "\"")),
                message: located(assertNode))
        }
        var rule = Rule(
            id: node.attribute("id") ?? "",
            severity: Severity(rawValue: node.attribute("severity") ?? "") ?? .error,
            title: children("title").first.map { located($0).value } ?? "",
            description: children("description").first.map { located($0).value } ?? "",
            tags: children("tag").map { located($0).value },
            blocks: blocks,
            context: children("context").first.map(located) ?? Located(value: "", file: file, line: ruleTag.line, column: 1),
            assertions: assertions,
            passingExamples: children("pass").map(example),
            failingExamples: children("fail").map(example),
            file: file, line: ruleTag.line)
        rule.noSubject = children("no-subject").first.map { located($0).value } ?? ""
        return rule
    }

    /// The rules with every expression compiled.
    public func compiled() throws(InputError) -> CompiledSpec {
        var compiled: [CompiledRule] = []
        for rule in rules { compiled.append(try CompiledRule(rule)) }
        return CompiledSpec(rules: compiled)
    }
}
