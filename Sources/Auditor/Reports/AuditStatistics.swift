import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An audit's figures as JSON, for the benchmark (`audit --stats FILE`, hidden): what was
/// audited, how long it took, and how often memoised results answered — the numbers the
/// console rounds, without parsing them back out of its prose.
///
/// Per block: states, transitions, rule applications (states × applicable rules),
/// subjects checked (each subject a rule's context selects, checked against all the
/// rule's assertions: the evaluations a per-state evaluator would make, memoised or not),
/// wall seconds, CPU seconds per phase summed over workers, and memo hits and misses per
/// level. For the process: wall seconds of the audit, CPU seconds and peak resident memory
/// so far (from `getrusage`).
struct AuditStatistics: Codable {
    struct Block: Codable {
        var block: String
        var states: Int
        var rules: Int
        /// The ids of the rules that failed in some audited state.
        var failing: [String]
        /// Transitions over all audited states.
        var transitions: Int
        var ruleApplications: Int
        var subjectsChecked: Int
        var wallSeconds: Double
        var phases: [String: Double]
        var memo: [String: Int]
    }

    var coverage: String
    var memoizes: Bool
    var jobs: Int
    var states: Int
    var wallSeconds: Double
    var processCPUSeconds: Double
    var peakResidentKilobytes: Int
    var blocks: [Block]

    init(outcome: AuditOutcome, memoizes: Bool) {
        coverage = outcome.coverage.rawValue
        self.memoizes = memoizes
        jobs = outcome.jobs
        states = outcome.blocks.reduce(0) { $0 + $1.states }
        wallSeconds = outcome.seconds
        let usage = Self.usage()
        processCPUSeconds = usage.cpu
        peakResidentKilobytes = usage.peakKilobytes
        blocks = outcome.blocks.map { block in
            let statistics = block.statistics
            return Block(
                block: block.block, states: block.states, rules: block.rules.count,
                failing: block.rules.filter { !$0.passed }.map(\.rule.id),
                transitions: block.statistics.transitions,
                ruleApplications: block.states * block.rules.count,
                subjectsChecked: block.rules.reduce(0) { $0 + $1.subjects },
                wallSeconds: block.seconds,
                phases: ["enumerate": block.times.enumerate, "render": block.times.render,
                         "document": block.times.document, "evaluate": block.times.evaluate],
                memo: ["unitHits": statistics.unitHits, "unitMisses": statistics.unitMisses,
                       "documentHits": statistics.documentHits, "documentMisses": statistics.documentMisses,
                       "documentsBuilt": statistics.documentsBuilt, "foldedGroups": statistics.foldedGroups,
                       "countedStates": statistics.countedStates])
        }
    }

    func write(to path: String) throws(InputError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data: Data
        do { data = try encoder.encode(self) } catch { throw InputError(file: path, "cannot encode the statistics: \(error)") }
        try AtomicFile.write(data + Data("\n".utf8), to: path)
    }

    /// CPU seconds (user and system) and peak resident memory of this process so far.
    static func usage() -> (cpu: Double, peakKilobytes: Int) {
        var usage = rusage()
        #if canImport(Glibc)
        let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #else
        let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return (0, 0) }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        #if canImport(Darwin)
        let kilobytes = Int(usage.ru_maxrss) / 1024   // bytes on Darwin
        #else
        let kilobytes = Int(usage.ru_maxrss)          // kilobytes on Linux
        #endif
        return (seconds(usage.ru_utime) + seconds(usage.ru_stime), kilobytes)
    }
}
