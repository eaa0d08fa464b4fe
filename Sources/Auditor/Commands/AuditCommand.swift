import AccessibilityModel
import Foundation

extension CommandLineTool {
    func audit(_ arguments: Arguments) throws(InputError) -> ExitCode {
        let failOn = try Self.failOn(try arguments.value("--fail-on") ?? "error")
        let jobs = try arguments.wholeNumber("--jobs", upTo: Self.maximumJobs) ?? ProcessInfo.processInfo.activeProcessorCount
        // --scale and --copies (hidden) multiply the blocks' widths, or add a dimension
        // nothing reads, for measuring how an audit grows.
        let selected = try CopiedBlock.blocks(
            try Scale.blocks(try arguments.checked("--block") { names throws(InputError) in try selectBlocks(names) },
                             by: try arguments.wholeNumber("--scale", upTo: Scale.limit) ?? 1),
            copies: try arguments.wholeNumber("--copies", upTo: CopiedBlock.limit) ?? 1)
        var choices = try arguments.checked("--assume") { words throws(InputError) in try Self.choices(words, for: selected) }
        let themePath = try arguments.value("--theme")
        choices.palette = try palette(theme: themePath)
        let coverage = try Coverage(option: try arguments.value("--coverage") ?? Coverage.exhaustive.rawValue)
        let shard = try shard(try arguments.value("--shard"))
        let selections = try arguments.checked("--where") { constraints throws(InputError) in
            try Self.requests(for: selected, constraints: constraints)
        }
        let requests = coverage.apply(to: selections).map { request in
            BlockRequest(block: request.block, selection: shard?.share(of: request.selection) ?? request.selection,
                         constraints: request.constraints, choices: choices)
        }
        let bundled = !arguments.flags.contains("--no-bundled-rules")
        let spec = try loadSpec(arguments.values("--rules"), bundled: bundled)
        let baseline = try loadBaseline(try arguments.value("--baseline"), spec: spec)
        let updatePath = try arguments.value("--update-baseline")
        if updatePath != nil, let shard {
            throw InputError("--update-baseline needs every state, and shard \(shard) audits a share of them: "
                             + "give it to `a11y-audit merge` with the shard reports instead")
        }
        let junitPath = try arguments.value("--junit") ?? "reports/junit.xml"
        let sarifPath = try arguments.value("--sarif"), htmlDirectory = try arguments.value("--html")
        var inputs = spec.files.map { (option: "--rules", path: $0) }
        if let baselinePath = try arguments.value("--baseline") { inputs.append((option: "--baseline", path: baselinePath)) }
        if let themePath { inputs.append((option: "--theme", path: themePath)) }
        // The outputs are checked before the audit runs, and again when they are written.
        var planned = ReportBatch()
        planned.inputs = inputs
        planned.add(Data(), to: junitPath, option: "--junit")
        if let sarifPath { planned.add(Data(), to: sarifPath, option: "--sarif") }
        if let htmlDirectory { planned.add(Data(), to: HTMLReport.indexPath(in: htmlDirectory), option: "--html") }
        if let updatePath { planned.add(Data(), to: updatePath, option: "--update-baseline") }
        try planned.check()

        var engine = AuditEngine(spec: spec, jobs: jobs, memoizes: !arguments.flags.contains("--no-memo"))
        engine.folds = !arguments.flags.contains("--no-fold")
        engine.baseline = baseline
        let watch = watchProgress(of: requests)
        engine.progress = watch?.progress
        // --findings (hidden) logs every failure, for cross-checks; --stats (hidden) the figures.
        if let path = try arguments.value("--findings") { try FindingsLog.open(path) }
        let audited = Result { () throws(InputError) in try engine.audit(requests) }
        watch?.line.stop()
        try FindingsLog.close()
        var outcome = try audited.get()
        outcome.shard = shard
        outcome.coverage = coverage
        outcome.choices = choices
        outcome.themeFile = themePath
        if let path = try arguments.value("--stats") {
            try AuditStatistics(outcome: outcome, memoizes: engine.memoizes).write(to: path)
        }
        // Reviewed transcripts gate like any rule; TranscriptApprovalRule says which are checked.
        TranscriptApprovalRule(approved: try approvedFolder()).append(to: &outcome, for: requests)
        // --sensitivity re-audits the failing rules' blocks under the other answers to the
        // assumptions their failing states read; counts, reports' findings and the gate stay.
        if arguments.flags.contains("--sensitivity") { try engine.measureSensitivity(of: &outcome, requests: requests) }
        let ruleArguments = (bundled ? [] : ["--no-bundled-rules"]) + arguments.values("--rules").flatMap { ["--rules", $0] }
            + choices.arguments.flatMap { ["--assume", $0] } + (themePath.map { ["--theme", $0] } ?? [])
        let report = JUnitReport(outcome: outcome, failOn: failOn, reproduction: Reproduction(ruleArguments: ruleArguments))
        // Every report is prepared first and committed last: a run that fails changes nothing.
        var batch = ReportBatch()
        batch.inputs = inputs
        batch.add(report.data(), to: junitPath, option: "--junit")
        if let sarifPath { batch.add(SARIFReport(outcome: outcome, reproduction: report.reproduction).data(), to: sarifPath, option: "--sarif") }
        if let htmlDirectory {
            let page = HTMLReport(outcome: outcome, blocks: selected.map { $0.assuming(choices) }, failOn: failOn, reproduction: report.reproduction)
            batch.add(Data(page.html().utf8), to: HTMLReport.indexPath(in: htmlDirectory), option: "--html")
        }
        let baselineEntries = updatePath.map { BaselineWriter.entries(for: outcome, atLeast: failOn, today: .today, file: $0) }
        if let updatePath, let baselineEntries { batch.add(BaselineWriter.data(baselineEntries), to: updatePath, option: "--update-baseline") }
        try batch.commit()
        if let updatePath, let baselineEntries { baselineUpdated(updatePath, entries: baselineEntries.count) }
        let verbosity = arguments.flags.contains("--phases") ? max(arguments.verbosity, .verbose) : arguments.verbosity
        printFindings(outcome, failOn: failOn, verbosity: verbosity)
        errors(baselineWarnings(baseline, outcome: outcome))
        if verbosity > .quiet {
            errors("JUnit report: \(junitPath)\n")
            if let sarifPath { errors("SARIF report: \(sarifPath)\n") }
            if let htmlDirectory { errors("HTML report: \(URL(fileURLWithPath: htmlDirectory).appendingPathComponent("index.html").relativePath)\n") }
        }
        guard let failOn else { return .success }
        return outcome.gatingFailures(atLeast: failOn).isEmpty ? .success : .gateFailed
    }

