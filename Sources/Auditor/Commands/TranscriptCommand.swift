import AccessibilityModel
import Foundation

/// `a11y-audit transcript`: read, approve and verify what VoiceOver says.
///
/// - `transcript [BLOCK]… [--scenario NAME]…` prints the review scenarios (all blocks when
///   none is named); `transcript BLOCK --where …` prints the matching states instead.
///   `--format markdown` renders the same for a pull request.
/// - `--check` compares each review scenario with its approved file (exit 1 on a
///   difference, with the diff); `--record` writes the approved files after review.
/// - `--compare FILE` compares one state (`--where` or `--scenario` naming exactly one) with
///   a device recording (exit 1 on a difference, 2 on an unreadable file).
extension CommandLineTool {
    func transcript(_ arguments: Arguments) throws(InputError) -> ExitCode {
        let constraints = arguments.values("--where"), scenarioNames = arguments.values("--scenario")
        let format = try arguments.value("--format") ?? "text"
        guard format == "text" || format == "markdown" else {
            throw InputError("--format takes text or markdown, not '\(format)'")
        }
        let compare = try arguments.value("--compare")
        let modes = [arguments.flags.contains("--check") ? "--check" : nil, arguments.flags.contains("--record") ? "--record" : nil,
                     compare == nil ? nil : "--compare"].compactMap { $0 }
        guard modes.count <= 1 else { throw InputError("give one of --check, --record and --compare, not \(modes.joined(separator: " and "))") }
        guard constraints.isEmpty || scenarioNames.isEmpty else {
            throw InputError("select states with --where or review scenarios with --scenario, not both")
        }
        if let mode = modes.first, mode != "--check", arguments.values("--format").count > 0 {
            throw InputError("--format applies to printed transcripts and to --check, not to \(mode)")
        }
        if let mode = modes.first, mode != "--compare", !constraints.isEmpty {
            throw InputError("\(mode) works on review scenarios; select them with --scenario NAME, not --where")
        }

        if let mode = modes.first, mode != "--compare", !arguments.values("--assume").isEmpty {
            throw InputError("\(mode) works on the approved transcripts, made under every assumption's default; "
                             + "--assume applies to printing and to --compare")
        }

        let blocks = try chosen(selectBlocks(arguments.positionals), arguments)
        if !constraints.isEmpty || !scenarioNames.isEmpty || compare != nil, blocks.count != 1 {
            let option = compare != nil ? "--compare" : constraints.isEmpty ? "--scenario" : "--where"
            throw InputError("\(option) needs one block name; blocks: \(self.blocks.map(\.name).joined(separator: ", "))")
        }

        if let compare { return try compareRecording(compare, block: blocks[0], constraints: constraints, scenarioNames: scenarioNames) }
        if arguments.flags.contains("--check") {
            return try checkTranscripts(blocks, scenarioNames: scenarioNames, markdown: format == "markdown", verbosity: arguments.verbosity)
        }
        if arguments.flags.contains("--record") { return try recordTranscripts(blocks, scenarioNames: scenarioNames) }
        if !constraints.isEmpty { return try printStates(of: blocks[0], constraints: constraints, markdown: format == "markdown") }
        return try printScenarios(blocks, scenarioNames: scenarioNames, markdown: format == "markdown")
    }

    /// The approved folders the tool was given, or the bundled `specs/transcripts`.
    func approvedFolder() throws(InputError) -> ApprovedTranscripts {
        if let approvedTranscripts { return approvedTranscripts }
        guard let bundled = ApprovedTranscripts.bundled() else {
            throw InputError("cannot find the approved transcripts (specs/transcripts); set A11Y_AUDIT_SPECS to a specs folder")
        }
        return bundled
    }

    private func printScenarios(_ blocks: [any BlockModel], scenarioNames: [String], markdown: Bool) throws(InputError) -> ExitCode {
        var documents: [String] = []
        for block in blocks {
            var sections: [TranscriptMarkdown.Section] = []
            for scenario in try block.reviewScenarios(named: scenarioNames) {
                sections.append(.init(scenario: scenario, snapshot: block.snapshot(of: try scenario.state(in: block))))
            }
            documents.append(markdown
                ? TranscriptMarkdown.document(block: block.name, sections: sections)
                : SameTranscript.groups(sections) { SameTranscript.key($0.snapshot) }.map(Transcript.text(for:)).joined(separator: "\n"))
        }
        output(documents.joined(separator: "\n"))
        return .success
    }

    private func printStates(of block: any BlockModel, constraints: [String], markdown: Bool) throws(InputError) -> ExitCode {
        let selection = try states(of: block, matching: constraints)
        if markdown {
            let sections = selection.map { TranscriptMarkdown.Section(scenario: nil, snapshot: block.snapshot(of: $0)) }
            output(TranscriptMarkdown.document(block: block.name, sections: sections))
        } else {
            for (index, state) in selection.enumerated() {
                output((index == 0 ? "" : "\n") + Transcript.text(for: block.snapshot(of: state)))
            }
        }
        return .success
    }

    /// The states `--where` selects; selecting none is an input error.
    private func states(of block: any BlockModel, matching constraints: [String]) throws(InputError) -> StateSelection {
        try Self.checkConstraints(constraints)
        let filter: StateFilter
        do { filter = try StateFilter(parsing: constraints, in: block.stateSpace) } catch {
            throw InputError("\(block.name): \(error)")
        }
        let selection = block.stateSpace.states(matching: filter)
        guard !selection.isEmpty else {
            throw InputError("--where \(constraints.joined(separator: " ")) selects no state of \(block.name); "
                + Self.compatibleValues(of: block.stateSpace, constraints: constraints))
        }
        return selection
    }

