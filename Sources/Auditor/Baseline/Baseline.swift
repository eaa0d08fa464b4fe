import AccessibilityModel
import Foundation
import XMLSupport

/// The failures a team accepts for now (`--baseline FILE`, schema `specs/schema/baseline.xsd`).
///
/// Loading parses the file with line numbers, validates it against the schema and checks
/// what a schema cannot: that each entry names a known block, a rule of the loaded spec
/// that applies to it, and dimensions and values of that block. Every problem names the
/// file, line and column, before any state is audited.
public struct Baseline: Sendable {
    public var file: String
    public var entries: [BaselineEntry]

    public init(file: String, entries: [BaselineEntry]) {
        self.file = file
        self.entries = entries
    }

    /// The entries for one block and rule, in file order.
    public func entries(block: String, rule: String) -> [BaselineEntry] {
        entries.filter { $0.block == block && $0.rule == rule }
    }

    public static func load(file: String, schemaDirectory: URL, blocks: [any BlockModel],
                            spec: RuleSpec) throws(InputError) -> Baseline {
        let document = try ValidatedDocument.load(file, schema: "baseline.xsd", in: schemaDirectory)
        let source = SourceText(file: file)
        var entries: [BaselineEntry] = []
        for node in document.root.elementChildren where node.name == "accept" {
            entries.append(try entry(node, file: file, source: source, blocks: blocks, spec: spec))
        }
        return Baseline(file: file, entries: entries)
    }

    private static func entry(_ node: XMLNode, file: String, source: SourceText, blocks: [any BlockModel],
                              spec: RuleSpec) throws(InputError) -> BaselineEntry {
        let tag = source.tagStart("accept", nodeLine: node.line)
        func error(at attribute: String, in tag: SourceText.Position, offset: Int = 0, _ message: String) -> InputError {
            let start = source.valueStart(ofAttribute: attribute, inTagAt: tag)
            let quote = source.raw(from: SourceText.Position(line: start.line, column: max(1, start.column - 1)), upTo: "\u{0}").first
            let place = Located(value: "", file: file, line: start.line, column: start.column,
                                raw: source.raw(from: start, upTo: quote == "'" ? "'" : "\"")).position(ofDecodedOffset: offset)
            return InputError(file: file, line: place.line, column: place.column, message)
        }

        let blockName = node.attribute("block") ?? ""
        guard let block = blocks.first(where: { $0.name == blockName }) else {
            throw error(at: "block", in: tag, "unknown block '\(blockName)'; known blocks: \(blocks.map(\.name).joined(separator: ", "))")
        }
        let ruleID = node.attribute("rule") ?? ""
        if ruleID == TranscriptApprovalRule.id {
            throw error(at: "rule", in: tag, "'\(ruleID)' is not baselined: approve the reviewed transcripts with `a11y-audit transcript --record`")
        }
        guard let rule = spec.rules.first(where: { $0.id == ruleID }) else {
            throw error(at: "rule", in: tag, "unknown rule '\(ruleID)'; the rule spec (\(spec.files.joined(separator: ", "))) has no rule of that id")
        }
        guard rule.applies(to: block.name) else {
            throw error(at: "rule", in: tag, "rule '\(ruleID)' does not apply to \(block.name); it applies to \(rule.blocks.joined(separator: ", "))")
        }
        var constraints: [StatePattern.Constraint] = []
        for whereNode in node.elementChildren where whereNode.name == "where" {
            let whereTag = source.tagStart("where", nodeLine: whereNode.line)
            let name = whereNode.attribute("dimension") ?? ""
            guard let dimension = block.stateSpace.dimension(named: name) else {
                throw error(at: "dimension", in: whereTag, "\(block.name) has no dimension '\(name)'; its dimensions: "
                            + block.stateSpace.dimensions.map(\.name).joined(separator: ", "))
            }
            let text = whereNode.attribute("values") ?? ""
            var values: [String] = []
            var offset = 0
            for piece in text.split(separator: " ", omittingEmptySubsequences: false) {
                defer { offset += piece.unicodeScalars.count + 1 }
                guard !piece.isEmpty else { continue }
                let value = String(piece)
                guard dimension.values.contains(value) else {
                    throw error(at: "values", in: whereTag, offset: offset,
                                "\(block.name) has no value '\(value)' for '\(name)'; its values: \(dimension.values.joined(separator: " "))")
                }
                if !values.contains(value) { values.append(value) }
            }
            // In the dimension's order, so messages and reports read alike whatever the file's order.
            constraints.append(StatePattern.Constraint(dimension: name, values: dimension.values.filter(values.contains)))
        }
        let expiresText = node.attribute("expires") ?? ""
        guard let expires = CalendarDate(expiresText) else {
            throw error(at: "expires", in: tag, "'\(expiresText)' is not a date (YYYY-MM-DD)")
        }
        let reason = node.elementChildren.first { $0.name == "reason" }?.textContent ?? ""
        return BaselineEntry(block: block.name, rule: ruleID, pattern: StatePattern(constraints),
                             reason: reason.split(whereSeparator: \.isWhitespace).joined(separator: " "),
                             expires: expires, file: file, line: tag.line)
    }
}
