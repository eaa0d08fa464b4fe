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

    /// States a worker takes at a time: large enough to keep the counter cold.
    static let chunkSize = 64

    public init(spec: RuleSpec, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.spec = spec
        self.jobs = max(1, jobs)
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
        let merged = Mutex<(outcomes: [RuleOutcome], error: InputError?)>((ruleIDs.map(RuleOutcome.init), nil))

        DispatchQueue.concurrentPerform(iterations: jobs) { _ in
            // libxml2 writes into a compiled expression as it evaluates it, so each worker
            // compiles its own (see XPathExpression); compiling is checked once at load.
            let rules: [CompiledRule]
            do throws(InputError) { rules = try spec.compiled().rules(for: block.name).map(\.rule) } catch {
                merged.withLock { $0.error = $0.error ?? error }
                return
            }
            var outcomes = rules.map { RuleOutcome(rule: $0.rule) }
            var evaluator: XPathEvaluator?
            var failure: InputError?
            work: while true {
                let start = next.add(Self.chunkSize, ordering: .relaxed).oldValue
                if start >= selection.count { break }
                for position in start..<min(start + Self.chunkSize, selection.count) {
                    let state = selection[position]
                    let document = StateDocument.document(for: block.snapshot(of: state))
                    // One evaluator serves every document of the worker.
                    let current = evaluator ?? XPathEvaluator(document: document, namespaces: RuleFunctions.namespaces,
                                                              functions: RuleFunctions.all)
                    evaluator = current
                    for (index, rule) in rules.enumerated() {
                        do throws(InputError) {
                            outcomes[index].record(try rule.evaluate(on: document, with: current),
                                                   position: position, stateID: state.id)
                        } catch {
                            failure = error
                            break work
                        }
                    }
                }
            }
            merged.withLock { total in
                for index in total.outcomes.indices { total.outcomes[index].merge(outcomes[index]) }
                total.error = total.error ?? failure
            }
        }
        let result = merged.withLock { $0 }
        if let error = result.error { throw error }
        return BlockOutcome(block: block.name, sourcePath: block.sourcePath, states: selection.count,
                            rules: result.outcomes, seconds: Date().timeIntervalSince(started),
                            constraints: request.constraints)
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