    /// For each constrained dimension, the values that go with the other constraints: the
    /// choices that turn an empty selection into one with states.
    static func compatibleValues(of space: StateSpace, constraints: [String]) -> String {
        let pairs = constraints.flatMap { $0.split(separator: ";").map(String.init) }
        let names = pairs.compactMap { $0.split(separator: "=", maxSplits: 1).first.map(String.init) }
        var choices: [String] = []
        for name in Set(names).sorted(by: { names.firstIndex(of: $0)! < names.firstIndex(of: $1)! }) {
            let given = Set(pairs.filter { $0.hasPrefix("\(name)=") })
            if given.count > 1 {
                choices.append("\(name) is given as \(given.sorted().map { String($0.dropFirst(name.count + 1)) }.joined(separator: " and ")), but a state has one")
                continue
            }
            let others = pairs.filter { !$0.hasPrefix("\(name)=") }
            guard let filter = try? StateFilter(parsing: others, in: space), let dimension = space.dimension(named: name) else { continue }
            var seen = Set<String>()
            for state in space.states(matching: filter) { seen.insert(state[name]) }
            let values = dimension.values.filter(seen.contains)
            choices.append("with the other constraints \(name) can be \(values.isEmpty ? "nothing" : values.joined(separator: ", "))")
        }
        return choices.joined(separator: "; ")
    }

    private func checkTranscripts(_ blocks: [any BlockModel], scenarioNames: [String], markdown: Bool,
                                  verbosity: Verbosity) throws(InputError) -> ExitCode {
        let approved = try approvedFolder()
        var reviews: [ScenarioReview] = []
        for block in blocks {
            let blockReviews = try approved.review(block, scenarios: try block.reviewScenarios(named: scenarioNames))
            reviews += blockReviews
            if !markdown { printCheck(blockReviews, verbosity: verbosity) }
            if scenarioNames.isEmpty, verbosity > .quiet {
                for orphan in approved.orphans(of: block) {
                    errors("note: \(orphan) belongs to no review scenario of \(block.name); delete it if the scenario was retired\n")
                }
            }
        }
        if markdown { output(TranscriptCheckMarkdown.document(reviews)) }
        let differ = reviews.filter { if case .differs = $0.verdict { true } else { false } }.count
        let missing = reviews.filter { $0.verdict == .missing }.count
        if verbosity > .quiet {
            errors("\(Count(reviews.count, "review transcript")): \(Count.grouped(reviews.count - differ - missing)) "
                   + "\(reviews.count - differ - missing == 1 ? "matches" : "match"), \(Count.grouped(differ)) "
                   + "\(differ == 1 ? "differs" : "differ"), \(Count.grouped(missing)) missing\n")
        }
        return differ + missing == 0 ? .success : .gateFailed
    }

    /// One block's verdicts as text: `ok` or `FAIL` per scenario, a failure with its diff.
    private func printCheck(_ reviews: [ScenarioReview], verbosity: Verbosity) {
        for review in reviews {
            let name = "\(review.block)/\(review.scenario.name)"
            switch review.verdict {
            case .matches:
                if verbosity > .quiet { output("ok   \(name)\n") }
            case .missing:
                output("FAIL \(name): \(review.headline)\n")
            case .differs(let diff):
                output("FAIL \(name): \(review.headline)\n\(diff.rendered(indent: "     "))\n")
            }
        }
    }

    private func recordTranscripts(_ blocks: [any BlockModel], scenarioNames: [String]) throws(InputError) -> ExitCode {
        let approved = try approvedFolder()
        var counts = (created: 0, updated: 0, unchanged: 0)
        for block in blocks {
            for review in try approved.review(block, scenarios: try block.reviewScenarios(named: scenarioNames)) {
                switch review.verdict {
                case .matches:
                    counts.unchanged += 1
                case .missing:
                    try approved.record(review)
                    counts.created += 1
                    output("created \(review.path)\n")
                case .differs:
                    try approved.record(review)
                    counts.updated += 1
                    output("updated \(review.path)\n")
                }
            }
        }
        let total = counts.created + counts.updated + counts.unchanged
        errors("\(Count(total, "review transcript")): \(Count.grouped(counts.created)) created, \(Count.grouped(counts.updated)) updated, "
               + "\(Count.grouped(counts.unchanged)) unchanged\n")
        return .success
    }

    private func compareRecording(_ file: String, block: any BlockModel, constraints: [String],
                                  scenarioNames: [String]) throws(InputError) -> ExitCode {
        let scenarioList = block.reviewScenarios.map(\.name).joined(separator: ", ")
        let state: BlockState
        var subject = block.name
        if !constraints.isEmpty {
            let selection = try states(of: block, matching: constraints)
            guard selection.count == 1 else {
                throw InputError("--where \(constraints.joined(separator: " ")) selects \(selection.count) states of \(block.name); "
                    + "--compare needs exactly one: give a whole state id (`a11y-audit states \(block.name) --where …` lists them) "
                    + "or --scenario NAME (\(scenarioList))")
            }
            state = selection[0]
        } else {
            guard scenarioNames.count == 1 else {
                throw InputError(scenarioNames.isEmpty
                    ? "--compare needs the state the recording was made in: --where with a whole state id, or --scenario NAME (\(scenarioList))"
                    : "--compare takes one --scenario, not \(scenarioNames.count)")
            }
            let scenario = try block.reviewScenarios(named: scenarioNames)[0]
            state = try scenario.state(in: block)
            subject += " · \(scenario.name)"
        }
        let recording = try DeviceRecording(contentsOf: file)
        let stops = block.snapshot(of: state).focusOrder.map(Speech.init(for:))
        let comparison = RecordingComparison(model: stops, recording: recording)
        output(comparison.report(file: file, subject: "\(subject) (\(state.id))"))
        return comparison.agrees ? .success : .gateFailed
    }
}