    /// Prints an audit's findings and summary on stdout, and on GitHub Actions a workflow
    /// command per failure, which annotates the rule's line. A shard leaves the annotations
    /// to `merge`, which sees every state: GitHub would otherwise show each failure once per
    /// shard, and again from the merge.
    func printFindings(_ outcome: AuditOutcome, failOn: Severity?, verbosity: Verbosity) {
        output(ConsoleSummary.text(for: outcome, failOn: failOn, verbosity: verbosity))
        if GitHubAnnotations.areWanted(in: environment), outcome.shard == nil {
            output(GitHubAnnotations.commands(for: outcome, failOn: failOn, relativeTo: workingDirectory))
        }
    }

    /// The most workers `--jobs` asks for: more than any machine this runs on has cores
    /// (an audit never uses more workers than a block has selected states either).
    static let maximumJobs = 256

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
        try checkConstraints(constraints)
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
        // Constraints every block knows but no state meets (size=L and size=M) select nothing.
        if !requests.isEmpty, !constraints.isEmpty, requests.allSatisfy({ $0.selection.isEmpty }) {
            let hints = requests.map { "\($0.block.name): " + compatibleValues(of: $0.block.stateSpace, constraints: constraints) }
            throw InputError("--where \(constraints.joined(separator: " ")) selects no state; " + hints.joined(separator: "; "))
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
