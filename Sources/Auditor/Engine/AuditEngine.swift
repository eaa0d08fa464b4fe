import AccessibilityModel
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import XMLSupport

/// Audits blocks: renders every selected state, builds its document, evaluates the rules.
///
/// A state that differs from its representative only in the settings the model kit applies
/// after layout (Reduce Motion, direction, appearance, Increase Contrast) takes the
/// representative's results for every rule group that cannot tell those settings apart
/// (`Folding`); the other groups are evaluated on it, through the memo. Where the kit vouches
/// for what the snapshots read, such a state is not even rendered, and the states after one
/// that differ from it only in trailing dimensions nothing reads are counted with it in one
/// step (`StateRun`). In a selection that is not strided, a representative counts its whole
/// block of twins, wherever they lie, each group's results once for each class of twins the
/// group cannot tell apart (`TwinBlock`); a worker that meets a twin skips it.
///
/// States stream through `jobs` workers, each working through its own runs of positions
/// (`StateRanges`: the states of the text sizes dealt out to it); nothing holds more than
/// one state per worker, so memory stays flat however many states there are. Each worker
/// keeps its own tallies and merges them at the end.
public struct AuditEngine: Sendable {
    public var spec: RuleSpec
    public var jobs: Int
    /// Reuse results across states where a rule cannot tell them apart (on by default;
    /// off only to check that memoisation changes nothing).
    public var memoizes: Bool
    /// Take a state's results, group by group, from its representative where the group
    /// cannot tell them apart (`Folding`; on by default, and only with the memo; off only
    /// to check that folding changes nothing).
    public var folds = true
    /// The lookups after which a group's memo judges whether remembering pays
    /// (`RuleGroup.Memo`); shorter only to reach what follows the judgement in a short run.
    var memoTrial = RuleGroup.UnitMemo.trial
    /// Failures the team accepts for now: failing states an unexpired entry covers do not gate.
    public var baseline: Baseline?
    /// The day baseline entries' expiry dates are checked against.
    public var today = CalendarDate.today
    /// Counts audited states for a progress line; nil when nobody watches.
    public var progress: AuditProgress?

    public init(spec: RuleSpec, jobs: Int = ProcessInfo.processInfo.activeProcessorCount, memoizes: Bool = true) {
        self.spec = spec
        self.jobs = max(1, jobs)
        self.memoizes = memoizes
    }

    public func audit(_ requests: [BlockRequest]) throws(InputError) -> AuditOutcome {
        let started = Date()
        var blocks: [BlockOutcome] = []
        for request in requests {
            blocks.append(try audit(request))
            Self.returnFreedMemory()
        }
        return AuditOutcome(blocks: blocks, specFiles: spec.files,
                            seconds: Date().timeIntervalSince(started), jobs: jobs, baselineFile: baseline?.file)
    }

