import XMLSupport

/// Evaluates one block's rules on state after state, reusing earlier results wherever a
/// rule's footprint shows it cannot tell two states apart.
///
/// Each child of a state document (environment, fact, element, transition, scroll) gets a
/// number from an `Interner`; equal children get equal numbers. Rules with the same
/// footprint form a group and share one memo. A local group is looked up once per unit
/// (its key: the environment's number, the parameters it reads, the unit's number); a
/// document-wide group once per state (the numbers of every child of the kinds it names,
/// the parameters it reads, the state id if it reads it). Only what misses is evaluated, on the state's
/// document built once; local results are filed per unit. Each worker owns one
/// evaluator, so nothing here is shared between threads.
final class StateEvaluator {
    /// What the evaluator saw, and how often each level was answered from memory.
    struct Statistics: Sendable {
        var unitHits = 0, unitMisses = 0, documentHits = 0, documentMisses = 0, documentsBuilt = 0
        /// Transitions in the states evaluated.
        var transitions = 0

        mutating func add(_ other: Statistics) {
            transitions += other.transitions
            unitHits += other.unitHits
            unitMisses += other.unitMisses
            documentHits += other.documentHits
            documentMisses += other.documentMisses
            documentsBuilt += other.documentsBuilt
        }
    }

    /// Rules that see the same things, evaluated and remembered together.
    private struct Group {
        var footprint: RuleFootprint
        var rules: [Int]
        var memo: [MemoKey: [CompiledRule.Evaluation]] = [:]
        var lookups = 0
        var hits = 0
        var remembers = true

        mutating func count(hit: Bool) {
            lookups += 1
            if hit { hits += 1 }
            if lookups == StateEvaluator.trial, Double(hits) / Double(lookups) < StateEvaluator.worthwhile {
                remembers = false
                memo = [:]
            }
        }
    }

    /// Distinct children, and results per group, remembered before the memos start afresh,
    /// so memory stays bounded however many states stream through.
    static let capacity = 16_000

    /// A group whose lookups rarely hit stops remembering: looking up and storing would
    /// cost more than evaluating. Judged after `trial` lookups, against `worthwhile`.
    static let trial = 2_000
    static let worthwhile = 0.2

    let rules: [CompiledRule]
    let memoizes: Bool
    private(set) var statistics = Statistics()
    private var groups: [Group] = []
    private var interner = Interner()
    private var evaluator: XPathEvaluator?

    init(rules: [CompiledRule], memoizes: Bool) {
        self.rules = rules
        self.memoizes = memoizes
        for (index, rule) in rules.enumerated() {
            let footprint = RuleFootprint(rule: rule.rule)
            if let group = groups.firstIndex(where: { $0.footprint == footprint }) {
                groups[group].rules.append(index)
            } else {
                groups.append(Group(footprint: footprint, rules: [index]))
            }
        }
    }

    /// Each rule's evaluation on one state document, in rule order.
    func evaluate(_ state: XMLElement) throws(InputError) -> [CompiledRule.Evaluation] {
        statistics.transitions += state.children.reduce(0) { $0 + ($1.name == "transition" ? 1 : 0) }
        guard memoizes else {
            statistics.documentMisses += rules.count
            let document = build(state)
            var evaluations: [CompiledRule.Evaluation] = []
            for rule in rules { evaluations.append(try rule.evaluate(on: document, with: evaluator(for: document))) }
            return evaluations
        }
        if interner.count > Self.capacity || groups.contains(where: { $0.memo.count > Self.capacity }) {
            interner.removeAll()
            for index in groups.indices { groups[index].memo.removeAll(keepingCapacity: true) }
        }
        let remembering = groups.contains { $0.remembers }
        let numbers = remembering ? state.children.map { $0.name == "param" ? -1 : interner.number(for: $0) } : []
        let environment = remembering ? state.children.firstIndex { $0.name == "environment" }.map { numbers[$0] } ?? -1 : -1
        let documentChildren = numbers.filter { $0 >= 0 }
        let stateID = state.attributes.first { $0.name == "id" }?.value ?? ""

        var results = Array(repeating: CompiledRule.Evaluation(), count: rules.count)
        var unitMisses: [(group: Int, unit: Int, key: MemoKey)] = []
        var documentMisses: [(group: Int, key: MemoKey)] = []
        var unremembered: [Int] = []
        for index in groups.indices {
            guard groups[index].remembers else {
                unremembered.append(index)
                continue
            }
            let footprint = groups[index].footprint
            let parameters = Self.parameters(footprint.parameters, of: state)
            switch footprint.scope {
            case .unit(let kind):
                for (unit, child) in state.children.enumerated() where child.name == kind {
                    let key = MemoKey(parameters: parameters, environment: environment, unit: numbers[unit])
                    let known = groups[index].memo[key]
                    groups[index].count(hit: known != nil)
                    if let known {
                        statistics.unitHits += 1
                        add(known, of: index, to: &results)
                    } else {
                        statistics.unitMisses += 1
                        unitMisses.append((index, unit, key))
                    }
                }
            case .document:
                let key = MemoKey(parameters: parameters, stateID: footprint.readsStateID ? stateID : "",
                                  children: footprint.kinds.map { kinds in
                                      state.children.indices.filter { kinds.contains(state.children[$0].name) }.map { numbers[$0] }
                                  } ?? documentChildren)
                let known = groups[index].memo[key]
                groups[index].count(hit: known != nil)
                if let known {
                    statistics.documentHits += 1
                    add(known, of: index, to: &results)
                } else {
                    statistics.documentMisses += 1
                    documentMisses.append((index, key))
                }
            }
        }
        if !documentMisses.isEmpty || !unremembered.isEmpty {
            let document = build(state)
            let evaluator = evaluator(for: document)
            for group in unremembered {
                statistics.documentMisses += 1
                var evaluations: [CompiledRule.Evaluation] = []
                for rule in groups[group].rules {
                    evaluations.append(try rules[rule].evaluate(on: document, with: evaluator))
                }
                add(evaluations, of: group, to: &results)
            }
            for miss in documentMisses {
                var evaluations: [CompiledRule.Evaluation] = []
                for rule in groups[miss.group].rules {
                    evaluations.append(try rules[rule].evaluate(on: document, with: evaluator))
                }
                remember(evaluations, group: miss.group, key: miss.key)
                add(evaluations, of: miss.group, to: &results)
            }
        }
        if !unitMisses.isEmpty {
            try evaluateUnits(of: state, misses: unitMisses, into: &results)
        }
        return results
    }

