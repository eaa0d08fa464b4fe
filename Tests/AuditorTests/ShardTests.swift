import AccessibilityModel
import Auditor
import BlockModels
import Foundation
import Testing
import XMLSupport

/// CI variables and the shard they must give (nil: the whole audit).
struct CIEnvironment: CustomTestStringConvertible, Sendable {
    var name: String
    var variables: [String: String]
    var shard: String?
    var source: String?

    var testDescription: String { name }

    static let all: [CIEnvironment] = [
        CIEnvironment(name: "GitLab counts from 1", variables: ["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "4"],
                      shard: "2/4", source: "GitLab CI_NODE_INDEX/CI_NODE_TOTAL"),
        CIEnvironment(name: "CircleCI counts from 0", variables: ["CIRCLE_NODE_INDEX": "1", "CIRCLE_NODE_TOTAL": "4"],
                      shard: "2/4", source: "CircleCI CIRCLE_NODE_INDEX/CIRCLE_NODE_TOTAL"),
        CIEnvironment(name: "Buildkite counts from 0", variables: ["BUILDKITE_PARALLEL_JOB": "3", "BUILDKITE_PARALLEL_JOB_COUNT": "4"],
                      shard: "4/4", source: "Buildkite BUILDKITE_PARALLEL_JOB/BUILDKITE_PARALLEL_JOB_COUNT"),
        CIEnvironment(name: "a GitLab job without parallel (CI_NODE_TOTAL=1 only)", variables: ["CI": "true", "CI_NODE_TOTAL": "1"], shard: nil),
        CIEnvironment(name: "a CircleCI job on one node", variables: ["CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "1"], shard: nil),
        CIEnvironment(name: "no CI at all", variables: [:], shard: nil),
    ]
}

@Suite("Shards")
struct ShardTests {
    /// Selections to split: a product, a subset of one, and a space that is a union of regions.
    static let selections: [(name: String, selection: StateSelection)] = [
        ("ScrollingTabStrip", ScrollingTabStrip().stateSpace.all),
        ("ScopeHeader at size AX3, width 320", ScopeHeader().stateSpace.states(matching: try! StateFilter(parsing: ["size=AX3", "width=320"], in: ScopeHeader().stateSpace))),
        ("TopTabs at size L (three regions)", TopTabs().stateSpace.states(matching: try! StateFilter(parsing: ["size=L"], in: TopTabs().stateSpace))),
    ]

    @Test("N shards hold every selected state exactly once, without listing them", arguments: [1, 2, 3, 4, 7], [0, 1, 2])
    func partition(_ count: Int, _ which: Int) throws {
        let (name, selection) = Self.selections[which]
        let shards = (1...count).map { Shard(index: $0, count: count)!.share(of: selection) }
        #expect(shards.reduce(0) { $0 + $1.count } == selection.count, "\(name)")
        var seen = Set<String>()
        for (index, shard) in shards.enumerated() {
            for position in shard.indices {
                let state = shard[position]
                #expect(seen.insert(state.id).inserted, "\(name): \(state.id) is in two shards")
                #expect(shard.basePosition(position) % count == index)
                #expect(selection[shard.basePosition(position)] == state)
                #expect(shard.position(of: state) == position)
            }
        }
        #expect(seen.count == selection.count, "\(name)")
        let all = Set(selection.map(\.id))
        #expect(seen == all)
    }

    @Test("--shard takes K/N with 1 ≤ K ≤ N; any other form exits 2 with the rule of the form",
          arguments: ["0/3", "4/3", "x/y", "3", "1/0", "-1/3", "1/3/5", "", " 1/3", "1.5/3"])
    func invalidShard(_ form: String) throws {
        let files = try TemporaryDirectory()
        let junit = try files.write("junit.xml", Gate.untouched)
        let run = runTool(["audit"] + Gate.strip + ["--shard", form, "--junit", junit])
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains(Shard.form + ", not '\(form)'"), "\(run)")
        #expect(try String(contentsOfFile: junit, encoding: .utf8) == Gate.untouched)
    }

    @Test("without --shard, a CI system's parallel-job variables choose the shard, and the audit says so", arguments: CIEnvironment.all)
    func detected(_ ci: CIEnvironment) throws {
        let found = try CIParallelism.shard(in: ci.variables)
        #expect(found?.shard.description == ci.shard)
        #expect(found?.source == ci.source)

        let files = try TemporaryDirectory()
        let junit = files.path("junit.xml")
        let run = runTool(["audit"] + Gate.strip + ["--fail-on", "never", "--junit", junit], environment: ci.variables)
        #expect(run.code == .success, "\(run)")
        let suite = try Gate.parse(junit).suite("ScrollingTabStrip")
        if let shard = ci.shard, let source = ci.source {
            #expect(run.errors.hasPrefix("shard \(shard) from \(source)\n"), "\(run)")
            #expect(properties(suite, "shard") == [shard])
            #expect(properties(suite, "states") == ["10"])
        } else {
            #expect(!run.errors.contains("shard "), "\(run)")
            #expect(properties(suite, "shard") == [])
            #expect(properties(suite, "states") == ["40"])
        }
    }

    @Test("--shard wins over the CI variables, and --shard 1/1 turns sharding off")
    func explicitShardWins() throws {
        let files = try TemporaryDirectory()
        let gitlab = ["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "4"]
        for (form, states) in [("3/5", "8"), ("1/1", "40")] {
            let junit = files.path("\(states).xml")
            let run = runTool(["audit"] + Gate.strip + ["--shard", form, "--fail-on", "never", "--junit", junit], environment: gitlab)
            #expect(run.code == .success && !run.errors.contains("from GitLab"), "\(run)")
            #expect(properties(try Gate.parse(junit).suite("ScrollingTabStrip"), "states") == [states])
        }
    }

    @Test("CI variables that name no job exit 2 and say how to override them", arguments: [
        ["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "4"], ["CIRCLE_NODE_INDEX": "4", "CIRCLE_NODE_TOTAL": "4"],
        ["BUILDKITE_PARALLEL_JOB": "one", "BUILDKITE_PARALLEL_JOB_COUNT": "4"],
    ])
    func invalidVariables(_ variables: [String: String]) throws {
        let files = try TemporaryDirectory()
        let run = runTool(["audit"] + Gate.strip + ["--junit", files.path("junit.xml")], environment: variables)
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains("give --shard K/N"), "\(run)")
    }

    @Test("--update-baseline needs every state, so a shard refuses it before auditing")
    func noBaselineFromAShard() throws {
        let files = try TemporaryDirectory()
        let run = runTool(["audit"] + Gate.strip + ["--shard", "1/2", "--update-baseline", files.path("b.xml"), "--junit", files.path("j.xml")])
        #expect(run.code == .invalidInput, "\(run)")
        #expect(try files.listing() == [])
    }

    // MARK: the "Done when"

    @Test("four shards merged equal one unsplit run in findings, gate alike, and the merged report is valid",
          arguments: ["two blocks, one of three regions", "every text size, with a baseline covering part of a rule's failures"])
    func fourShardsEqualOneRun(_ audit: String) throws {
        let files = try TemporaryDirectory()
        var options = Gate.twoBlocks
        if audit.contains("baseline") {
            // Some target-size failures stay outside, so the gate still holds.
            let baseline = try files.write("baseline.xml", Gate.baseline(Gate.accept("target-size", where: [("selection", "for-you trending music")])
                                                                           + "\n" + Gate.otherFindings))
            options = Gate.everySize + ["--baseline", baseline]
        }
        let single = files.path("single.xml")
        let whole = runTool(["audit"] + options + ["--junit", single, "--update-baseline", files.path("single-baseline.xml"),
                                                   "--sarif", files.path("single.sarif")])
        #expect(whole.code == .gateFailed, "\(whole)")
        var shards: [String] = []
        for index in 1...4 {
            shards.append(files.path("shard-\(index).xml"))
            let run = runTool(["audit"] + options + ["--shard", "\(index)/4", "--fail-on", "never", "--junit", shards.last!])
            #expect(run.code == .success, "\(run)")
        }
        let merged = files.path("merged.xml")
        let merge = runTool(["merge", "-o", merged, "--update-baseline", files.path("merged-baseline.xml"),
                             "--sarif", files.path("merged.sarif"), "--html", files.path("html")] + shards.reversed())
        #expect(merge.code == whole.code, "\(merge)")

        // Cases, counts, failing states and the first of them: the same, block by block.
        let one = try Gate.parse(single), four = try Gate.parse(merged)
        #expect(four.suites.map { $0.attribute("name") } == one.suites.map { $0.attribute("name") })
        for suite in one.suites {
            let block = suite.attribute("name") ?? ""
            let other = try four.suite(block)
            for name in ["states", "outcome", "baselined", "failing-rules", "spec"] {
                #expect(properties(other, name) == properties(suite, name), "\(block) \(name)")
            }
            #expect(properties(other, "shard") == [])
        }
        // Everything else too, but for the times and the host.
        #expect(try Gate.normalised(merged) == Gate.normalised(single))
        #expect(try Gate.schemaProblems(merged) == [])
        #expect(try String(contentsOfFile: files.path("merged-baseline.xml"), encoding: .utf8)
                == String(contentsOfFile: files.path("single-baseline.xml"), encoding: .utf8))
        #expect(merge.output.contains(whole.output.split(separator: "\n").first { $0.contains("target-size") }.map(String.init) ?? "—"), "\(merge)")
        // The SARIF log of the merged findings is the unsplit run's, byte for byte; the page is written.
        #expect(try Data(contentsOf: URL(fileURLWithPath: files.path("merged.sarif"))) == Data(contentsOf: URL(fileURLWithPath: files.path("single.sarif"))))
        #expect(FileManager.default.fileExists(atPath: files.path("html/index.html")))
    }
}
