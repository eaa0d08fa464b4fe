import AccessibilityModel
import Dispatch
import Foundation
import Synchronization
import XMLSupport

/// Audits blocks: renders every selected state, builds its document, evaluates the rules.
///
/// States stream through `jobs` workers that take chunks of positions from a shared
/// counter; nothing holds more than one state per worker, so memory stays flat however
/// many states there are. Each worker keeps its own tallies and merges them at the end.
public struct AuditEngine: Sendable {
    public var spec: RuleSpec
    public var jobs: Int
    /// Reuse results across states where a rule cannot tell them apart (on by default;
    /// off only to check that memoisation changes nothing).
    public var memoizes: Bool

    /// States a worker takes at a time: large enough to keep the counter cold.
    static let chunkSize = 64

    public init(spec: RuleSpec, jobs: Int = ProcessInfo.processInfo.activeProcessorCount, memoizes: Bool = true) {
        self.spec = spec
        self.jobs = max(1, jobs)
        self.memoizes = memoizes
    }

    public func audit(_ requests: [BlockRequest]) throws(InputError) -> AuditOutcome {
        let started = Date()
        var blocks: [BlockOutcome] = []
        for request in requests { blocks.append(try audit(request)) }
        return AuditOutcome(blocks: blocks, specFiles: spec.files,
                            seconds: Date().timeIntervalSince(started), jobs: jobs)
    }

    func audit(_ request: BlockRequest) throws(InputError) -> BlockOutcome {
        let started = Date()
        let block = request.block
        let selection = request.selection
        let ruleIDs = spec.rules.filter { $0.applies(to: block.name) }
        let next = Atomic<Int>(0)
        let merged = Mutex<(outcomes: [RuleOutcome], error: InputError?, statistics: StateEvaluator.Statistics,
                            times: PhaseTimes)>((ruleIDs.map(RuleOutcome.init), nil, StateEvaluator.Statistics(), PhaseTimes()))

        DispatchQueue.concurrentPerform(iterations: jobs) { _ in
            // libxml2 writes into a compiled expression as it evaluates it, so each worker
            // compiles its own (see XPathExpression); compiling is checked once at load.
            let rules: [CompiledRule]
            do throws(InputError) { rules = try spec.compiled().rules(for: block.name).map(\.rule) } catch {
                merged.withLock { $0.error = $0.error ?? error }
                return
            }
            var outcomes = rules.map { RuleOutcome(rule: $0.rule) }
            let evaluator = StateEvaluator(rules: rules, memoizes: memoizes)
            var failure: InputError?
            var times = PhaseTimes()
            work: while true {
                let start = next.add(Self.chunkSize, ordering: .relaxed).oldValue
                if start >= selection.count { break }
                for position in start..<min(start + Self.chunkSize, selection.count) {
                    do throws(InputError) {
                        let state = try PhaseTimes.measure(&times.enumerate) { selection[position] }
                        let snapshot = try PhaseTimes.measure(&times.render) { block.snapshot(of: state) }
                        let document = try PhaseTimes.measure(&times.document) { StateDocument.element(for: snapshot) }
                        let evaluations = try PhaseTimes.measure(&times.evaluate) { () throws(InputError) in
                            try evaluator.evaluate(document)
                        }
                        for (index, evaluation) in evaluations.enumerated() {
                            outcomes[index].record(evaluation, position: position, stateID: state.id)
                        }
                    } catch {
                        failure = error
                        break work
                    }
                }
            }
            merged.withLock { total in
                for index in total.outcomes.indices { total.outcomes[index].merge(outcomes[index]) }
                total.error = total.error ?? failure
                total.statistics.add(evaluator.statistics)
                total.times.add(times)
            }
        }
        let result = merged.withLock { $0 }
        if let error = result.error { throw error }
        return BlockOutcome(block: block.name, sourcePath: block.sourcePath, states: selection.count,
                            rules: result.outcomes, seconds: Date().timeIntervalSince(started),
                            constraints: request.constraints, statistics: result.statistics, times: result.times)
    }
}

/// One block to audit and the states of it to audit.
public struct BlockRequest: Sendable {
    public var block: any BlockModel
    public var selection: StateSelection
    public var constraints: [String]

    public init(block: any BlockModel, selection: StateSelection, constraints: [String] = []) {
        self.block = block
        self.selection = selection
        self.constraints = constraints
    }
}
