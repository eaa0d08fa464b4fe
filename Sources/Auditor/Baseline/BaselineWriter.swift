import Foundation
import XMLSupport

/// `--update-baseline FILE`: a baseline accepting today's failures, for a team to edit.
///
/// One entry per failing (block, rule), each with a `TODO` reason and an expiry 90 days
/// out. The pattern is the narrowest the audit's per-value counts give cheaply: per
/// dimension, the values failing states took, when that is not every value (so a rule
/// failing only at small text sizes gets `<where dimension="size" values="xS S M"/>`).
/// It may cover a few passing combinations of those values; it never misses a failing state.
public enum BaselineWriter {
    public static let days = 90
    public static let reason = "TODO: explain"

    /// The entries for the failures at or above `severity` (all failures when nil).
    public static func entries(for outcome: AuditOutcome, atLeast severity: Severity?, today: CalendarDate,
                               file: String) -> [BaselineEntry] {
        var entries: [BaselineEntry] = []
        for block in outcome.blocks {
            for rule in block.rules where !rule.passed && rule.rule.id != TranscriptApprovalRule.id
                && severity.map({ rule.rule.severity >= $0 }) ?? true {
                entries.append(BaselineEntry(block: block.block, rule: rule.rule.id, pattern: pattern(of: rule, in: block),
                                             reason: reason, expires: today.adding(days: days), file: file))
            }
        }
        return entries
    }

    /// Per dimension, the values the rule's failing states took, when fewer than all.
    static func pattern(of rule: RuleOutcome, in block: BlockOutcome) -> StatePattern {
        guard let dimensions = block.stateSpace?.dimensions, rule.failingValues.states == rule.failingStates else {
            return StatePattern()
        }
        var constraints: [StatePattern.Constraint] = []
        for (index, dimension) in dimensions.enumerated() {
            let values = dimension.values.indices.filter { rule.failingValues.count(dimension: index, value: $0) > 0 }
            if !values.isEmpty, values.count < dimension.values.count {
                constraints.append(StatePattern.Constraint(dimension: dimension.name, values: values.map { dimension.values[$0] }))
            }
        }
        return StatePattern(constraints)
    }

    /// The baseline document (valid against `specs/schema/baseline.xsd`).
    public static func data(_ entries: [BaselineEntry]) -> Data {
        let writer = XMLWriter(indent: true)
        writer.startElement("baseline")
        for entry in entries {
            writer.startElement("accept")
            writer.attribute("block", entry.block)
            writer.attribute("rule", entry.rule)
            writer.attribute("expires", entry.expires.description)
            writer.element("reason", text: entry.reason)
            for constraint in entry.pattern.constraints {
                writer.element("where", attributes: [("dimension", constraint.dimension),
                                                     ("values", constraint.values.joined(separator: " "))])
            }
            writer.endElement()
        }
        writer.endElement()
        return writer.finish()
    }
}