    /// Builds one small document holding only the missed units beside the state's
    /// environment, parameters and facts (all a local rule can read), evaluates the groups
    /// that missed, and files each missed unit's share.
    private func evaluateUnits(of state: XMLElement, misses: [(group: Int, unit: Int, key: MemoKey)],
                               into results: inout [CompiledRule.Evaluation]) throws(InputError) {
        let included = Array(Set(misses.map(\.unit))).sorted()
        let context = state.children.filter { !RuleFootprint.unitNames.contains($0.name) }
        var root = state
        root.children = context + included.map { state.children[$0] }
        let document = build(root)
        let evaluator = evaluator(for: document)
        var position: [XMLNode: Int] = [:]
        for (offset, node) in document.root.elementChildren.dropFirst(context.count).enumerated() {
            position[node] = included[offset]
        }
        var byGroup: [Int: [(unit: Int, key: MemoKey)]] = [:]
        for miss in misses { byGroup[miss.group, default: []].append((miss.unit, miss.key)) }
        for (group, missed) in byGroup.sorted(by: { $0.key < $1.key }) {
            let members = groups[group].rules
            var perUnit: [Int: [CompiledRule.Evaluation]] = [:]
            for miss in missed { perUnit[miss.unit] = Array(repeating: CompiledRule.Evaluation(), count: members.count) }
            for (member, rule) in members.enumerated() {
                try rules[rule].evaluate(on: document, with: evaluator) { subject, failure in
                    var unit = subject
                    while let parent = unit.parent, parent.parent != nil { unit = parent }
                    guard let index = position[unit], perUnit[index] != nil else { return }
                    if let failure {
                        perUnit[index]![member].failures.append(failure)
                    } else {
                        perUnit[index]![member].subjects += 1
                    }
                }
            }
            for miss in missed {
                remember(perUnit[miss.unit]!, group: group, key: miss.key)
                add(perUnit[miss.unit]!, of: group, to: &results)
            }
        }
    }

    /// The values of the parameters a group reads, in document order.
    private static func parameters(_ names: Set<String>?, of state: XMLElement) -> [String] {
        guard names != [] else { return [] }
        return state.children.compactMap { child in
            guard child.name == "param", let name = child.attributes.first(where: { $0.name == "name" })?.value,
                  names?.contains(name) ?? true else { return nil }
            return child.attributes.first { $0.name == "value" }?.value
        }
    }

    private func build(_ state: XMLElement) -> XMLDocument {
        statistics.documentsBuilt += 1
        return XMLDocument(root: state)
    }

    private func add(_ evaluations: [CompiledRule.Evaluation], of group: Int, to results: inout [CompiledRule.Evaluation]) {
        for (rule, evaluation) in zip(groups[group].rules, evaluations) { results[rule].add(evaluation) }
    }

    private func remember(_ evaluations: [CompiledRule.Evaluation], group: Int, key: MemoKey) {
        guard groups[group].remembers else { return }
        groups[group].memo[key] = evaluations
    }

    /// One evaluator serves every document of the worker.
    private func evaluator(for document: XMLDocument) -> XPathEvaluator {
        if let evaluator { return evaluator }
        let created = XPathEvaluator(document: document, namespaces: RuleFunctions.namespaces, functions: RuleFunctions.all)
        evaluator = created
        return created
    }
}
