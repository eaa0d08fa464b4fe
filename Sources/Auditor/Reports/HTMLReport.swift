import AccessibilityModel
import Foundation

/// The page a reviewer opens from a CI artifact: `index.html`, self-contained (inline CSS
/// and SVG, no script, nothing fetched), so it reads the same from a zip on any machine.
///
/// An overview per block, then per block each rule's result and failure summary, and for
/// each failing rule a few representative states redrawn from the model: the block at that
/// state (``StateDrawing``) beside what VoiceOver says in it and the failures found there.
/// States are re-rendered from their ids, so the report keeps nothing per state during the
/// audit. All text is escaped (``HTMLEscaping``) and void elements are closed, so the page
/// is well-formed XML as well as HTML and tools can read it with an XML parser.
public struct HTMLReport {
    public var outcome: AuditOutcome
    /// The audited blocks' models, to redraw sampled states.
    public var blocks: [any BlockModel]
    public var failOn: Severity?
    public var reproduction: Reproduction

    /// How many states each failing rule shows.
    public static let statesPerRule = 3

    public init(outcome: AuditOutcome, blocks: [any BlockModel], failOn: Severity?, reproduction: Reproduction = Reproduction()) {
        self.outcome = outcome
        self.blocks = blocks
        self.failOn = failOn
        self.reproduction = reproduction
    }

    /// Writes `index.html` into `directory`, all at once.
    public func write(toDirectory directory: String) throws(InputError) {
        try AtomicFile.write(Data(html().utf8), to: Self.indexPath(in: directory))
    }

    /// The page's path in `directory`.
    public static func indexPath(in directory: String) -> String {
        URL(fileURLWithPath: directory).appendingPathComponent("index.html").path
    }

