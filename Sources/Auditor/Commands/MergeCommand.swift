import AccessibilityModel
import Foundation

/// `a11y-audit merge -o FILE [--fail-on error|warning|never] [--update-baseline FILE]
/// [--sarif FILE] [--html DIR] REPORT…`
///
/// Merges the JUnit reports of an audit's shards (and JUnit files from other tools) into
/// one report, writes the SARIF log and HTML page of the merged findings (a11y-audit's
/// own: other tools' cases are only carried in the JUnit report), prints the same summary
/// an unsplit audit prints, and gates on the merged
/// findings: exit 1 when an a11y-audit rule at or above `--fail-on` fails outside the
/// baseline the shards were audited with, or another tool's case failed or erred. Stale
/// baseline entries are decided here, where every state's failures are known.
extension CommandLineTool {
    func merge(_ arguments: Arguments) throws(InputError) -> ExitCode {
        guard let outputPath = try arguments.value("--output") else {
            throw InputError("merge needs -o FILE, the merged report to write: a11y-audit merge -o reports/junit.xml shard-*.xml")
        }
        guard !arguments.positionals.isEmpty else {
            throw InputError("merge needs the reports to merge: a11y-audit merge -o \(outputPath) REPORT…")
        }
        let failOn = try Self.failOn(try arguments.value("--fail-on") ?? "error")

        let sarifPath = try arguments.value("--sarif"), htmlDirectory = try arguments.value("--html")
        let inputs = arguments.positionals.map { (option: "a report to merge", path: $0) }
        var planned = ReportBatch()
        planned.inputs = inputs
        planned.add(Data(), to: outputPath, option: "-o")
        if let sarifPath { planned.add(Data(), to: sarifPath, option: "--sarif") }
        if let htmlDirectory { planned.add(Data(), to: HTMLReport.indexPath(in: htmlDirectory), option: "--html") }
        if let path = try arguments.value("--update-baseline") { planned.add(Data(), to: path, option: "--update-baseline") }
        try planned.check()

        var merge = JUnitMerge()
        for file in arguments.positionals {
            guard FileManager.default.fileExists(atPath: file) else { throw InputError(file: file, "no such report") }
            try merge.read(file)
        }
        let specFiles = try merge.specFiles() ?? []
        let spec = specFiles.isEmpty ? nil : try loadReportedSpec(specFiles)
        let outcome = try merge.outcome(rule: { (id, block) throws(InputError) -> Rule? in
            if id == TranscriptApprovalRule.id { return TranscriptApprovalRule(approved: try approvedFolder()).rule(for: block) }
            return spec?.rules.first { $0.id == id }
        }, space: { name in blocks.first { $0.name == name }?.stateSpace })

        // The HTML report draws contrast failures in the colours the audit used.
        var choices = outcome.choices
        if let theme = outcome.themeFile {
            guard FileManager.default.fileExists(atPath: theme) else {
                throw InputError(file: theme, "the reports were audited with this theme (--theme), and it is gone; merge in the checkout the audit ran in")
            }
            choices.palette = try palette(theme: theme)
        }
        let report = JUnitReport(outcome: outcome, failOn: failOn,
                                 reproduction: Reproduction(ruleArguments: ruleArguments(for: specFiles)
                                                                + outcome.choices.arguments.flatMap { ["--assume", $0] }
                                                                + (outcome.themeFile.map { ["--theme", $0] } ?? [])))
        // Every report is prepared first and committed last: a merge that fails changes nothing.
        var batch = ReportBatch()
        batch.inputs = inputs + specFiles.map { (option: "the rules the reports name", path: $0) }
            + (outcome.themeFile.map { [(option: "the theme the reports name", path: $0)] } ?? [])
        batch.add(merge.data(report), to: outputPath, option: "-o")
        if let sarifPath { batch.add(SARIFReport(outcome: outcome, reproduction: report.reproduction).data(), to: sarifPath, option: "--sarif") }
        if let htmlDirectory {
            let audited = blocks.filter { block in outcome.blocks.contains { $0.block == block.name } }.map { $0.assuming(choices.themed) }
            let page = HTMLReport(outcome: outcome, blocks: audited, failOn: failOn, reproduction: report.reproduction)
            batch.add(Data(page.html().utf8), to: HTMLReport.indexPath(in: htmlDirectory), option: "--html")
        }
        let updatePath = try arguments.value("--update-baseline")
        let baselineEntries = updatePath.map { BaselineWriter.entries(for: outcome, atLeast: failOn, today: .today, file: $0) }
        if let updatePath, let baselineEntries { batch.add(BaselineWriter.data(baselineEntries), to: updatePath, option: "--update-baseline") }
        try batch.commit()
        if let updatePath, let baselineEntries { baselineUpdated(updatePath, entries: baselineEntries.count) }

        let failingForeign = merge.foreign.flatMap(\.failingCases).count
        let verbosity = arguments.verbosity
        if !outcome.blocks.isEmpty {
            printFindings(outcome, failOn: failOn, verbosity: verbosity)
            errors(outcome.staleBaselineEntries.map { $0.staleWarning + "\n" }.joined())
        }
        if !merge.foreign.isEmpty {
            let cases = merge.foreign.reduce(0) { $0 + $1.cases.count }
            output("other tools: \(Count(merge.foreign.count, "suite")), \(Count(cases, "case")), \(Count.grouped(failingForeign)) failing or in error\n")
        }
        if verbosity > .quiet {
            errors("merged \(Count(arguments.positionals.count, "report")) into \(outputPath)\n")
            if let sarifPath { errors("SARIF report: \(sarifPath)\n") }
            if let htmlDirectory { errors("HTML report: \(URL(fileURLWithPath: htmlDirectory).appendingPathComponent("index.html").relativePath)\n") }
        }
        guard let failOn else { return .success }
        return outcome.gatingFailures(atLeast: failOn).isEmpty && failingForeign == 0 ? .success : .gateFailed
    }

    /// The rule files a report names, loaded as the audit loaded them.
    ///
    /// A report is an input like any other: the files it names are read only when they could
    /// be rule files (`.xml`, regular files), never a device, a FIFO or any other file.
    private func loadReportedSpec(_ files: [String]) throws(InputError) -> RuleSpec {
        for file in files {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
                throw InputError(file: file, "the reports were audited with this rule file, which is not here; merge in the checkout the audit ran in")
            }
            var status = stat()
            guard file.hasSuffix(".xml"), !isDirectory.boolValue, stat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
                throw InputError(file: file, "the reports name this as a rule file, but it is not an .xml file; merge reports a11y-audit wrote")
            }
        }
        return try loadSpec(files, bundled: false)
    }

    /// The rule options that load `files`: the ones beyond the bundled rules when all of
    /// those are among them, otherwise `--no-bundled-rules` and every file.
    private func ruleArguments(for files: [String]) -> [String] {
        guard let specs = SpecLocation.specsDirectory() else { return ["--no-bundled-rules"] + files.flatMap { ["--rules", $0] } }
        let bundled = SpecLocation.ruleFiles(in: specs.appendingPathComponent("rules")).map(SpecLocation.displayPath)
        guard bundled.allSatisfy(files.contains) else { return ["--no-bundled-rules"] + files.flatMap { ["--rules", $0] } }
        return files.filter { !bundled.contains($0) }.flatMap { ["--rules", $0] }
    }
}
