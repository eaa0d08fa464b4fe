import AccessibilityModel
import Foundation

/// The audit options that decide what gates and how a run is split: `--baseline`,
/// `--update-baseline`, `--shard` (or the CI system's parallel-job variables) and the
/// progress line.
extension CommandLineTool {
    /// The shard `--shard` names, else the one the CI environment names (said on stderr),
    /// else nil: the whole audit.
    func shard(_ option: String?) throws(InputError) -> Shard? {
        if let option {
            let shard = try Shard(parsing: option)
            return shard.count > 1 ? shard : nil
        }
        guard let detected = try CIParallelism.shard(in: environment) else { return nil }
        errors("shard \(detected.shard) from \(detected.source)\n")
        return detected.shard
    }

    /// The baseline at `path`, checked against the blocks and the loaded rules.
    func loadBaseline(_ path: String?, spec: RuleSpec) throws(InputError) -> Baseline? {
        guard let path else { return nil }
        guard let specs = SpecLocation.specsDirectory() else {
            throw InputError("cannot find the bundled specs (specs/schema/baseline.xsd); set A11Y_AUDIT_SPECS to a specs folder")
        }
        return try Baseline.load(file: SpecLocation.displayPath(path), schemaDirectory: specs.appendingPathComponent("schema"),
                                 blocks: blocks, spec: spec)
    }

    /// Starts a progress line for `requests` when a person watches stderr; nil otherwise.
    func watchProgress(of requests: [BlockRequest]) -> (progress: AuditProgress, line: ProgressLine)? {
        guard ProgressLine.isWanted(stderrIsTerminal: errorsAreTerminal, environment: environment) else { return nil }
        let progress = AuditProgress(total: requests.reduce(0) { $0 + $1.selection.count })
        // The ticker writes from its own thread; the executable's stderr and the tests'
        // captures both take writes from any thread.
        let errors = UncheckedSendable(errors)
        return (progress, ProgressLine(progress: progress, write: { errors.value($0) }))
    }

    /// Says what `--update-baseline` wrote: today's failures at or above the gate (all when it is never).
    func baselineUpdated(_ path: String, entries: Int) {
        errors("baseline with \(entries) entries: \(path) (each reason is \"\(BaselineWriter.reason)\" and expires in "
               + "\(BaselineWriter.days) days: say why each failure is accepted, narrow the where constraints, and check it in)\n")
    }

    /// Warnings about the baseline after an audit: entries no failing state matched, and
    /// reasons never written. A shard sees only part of the states, so it leaves stale
    /// entries to `merge`.
    func baselineWarnings(_ baseline: Baseline?, outcome: AuditOutcome) -> String {
        guard let baseline else { return "" }
        var lines = baseline.entries.filter { $0.reason.hasPrefix("TODO") }.map {
            "warning: \($0.location): the reason for accepting \($0.block) \($0.rule) is still \"\($0.reason)\""
        }
        if outcome.shard == nil {
            lines += outcome.staleBaselineEntries.map(\.staleWarning)
        }
        return lines.map { $0 + "\n" }.joined()
    }
}

/// A value handed to another thread that the compiler cannot prove may go there.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