    func audit(_ request: BlockRequest) throws(InputError) -> BlockOutcome {
        let started = Date()
        let block = request.block.assuming(request.choices.themed)
        let selection = request.selection
        let ruleIDs = spec.rules.filter { $0.applies(to: block.name) }
        // More workers than states would only compile rules for nothing.
        let workers = max(1, min(jobs, selection.count))
        // Each worker takes the states of some text sizes, where the block has them: the
        // size changes nearly every element's view, so the workers' memos learn few views
        // twice. Without the dimension (or in a strided share), each takes a contiguous range.
        let ranges = selection.shares(workers, dealingOut: Dimension.contentSize.name).map(StateRanges.init(shares:))
            ?? StateRanges(count: selection.count, workers: workers)
        let indexer = ValueTally.Indexer(block.stateSpace)
        let tallies = ruleIDs.map { rule in
            baseline.flatMap { baseline in
                let entries = baseline.entries(block: block.name, rule: rule.id)
                return entries.isEmpty ? nil : BaselineTally(entries: entries, space: block.stateSpace, today: today)
            }
        }
        let merged = Mutex<(outcomes: [RuleOutcome], error: InputError?, statistics: StateEvaluator.Statistics,
                            times: PhaseTimes, audited: ValueTally)>(
            (zip(ruleIDs, tallies).map(RuleOutcome.init), nil, StateEvaluator.Statistics(), PhaseTimes(), ValueTally()))

        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            // libxml2 writes into a compiled expression as it evaluates it, so each worker
            // compiles its own (see XPathExpression); compiling is checked once at load.
            let rules: [CompiledRule]
            do throws(InputError) {
                rules = try spec.rules.filter { $0.applies(to: block.name) }.map { rule throws(InputError) in try CompiledRule(rule) }
            } catch {
                merged.withLock { $0.error = $0.error ?? error }
                return
            }
            var outcomes = zip(rules, tallies).map { RuleOutcome(rule: $0.rule, baseline: $1) }
            var evaluator = StateEvaluator(rules: rules, memoizes: memoizes, memoTrial: memoTrial)
            var folding = Folding()
            var failure: InputError?
            var times = PhaseTimes()
            var audited = ValueTally()
            // Per region: how many of its last dimensions no rule reads, whose values may be
            // counted in runs (`StateRun`).
            var runnable: [(dimensions: [AccessibilityModel.Dimension], trailing: Int)] = []
            func trailing(of state: BlockState) -> Int {
                if let known = runnable.first(where: { $0.dimensions.isStorage(of: state.dimensions) })
                    ?? runnable.first(where: { $0.dimensions == state.dimensions }) { return known.trailing }
                let count = state.dimensions.reversed().prefix {
                    !AccessibilityEnvironment.dimensionNames.contains($0.name) && !evaluator.reads(parameter: $0.name)
                }.count
                runnable.append((state.dimensions, count))
                return count
            }
            // The state enumerated last, to step on from when the next position follows it.
            var last: (position: Int, state: BlockState)?
            // Per rule, the states whose evaluation found subjects and no failure, and their
            // subjects: counted here and added to the outcomes once, at the end, since most
            // rules pass in most states and all a passing state adds is these two counts.
            var passing = PassingCounts(rules: rules.count)
            // Phases are timed by the chunk: reading the clock costs about as much as stepping
            // to the next state, so enumerating is timed on one state in
            // `PhaseTimes.enumerateSampling` and scaled, and evaluating is the rest of the
            // chunk's time but rendering.
            var sampled = (seconds: 0.0, runs: 0)
            var enumerated = 0
            // Counts a representative's block: class by class where folding counted it so,
            // else the representative and then each twin as a state of its own.
            func tally(_ count: Folding.BlockCount) throws(InputError) {
                switch count {
                case .classes(let twins, let representative, let evaluations, let classes):
                    twins.add(classOf: 0, sees: 0, states: twins.count, to: &audited)
                    Self.count(classes, of: twins, representative: representative, evaluations: evaluations,
                               groupRules: evaluator.groupRules, into: &passing, outcomes: &outcomes)
                case .stateByState(let twins, let result):
                    func count(_ result: Folding.Result, of combo: Int) {
                        let run = StateRun(first: twins.state(of: combo), position: twins.position(of: combo),
                                           values: twins.values(of: combo))
                        run.add(to: &audited)
                        result.evaluations.tally(1, into: &passing, with: run) { index, evaluation, run in
                            outcomes[index].record(evaluation, run: run, assumptionsRead: result.assumptionsRead)
                        }
                    }
                    count(result, of: 0)
                    for combo in 1..<twins.count {
                        let twin = twins.state(of: combo)
                        count(try folding.evaluate(twin, snapshot: { block.snapshot(of: twin) }, in: selection, of: block,
                                                   with: &evaluator), of: combo)
                    }
                }
            }
            work: while let chunk = ranges.next(for: worker) {
                let chunkStart = DispatchTime.now().uptimeNanoseconds
                defer { times.evaluate += Double(DispatchTime.now().uptimeNanoseconds - chunkStart) / 1e9 }
                var position = chunk.lowerBound
                while position < chunk.upperBound {
                    do throws(InputError) {
                        // Stepped on in place: once the last state's work is done nothing
                        // else holds it, and its values change where they lie.
                        let state = try PhaseTimes.measure(&sampled, every: PhaseTimes.enumerateSampling, counting: &enumerated) {
                            guard var previous = last.take(), previous.position < position else { return selection[position] }
                            if previous.position == position - 1 {
                                selection.advance(&previous.state, to: position)
                            } else {
                                selection.advance(&previous.state, from: previous.position, to: position)
                            }
                            return previous.state
                        }
                        last = (position, state)
                        // A region whose states are counted a block at a time: a twin was
                        // counted at its representative, which counts its whole block.
                        if memoizes, folds, trailing(of: state) == 0 {
                            let region = folding.region(of: state)
                            if let shape = folding.countsBlocks(of: state, in: region, at: position, in: selection,
                                                                indexer: indexer) {
                                if folding.isRepresentative(state, in: shape) {
                                    var rendered = 0.0
                                    let count = try PhaseTimes.untimed { () throws(InputError) in
                                        try folding.countTwins(state, at: selection.basePosition(position),
                                                               values: indexer.values(of: state), shape: shape,
                                                               with: &evaluator) { state in
                                            let start = DispatchTime.now().uptimeNanoseconds
                                            defer { rendered += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
                                            return block.snapshot(of: state)
                                        }
                                    }
                                    times.render += rendered
                                    try tally(count)
                                }
                                // The states after it that differ from it only in trailing folded
                                // dimensions are twins: counted at their representative too.
                                position += min(selection.run(from: position, trailing: shape.trailingAxes),
                                                chunk.upperBound - position)
                                continue
                            }
                        }
                        var rendered = 0.0
                        func snapshot() -> Snapshot {
                            let start = DispatchTime.now().uptimeNanoseconds
                            defer { rendered += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
                            return block.snapshot(of: state)
                        }
                        let result = try PhaseTimes.untimed { () throws(InputError) in
                            // With the memo off every state is evaluated on its own.
                            guard memoizes, folds else {
                                let snapshot = snapshot()
                                return Folding.Result(try evaluator.evaluate(snapshot), of: snapshot)
                            }
                            return try folding.evaluate(state, snapshot: snapshot, in: selection, of: block, with: &evaluator)
                        }
                        times.render += rendered
                        // The states after this one that differ from it only in trailing
                        // dimensions neither the snapshot nor any rule reads show the same
                        // document but for their ids and those parameters: counted with it.
                        var length = 1
                        let count = memoizes && folds ? trailing(of: state) : 0
                        if count > 0, let read = result.dimensionsRead {
                            let positions = state.valueIndices.indices.suffix(count)
                            if positions.allSatisfy({ $0 < 64 && read & (1 << UInt64($0)) == 0 }) {
                                length = min(selection.run(from: position, trailing: count), chunk.upperBound - position)
                            }
                        }
                        let values = indexer.values(of: state)
                        let run = length == 1
                            ? StateRun(first: state, position: selection.basePosition(position), values: values)
                            : StateRun(first: state, position: selection.basePosition(position), values: values, length: length,
                                       allowed: selection.allowed(at: position, trailing: count), indexer: indexer)
                        run.add(to: &audited)
                        // The run is handed to the closure, not captured: a capture copied it.
                        result.evaluations.tally(length, into: &passing, with: run) { index, evaluation, run in
                            outcomes[index].record(evaluation, run: run, assumptionsRead: result.assumptionsRead)
                        }
                        position += length
                    } catch {
                        failure = error
                        break work
                    }
                }
                progress?.add(chunk.count)
            }
            passing.flush()
            for index in outcomes.indices {
                outcomes[index].countPassing(states: passing.states[index], subjects: passing.subjects[index])
            }
            times.enumerate = sampled.runs == 0 ? 0 : sampled.seconds * Double(enumerated) / Double(sampled.runs)
            times.evaluate -= times.enumerate + times.render
            // The evaluator builds documents only for what its memo misses; that time is
            // the document phase, the rest of its time the evaluate phase.
            times.document = evaluator.statistics.documentSeconds
            times.evaluate -= times.document
            merged.withLock { total in
                for index in total.outcomes.indices { total.outcomes[index].merge(outcomes[index]) }
                total.error = total.error ?? failure
                total.statistics.add(evaluator.statistics)
                total.times.add(times)
                total.audited.merge(audited)
            }
        }
        var result = merged.withLock { $0 }
        if let error = result.error { throw error }
        let elapsed = Date().timeIntervalSince(started)
        let seconds = RuleTimes(elapsed: elapsed, total: result.times.total, ruleWork: result.statistics.ruleWork).seconds
        for index in result.outcomes.indices { result.outcomes[index].seconds = seconds[index] }
        var values: [String: String] = [:]
        for assumption in block.assumptions where values[assumption.name] == nil {
            values[assumption.name] = request.choices.value(of: assumption)
        }
        return BlockOutcome(block: block.name, sourcePath: block.sourcePath, states: selection.count,
                            rules: result.outcomes, seconds: elapsed,
                            stateSpace: block.stateSpace, audited: result.audited,
                            constraints: request.constraints, assumptionValues: values,
                            statistics: result.statistics, times: result.times)
    }
}

/// One block to audit, the states of it to audit, and the answers to its named assumptions.
public struct BlockRequest: Sendable {
    /// The block as declared; the engine audits `block.assuming(choices)`.
    public var block: any BlockModel
    public var selection: StateSelection
    public var constraints: [String]
    public var choices: AssumptionChoices

