import AccessibilityModel
import Dispatch

/// The audit's `transcripts.approved` case: a reviewed VoiceOver transcript must not change
/// without being approved again.
///
/// Per audited block it checks the review scenarios whose state is among the audited states:
/// all of them when the whole block is audited, and with `--where` only those the selection
/// holds, so the case's "Reproduce" command (`audit --block B --where '<state>'`) reproduces
/// the failure. It fails when a scenario's transcript differs from its approved file (the
/// message carries the diff, which the JUnit case body shows) or the file is missing, and when
/// a scenario does not select exactly one state. With no scenario in the selection the case
/// is skipped. It is an ordinary ``RuleOutcome``, so reports need no special case.
public struct TranscriptApprovalRule: Sendable {
    public static let id = "transcripts.approved"
    public var approved: ApprovedTranscripts

    public init(approved: ApprovedTranscripts) { self.approved = approved }

    /// The rule as reports show it; its file is the block's approved folder.
    func rule(for block: String) -> Rule {
        let folder = approved.displayPath(approved.folder(for: block))
        return Rule(
            id: Self.id, severity: .error, title: "Reviewed VoiceOver transcripts are unchanged",
            description: "Each review scenario's transcript matches the one approved under \(folder).",
            tags: ["Review"], blocks: [block],
            context: Located(value: "", file: folder, line: 0, column: 0), assertions: [],
            passingExamples: [], failingExamples: [], file: folder, line: 0)
    }

    /// The outcome for one audited block.
    public func outcome(for request: BlockRequest) -> RuleOutcome {
        let block = request.block
        var outcome = RuleOutcome(rule: rule(for: block.name))
        var checkedStates = Set<String>(), failingStates = Set<String>()
        for (position, scenario) in block.reviewScenarios.enumerated() {
            let state: BlockState
            do { state = try scenario.state(in: block) } catch {
                outcome.subjects += 1
                fail(&outcome, position: position, stateID: "(no single state)", scenario: scenario.name, message: error.message)
                continue
            }
            guard isAudited(state, of: scenario, in: request) else { continue }
            checkedStates.insert(state.id)
            outcome.subjects += 1
            let review: ScenarioReview
            do { review = try approved.review(block, scenarios: [scenario])[0] } catch {
                failingStates.insert(state.id)
                fail(&outcome, position: position, stateID: state.id, scenario: scenario.name, message: error.message)
                continue
            }
            switch review.verdict {
            case .matches:
                break
            case .missing:
                failingStates.insert(state.id)
                fail(&outcome, position: position, stateID: state.id, scenario: scenario.name, message: review.headline)
            case .differs(let diff):
                failingStates.insert(state.id)
                fail(&outcome, position: position, stateID: state.id, scenario: scenario.name,
                     message: review.headline + "\n" + diff.rendered(indent: "      "))
            }
        }
        outcome.statesWithSubjects = checkedStates.count
        outcome.failingStates = max(failingStates.count, outcome.failingSubjects > 0 ? 1 : 0)
        return outcome
    }

    /// Adds the case to each audited block's outcome, after the spec's rules; the time the
    /// check took is the case's time and is added to the block's.
    public func append(to outcome: inout AuditOutcome, for requests: [BlockRequest]) {
        for request in requests {
            guard let index = outcome.blocks.firstIndex(where: { $0.block == request.block.name }) else { continue }
            let start = DispatchTime.now().uptimeNanoseconds
            var checked = self.outcome(for: request)
            checked.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            outcome.blocks[index].rules.append(checked)
            outcome.blocks[index].seconds += checked.seconds
        }
    }

    /// Whether the request's selection holds the scenario's state (with `--shard`, whether
    /// this job's share holds it, so that each scenario is checked by exactly one job).
    private func isAudited(_ state: BlockState, of scenario: ReviewScenario, in request: BlockRequest) -> Bool {
        request.selection.position(of: state) != nil
    }

    private func fail(_ outcome: inout RuleOutcome, position: Int, stateID: String, scenario: String, message: String) {
        outcome.failingSubjects += 1
        if outcome.samples.count < RuleOutcome.sampleLimit {
            outcome.samples.append(RuleOutcome.Sample(position: position, stateID: stateID, subject: scenario, message: message))
        }
    }
}
