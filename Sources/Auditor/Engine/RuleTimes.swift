/// A block's elapsed time apportioned to its rules, for the JUnit cases' `time`.
///
/// The engine measures, summed over workers, each rule's own XPath evaluations and its
/// share of its group's work (``StateEvaluator/Statistics/ruleWork``: rules with the same
/// footprint share projections, memo lookups and a document, split equally among them).
/// What serves every rule alike (enumerating and rendering states, splitting them into
/// children, the documents of missed units) is split equally among all rules. Each rule's
/// part of that measured work, as a share of all of it, is its share of the block's
/// elapsed time; the cases of a block then add up to the block's time, however many
/// workers ran.
struct RuleTimes {
    /// Seconds per rule, in rule order.
    let seconds: [Double]

    init(elapsed: Double, total: Double, ruleWork: [Double]) {
        let count = ruleWork.count
        guard count > 0 else {
            seconds = []
            return
        }
        let measured = ruleWork.reduce(0, +)
        guard total > 0, measured.isFinite, total.isFinite else {
            seconds = Array(repeating: elapsed / Double(count), count: count)
            return
        }
        let common = max(0, total - measured) / Double(count)
        let whole = max(total, measured)
        seconds = ruleWork.map { elapsed * ($0 + common) / whole }
    }
}