    public init(block: any BlockModel, selection: StateSelection, constraints: [String] = [],
                choices: AssumptionChoices = .defaults) {
        self.block = block
        self.selection = selection
        self.constraints = constraints
        self.choices = choices
    }
}

extension AuditEngine {
    /// Counts a representative's block class by class: each group's classes take their own
    /// evaluations or the representative's (`evaluations`). A function of its own, so the
    /// counts it writes are borrowed once for the block: written from the worker's closure,
    /// which captures them, every rule's count was checked for exclusive access at run time.
    static func count(_ classes: [StateEvaluator.TwinClassResults], of twins: TwinBlock, representative: Snapshot,
                      evaluations: [CompiledRule.Evaluation], groupRules: StateEvaluator.RulesByGroup,
                      into passing: inout PassingCounts, outcomes: inout [RuleOutcome]) {
        passing.withCounts { states, subjects in
            groupRules.rules.withUnsafeBufferPointer { allRules in
                evaluations.withUnsafeBufferPointer { shared in
                    classes.withUnsafeBufferPointer { classes in
                        for index in classes.indices {
                            let group = classes.baseAddress! + index
                            let length = group.pointee.members.nonzeroBitCount
                            // Each evaluation read where it lies: most pass, and a copy of each
                            // retained and released its list of failures.
                            func count(_ rule: Int, _ evaluation: UnsafePointer<CompiledRule.Evaluation>) {
                                guard evaluation.pointee.hasFailures else {
                                    states[rule] += evaluation.pointee.subjects > 0 ? length : 0
                                    subjects[rule] += evaluation.pointee.subjects * length
                                    return
                                }
                                outcomes[rule].record(evaluation.pointee,
                                                      run: TwinClass(block: twins, members: group.pointee.members,
                                                                     canonical: group.pointee.canonical, sees: group.pointee.sees),
                                                      assumptionsRead: representative.assumptionsRead)
                            }
                            let rules = groupRules.range(of: group.pointee.group)
                            // A group's own evaluations are in its rules' order; the
                            // representative's in the block's.
                            if let own = group.pointee.evaluations {
                                own.withUnsafeBufferPointer { own in
                                    for place in rules { count(allRules[place], own.baseAddress! + (place - rules.lowerBound)) }
                                }
                            } else {
                                for place in rules { count(allRules[place], shared.baseAddress! + allRules[place]) }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Hands the memory a block's audit freed back to the system before the next block's
    /// starts, so the audit's peak is its largest block's, not the sum of what the
    /// allocator kept from each.
    static func returnFreedMemory() {
        #if canImport(Glibc)
        // glibc's malloc_trim, which Swift's Glibc module does not declare.
        typealias Trim = @convention(c) (Int) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
            _ = unsafeBitCast(symbol, to: Trim.self)(0)
        }
        #endif
    }
}