    public func html() -> String {
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8"/>
            <meta name="viewport" content="width=device-width, initial-scale=1"/>
            <title>a11y-audit report</title>
            <meta name="generator" content="\(A11yAudit.name) \(A11yAudit.version)"/>
            <style>\(Self.style)</style>
            </head>
            <body>

            """
        page += header() + "<main>\n" + overview()
        for block in outcome.blocks { page += section(block) }
        page += "</main>\n</body>\n</html>\n"
        return page
    }

    private func gates(_ rule: RuleOutcome) -> Bool {
        guard let failOn, !rule.passed, !rule.isBaselined else { return false }
        return rule.rule.severity >= failOn
    }

    private func header() -> String {
        let states = outcome.blocks.reduce(0) { $0 + $1.states }
        let gating = outcome.blocks.flatMap(\.rules).filter(gates).count
        let gate = failOn.map { "fails on \($0.rawValue)" } ?? "never fails"
        let verdict = gating == 0 ? #"<p class="verdict pass">Nothing gates the release.</p>"#
            : #"<p class="verdict fail">\#(gating) gating \#(gating == 1 ? "failure" : "failures").</p>"#
        return """
            <header>
            <h1>Accessibility audit</h1>
            \(verdict)
            <p>a11y-audit \(A11yAudit.version): \(outcome.blocks.count) blocks, \(states) states, \(Self.seconds(outcome.seconds)) on \(outcome.jobs) jobs; the gate \(gate).
            Rules from \(e(outcome.specFiles.joined(separator: ", "))).</p>
            \(Self.legend)
            </header>

            """
    }

    private func overview() -> String {
        var rows = ""
        for block in outcome.blocks {
            let failing = block.rules.filter { !$0.passed }.count
            let skipped = block.rules.filter { $0.statesWithSubjects == 0 }.count
            rows += """
                <tr class="\(failing > 0 ? "fail" : "pass")"><th scope="row"><a href="#\(anchor(block))">\(e(block.block))</a></th>\
                <td>\(block.states)</td><td>\(block.rules.count)</td><td>\(failing)</td>\
                <td>\(block.rules.count - failing - skipped)</td><td>\(skipped)</td><td>\(Self.seconds(block.seconds))</td></tr>

                """
        }
        // Every failure on one screen, so a reviewer need not scroll past passing rules.
        var failures = ""
        for block in outcome.blocks {
            for rule in block.rules where !rule.passed {
                let result = gates(rule) ? "gates" : rule.isBaselined ? "baselined" : "below the gate"
                failures += """
                    <tr class="fail"><th scope="row"><a href="#\(anchor(block, rule))">\(e(block.block)) · \(e(rule.rule.id))</a></th>\
                    <td><span class="severity \(rule.rule.severity.rawValue)">\(rule.rule.severity.rawValue)</span></td>\
                    <td class="status">\(result)</td><td>\(rule.failingStates) of \(block.states)</td>\
                    <td>\(e(FailureSummary(rule, in: block)?.sentence ?? ""))</td></tr>

                    """
            }
        }
        if !failures.isEmpty {
            failures = """
                <h3>Failing rules</h3>
                <div class="scroll" role="region" aria-label="Failing rules" tabindex="0">
                <table class="failing">
                <thead><tr><th scope="col">Block · rule</th><th scope="col">Severity</th><th scope="col">Result</th>\
                <th scope="col">Failing states</th><th scope="col">Summary</th></tr></thead>
                <tbody>
                \(failures)</tbody>
                </table>
                </div>

                """
        }
        // The answers to named assumptions the audit chose; said only when it chose any.
        let assumed = outcome.choices.isEmpty ? "" : #"<p class="assumptions">Audited assuming \#(e(outcome.choices.arguments.joined(separator: ", "))); "#
            + "every other named assumption at its default (<code>a11y-audit assumptions</code>).</p>\n"
        return """
            <section id="overview">
            <h2>Overview</h2>
            \(assumed)<div class="scroll" role="region" aria-label="Blocks" tabindex="0">
            <table class="blocks">
            <thead><tr><th scope="col">Block</th><th scope="col">States</th><th scope="col">Rules</th><th scope="col">Failing</th>\
            <th scope="col">Passing</th><th scope="col">Skipped</th><th scope="col">Time</th></tr></thead>
            <tbody>
            \(rows)</tbody>
            </table>
            </div>
            \(failures)</section>

            """
    }

    private func section(_ block: BlockOutcome) -> String {
        let failing = block.rules.filter { !$0.passed }.count
        let skipped = block.rules.filter { $0.statesWithSubjects == 0 }.count
        var rows = ""
        for rule in block.rules {
            let status = rule.statesWithSubjects == 0 ? "skip" : rule.passed ? "pass" : "fail"
            let note = gates(rule) ? " (gates)" : rule.isBaselined ? " (baselined)" : ""
            let name = rule.passed ? e(rule.rule.id) : ##"<a href="#\##(anchor(block, rule))">\##(e(rule.rule.id))</a>"##
            let states = rule.statesWithSubjects == 0 ? "no subject" : "\(rule.failingStates) of \(block.states)"
            let summary = FailureSummary(rule, in: block)?.sentence ?? ""
            rows += """
                <tr class="\(status)"><th scope="row">\(name)</th><td><span class="severity \(rule.rule.severity.rawValue)">\
                \(rule.rule.severity.rawValue)</span></td><td class="status">\(status)\(note)</td>\
                <td>\(states)</td><td>\(e(summary))</td></tr>

                """
        }
        var html = """
            <section class="block" id="\(anchor(block))">
            <h2>\(e(block.block))</h2>
            <p class="meta">\(block.states) states\(block.constraints.isEmpty ? "" : " where \(e(block.constraints.joined(separator: " ")))"), \
            \(block.rules.count) rules, \(Self.seconds(block.seconds)); model: <code>\(e(block.sourcePath))</code></p>
            <details class="rules"\(failing > 0 ? " open=\"open\"" : "")><summary>\(block.rules.count) rules: \(failing) failing, \
            \(block.rules.count - failing - skipped) passing, \(skipped) skipped</summary>
            <div class="scroll" role="region" aria-label="Rules of \(e(block.block))" tabindex="0">
            <table class="rules">
            <thead><tr><th scope="col">Rule</th><th scope="col">Severity</th><th scope="col">Result</th>\
            <th scope="col">Failing states</th><th scope="col">Summary</th></tr></thead>
            <tbody>
            \(rows)</tbody>
            </table>
            </div>
            </details>

            """
        for rule in block.rules where !rule.passed { html += failure(rule, of: block) }
        html += "</section>\n\n"
        return html
    }

    private func failure(_ rule: RuleOutcome, of block: BlockOutcome) -> String {
        var details: [String] = []
        details.append("\(rule.failingStates) of \(block.states) states fail; \(rule.failingSubjects) failing subjects of \(rule.subjects) checked.")
        if !rule.rule.tags.isEmpty { details.append("Tags: \(rule.rule.tags.joined(separator: "; ")).") }
        let place = rule.rule.line > 0 ? "\(rule.rule.file):\(rule.rule.line)" : rule.rule.file
        var html = """
            <article class="failure \(gates(rule) ? "gating" : "below-gate")" id="\(anchor(block, rule))">
            <h3>\(e(rule.rule.id)) <span class="severity \(rule.rule.severity.rawValue)">\(rule.rule.severity.rawValue)</span> \
            <span class="title">\(e(rule.rule.title))</span></h3>

            """
        if let summary = FailureSummary(rule, in: block) {
            html += #"<p class="summary">\#(e(summary.sentence))</p>"# + "\n"
        }
        html += "<p>\(details.map(e).joined(separator: " ")) Rule: <code>\(e(place))</code></p>\n"
        if let note = rule.baselinedNote ?? rule.baselineGap {
            html += #"<p class="baseline">\#(e(note.prefix(1).uppercased() + note.dropFirst())).</p>"# + "\n"
        }
        if let note = block.assumptionNote(for: rule) {
            html += #"<p class="assumptions">Rests on \#(e(note)).</p>"# + "\n"
        }
        if let note = block.sensitivityNote(for: rule) {
            html += #"<p class="sensitivity">Sensitivity: \#(e(note)).</p>"# + "\n"
        }
        if let first = rule.samples.first {
            html += #"<p class="reproduce">Reproduce: <code>\#(e(reproduction.command(block: block.block, state: first.stateID)))</code></p>"# + "\n"
        }
        html += #"<div class="states">"# + "\n"
        // The first failing state, then those at the failure's boundary, then the most
        // varied of the other samples.
        let mark = FailureMarks.mark(for: rule.rule)
        let boundary = blocks.first { $0.name == block.block }
            .map { BoundaryStates(rule: rule, block: block, model: $0, choices: outcome.choices).states() } ?? []
        let sampled = Self.representatives(rule.samples)
        func sampledState(_ id: String) -> (String, [RuleOutcome.Sample], Bool) { (id, rule.samples.filter { $0.stateID == id }, false) }
        var shown = sampled.prefix(1).map(sampledState)
        shown += boundary.prefix(Self.statesPerRule - shown.count).map { ($0.id, $0.samples, true) }
        shown += sampled.dropFirst().filter { id in !shown.contains { $0.0 == id } }.prefix(Self.statesPerRule - shown.count).map(sampledState)
        for (state, samples, atBoundary) in shown {
            html += figure(state, samples: samples, block: block, mark: mark, boundary: atBoundary)
        }
        html += "</div>\n</article>\n\n"
        return html
    }

    private func figure(_ stateID: String, samples: [RuleOutcome.Sample], block: BlockOutcome, mark: any FailureMark,
                        boundary: Bool) -> String {
        let failing = Set(samples.map(\.subject))
        let failures = Dictionary(grouping: samples, by: \.subject).mapValues { $0.map(\.message) }
        var findings = ""
        for sample in samples {
            findings += #"<li><code>\#(e(sample.subject))</code>: <span class="message">\#(e(sample.message))</span></li>"# + "\n"
        }
        var drawing = ""
        var transcript = ""
        if let model = blocks.first(where: { $0.name == block.block }),
           let state = try? model.stateSpace.state(id: stateID) {
            let snapshot = model.snapshot(of: state)
            // The failing elements first, the whole state one click away.
            let drawn = StateDrawing(snapshot: snapshot, failures: failures, mark: mark)
            drawing = drawn.croppedSVG + OverlapDrawing(snapshot: snapshot, failing: failing).svg
                + ContrastDrawing(snapshot: snapshot, findings: samples.map { ($0.subject, $0.message) }).html
                + "\n<details class=\"whole\"><summary>The whole state</summary>\n\(drawn.svg)\n</details>"
            for element in snapshot.focusOrder {
                let line = Speech(for: element).line
                transcript += #"<li class="\#(failing.contains(element.id) ? "failing" : "")" data-id="\#(e(element.id))">"#
                    + "\(e(line.isEmpty ? "(silent)" : line))</li>\n"
            }
            transcript = transcript.isEmpty ? #"<p class="empty">Nothing to focus.</p>"#
                : #"<ol class="transcript">"# + "\n\(transcript)</ol>"
        } else {
            drawing = #"<p class="empty">This state cannot be redrawn: it is not a state of the audited model.</p>"#
        }
        return """
            <figure class="state\(boundary ? " boundary" : "")" data-state="\(e(stateID))">
            <figcaption><code>\(e(stateID))</code>\(boundary ? " — at the edge of the failure's condition" : "")</figcaption>
            <div class="drawing">\(drawing)</div>
            <div class="side">
            \(transcript.isEmpty ? "" : "<h4>VoiceOver, in focus order</h4>\n\(transcript)")
            <h4>Failures here</h4>
            <ul class="findings">
            \(findings)</ul>
            </div>
            </figure>

            """
    }

    /// Up to ``statesPerRule`` sampled states, each next one the sample that differs from
    /// those chosen in the most dimensions, so the figures show variety rather than
    /// neighbours.
    static func representatives(_ samples: [RuleOutcome.Sample]) -> [String] {
        var candidates: [String] = []
        for sample in samples where !candidates.contains(sample.stateID) { candidates.append(sample.stateID) }
        guard let first = candidates.first else { return [] }
        func pairs(_ id: String) -> Set<String> { Set(id.split(separator: ";").map(String.init)) }
        var chosen = [first]
        while chosen.count < statesPerRule {
            let remaining = candidates.filter { !chosen.contains($0) }
            guard !remaining.isEmpty else { break }
            // The nearest chosen state's difference; the candidate farthest from all wins.
            let distances = remaining.map { id in chosen.map { pairs($0).symmetricDifference(pairs(id)).count }.min() ?? 0 }
            chosen.append(remaining[distances.firstIndex(of: distances.max()!)!])
        }
        return chosen
    }

    private func anchor(_ block: BlockOutcome) -> String { "block-" + HTMLEscaping.identifier(block.block) }

    private func anchor(_ block: BlockOutcome, _ rule: RuleOutcome) -> String {
        "rule-" + HTMLEscaping.identifier(block.block) + "--" + HTMLEscaping.identifier(rule.rule.id)
    }

    private func e(_ text: String) -> String { HTMLEscaping.escape(text) }

    static func seconds(_ value: Double) -> String {
        String(format: "%.2f s", locale: Locale(identifier: "en_US_POSIX"), value)
    }

    /// What the drawings' marks mean, as text beside a swatch of each.
    static let legend = """
        <section class="legend" aria-labelledby="legend-heading"><h2 id="legend-heading">Reading the drawings</h2><ul>\
        \(swatch(#"<rect class="frame" x="2" y="4" width="32" height="16"/>"#))element frame, with its label</li>\
        \(swatch(#"<rect class="frame hidden" x="2" y="4" width="32" height="16"/>"#))element hidden from VoiceOver</li>\
        \(swatch(#"<rect class="hit" x="2" y="4" width="32" height="16"/>"#))hit region</li>\
        \(swatch(#"<rect class="hit failing" x="2" y="4" width="32" height="16"/>"#))hit region too small, with its size</li>\
        \(swatch(#"<rect class="target-reference" x="6" y="1" width="22" height="22"/>"#))44 × 44 pt target, for reference</li>\
        \(swatch(#"<rect class="text-mark failing" x="2" y="4" width="32" height="16"/>"#))text that fails the rule named above it</li>\
        \(swatch(#"<rect class="control-mark failing" x="2" y="4" width="32" height="16"/>"#))control whose interaction fails: what is missing is named above it</li>\
        \(swatch(#"<g class="focus"><circle cx="18" cy="12" r="8"/><text x="18" y="15.5" text-anchor="middle">1</text></g>"#))VoiceOver focus order</li>\
        \(swatch(#"<rect class="offscreen" x="2" y="4" width="32" height="16"/>"#))off screen, reached by scrolling</li>\
        </ul></section>
        """

    private static func swatch(_ shape: String) -> String {
        #"<li><svg xmlns="http://www.w3.org/2000/svg" class="swatch state-drawing" width="36" height="24" viewBox="0 0 36 24" aria-hidden="true" focusable="false">\#(shape)</svg> "#
    }

    static let style = """

        :root { color-scheme: light; --fail: #b91c1c; --pass: #15803d; --skip: #6b7280; --hit: #2563eb; }
        main { display: block; }
        .scroll { overflow-x: auto; max-width: 100%; }
        .scroll:focus { outline: 2px solid var(--hit); }
        section.legend h2 { font-size: 15px; margin: 12px 0 4px; border: 0; }
        section.legend ul { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: 4px 18px; }
        section.legend li { display: flex; align-items: center; gap: 6px; }
        details.whole > summary { cursor: pointer; color: #1d4ed8; margin: 6px 0; }
        @media (max-width: 600px) { body { padding: 0 12px 32px; } th, td { padding: 4px 5px; } }
        body { font: 15px/1.45 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; margin: 0 auto; max-width: 1200px; padding: 0 24px 48px; color: #111827; }
        h1 { margin: 24px 0 4px; } h2 { margin-top: 40px; border-bottom: 1px solid #d1d5db; padding-bottom: 4px; }
        h3 { margin: 28px 0 6px; } h4 { margin: 8px 0 4px; font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: #4b5563; }
        code { font: 12.5px/1.3 ui-monospace, "SF Mono", Menlo, Consolas, monospace; background: #f3f4f6; padding: 1px 4px; border-radius: 3px; word-break: break-all; }
        table { border-collapse: collapse; width: 100%; margin: 8px 0; }
        th, td { text-align: left; padding: 5px 8px; border-bottom: 1px solid #e5e7eb; vertical-align: top; }
        thead th { font-size: 12px; text-transform: uppercase; color: #4b5563; }
        tr.fail > th:first-child { border-left: 4px solid var(--fail); } tr.pass > th:first-child { border-left: 4px solid var(--pass); }
        tr.skip > th:first-child { border-left: 4px solid var(--skip); }
        td.status { font-weight: 600; } tr.fail td.status { color: var(--fail); } tr.pass td.status { color: var(--pass); } tr.skip td.status { color: var(--skip); }
        .severity { font-size: 11px; font-weight: 700; text-transform: uppercase; padding: 1px 6px; border-radius: 9px; color: #fff; background: var(--skip); vertical-align: middle; }
        .severity.error { background: var(--fail); } .severity.warning { background: #b45309; } .severity.info { background: #1d4ed8; }
        .title { font-weight: 400; color: #374151; font-size: 16px; }
        .verdict { font-weight: 700; font-size: 17px; } .verdict.fail { color: var(--fail); } .verdict.pass { color: var(--pass); }
        .summary { font-weight: 600; font-size: 16px; border-left: 4px solid var(--fail); padding-left: 10px; }
        .below-gate .summary { border-left-color: #b45309; }
        .meta, .reproduce { color: #374151; }
        .baseline { border-left: 4px solid #6b7280; padding-left: 10px; color: #374151; }
        .assumptions, .sensitivity { border-left: 4px solid #7c3aed; padding-left: 10px; color: #374151; }
        .states { display: flex; flex-direction: column; gap: 18px; }
        figure.state { margin: 0; border: 1px solid #e5e7eb; border-radius: 8px; padding: 12px; display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
        figure.state figcaption { flex-basis: 100%; }
        .drawing { overflow-x: auto; max-width: 100%; }
        .side { flex: 1 1 280px; min-width: 240px; }
        ol.transcript { margin: 0; padding-left: 26px; font-size: 14px; } ol.transcript li.failing { color: var(--fail); font-weight: 600; }
        ul.findings { margin: 0; padding-left: 18px; font-size: 14px; } .message { white-space: pre-wrap; }
        .empty { color: #6b7280; font-style: italic; }
        details.rules > summary { cursor: pointer; color: #374151; margin: 6px 0; }
        svg.state-drawing { font: 11px -apple-system, "Segoe UI", Roboto, Arial, sans-serif; }
        svg .offscreen { fill: #e5e7eb; } svg .screen { fill: #fff; stroke: #9ca3af; stroke-width: 1; }
        svg .offscreen-label { fill: #374151; font-size: 10px; }
        svg .frame { fill: none; stroke: #4b5563; stroke-width: 1; } svg .frame.hidden { stroke: #6b7280; stroke-dasharray: 1 2; }
        svg .element text { fill: #1f2937; }
        svg .hit { fill: rgba(37, 99, 235, .06); stroke: var(--hit); stroke-width: 1.2; stroke-dasharray: 4 3; }
        svg .hit.failing { fill: rgba(185, 28, 28, .14); stroke: var(--fail); stroke-width: 2; }
        svg .hit-size, svg .mark-label { fill: var(--fail); font-weight: 700; font-size: 11px; }
        svg .target-reference { fill: none; stroke: #15803d; stroke-width: 1; stroke-dasharray: 2 2; }
        svg .text-mark.failing { fill: rgba(185, 28, 28, .08); stroke: var(--fail); stroke-width: 2; stroke-dasharray: 6 2; }
        svg .control-mark.failing { fill: none; stroke: var(--fail); stroke-width: 2.5; }
        svg .focus circle { fill: #111827; } svg .focus text { fill: #fff; font-size: 10px; font-weight: 700; }

        """
}
