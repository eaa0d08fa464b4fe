/// The parallel-job variables CI systems set, read when `--shard` is not given, so a
/// parallel job audits its share without being told.
///
/// A system whose variables say there is one job (GitLab sets `CI_NODE_TOTAL=1` on every
/// job, CircleCI `CIRCLE_NODE_TOTAL=1`) gives no shard. Variables that are set but do not
/// make a shard are an input error, not a silent full audit in each of N jobs.
public enum CIParallelism {
    /// One CI system's pair of variables.
    struct System {
        var name: String
        var index: String
        var total: String
        /// Whether `index` counts from 1 (GitLab) rather than 0.
        var countsFromOne: Bool
    }

    static let systems = [
        System(name: "GitLab", index: "CI_NODE_INDEX", total: "CI_NODE_TOTAL", countsFromOne: true),
        System(name: "CircleCI", index: "CIRCLE_NODE_INDEX", total: "CIRCLE_NODE_TOTAL", countsFromOne: false),
        System(name: "Buildkite", index: "BUILDKITE_PARALLEL_JOB", total: "BUILDKITE_PARALLEL_JOB_COUNT", countsFromOne: false),
    ]

    /// The shard the environment asks for and where it came from ("GitLab
    /// CI_NODE_INDEX/CI_NODE_TOTAL"), or nil when no system runs this job in parallel.
    public static func shard(in environment: [String: String]) throws(InputError) -> (shard: Shard, source: String)? {
        for system in systems {
            guard let indexText = environment[system.index], !indexText.isEmpty,
                  let totalText = environment[system.total], !totalText.isEmpty else { continue }
            let source = "\(system.name) \(system.index)/\(system.total)"
            let first = system.countsFromOne ? 1 : 0
            guard let index = Int(indexText), let total = Int(totalText), (first...Shard.maximumCount).contains(index),
                  let shard = Shard(index: index - first + 1, count: total) else {
                throw InputError("\(system.index)=\(indexText) and \(system.total)=\(totalText) (\(system.name)) do not name one of the jobs "
                                 + "(\(system.index) counts from \(first) to \(system.total)\(first == 0 ? " - 1" : "")); "
                                 + "give --shard K/N to say which share this job audits")
            }
            return shard.count > 1 ? (shard, source) : nil
        }
        return nil
    }
}
