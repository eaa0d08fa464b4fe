import Auditor
import Foundation
import Testing

/// With GITHUB_ACTIONS=true an audit prints a workflow command per failure, which GitHub
/// shows on the rule's line.
@Suite("GitHub annotations")
struct GitHubAnnotationTests {
    static func annotations(_ run: Invocation) -> [String] { run.outputLines.filter { $0.hasPrefix("::") } }

    @Test("each gating failure is an ::error naming the rule file, its line, the rule and the block")
    func errors() throws {
        let files = try TemporaryDirectory()
        let run = runTool(["audit"] + Gate.strip + ["--junit", files.path("j.xml")], environment: ["GITHUB_ACTIONS": "true", "CI": "true"],
                          workingDirectory: Checkout.root)
        #expect(run.code == .gateFailed, "\(run)")
        let spec = try Checkout.bundledSpec()
        let lines = Self.annotations(run)
        #expect(lines.count == 4, "\(run)")
        for id in ["target-size", "title-is-heading", "selection-haptic"] {
            let rule = try #require(spec.rules.first { $0.id == id })
            let prefix = "::error file=specs/rules/general.xml,line=\(rule.line),title=\(id)::ScrollingTabStrip: "
            #expect(rule.file.hasSuffix("specs/rules/general.xml"))
            #expect(lines.contains { $0.hasPrefix(prefix) && $0.hasSuffix("(fails in 40 of 40 states)") }, "\(prefix)\n\(lines)")
        }
        let source = try String(contentsOfFile: Checkout.root.appendingPathComponent("specs/rules/general.xml").path, encoding: .utf8)
        let target = try #require(location(of: "id=\"target-size\"", in: source))
        #expect(lines.first { $0.contains("title=target-size::") }?.contains("line=\(target.line),") == true, "the line of the rule's start tag")
    }

    @Test("a failure below --fail-on is a ::warning and a baselined one a ::notice")
    func levels() throws {
        let files = try TemporaryDirectory()
        let baseline = try files.write("baseline.xml", Gate.baseline(Gate.accept("target-size")))
        let run = runTool(["audit"] + Gate.strip + ["--baseline", baseline, "--junit", files.path("j.xml")],
                          environment: ["GITHUB_ACTIONS": "true"])
        let lines = Self.annotations(run)
        #expect(lines.filter { $0.hasPrefix("::notice ") }.count == 1 && lines.filter { $0.hasPrefix("::error ") }.count == 3, "\(lines)")
        #expect(lines.first { $0.contains("title=target-size") }?.contains("baselined until 2099-12-31") == true, "\(lines)")
        let lenient = runTool(["audit"] + Gate.strip + ["--fail-on", "never", "--junit", files.path("j.xml")],
                              environment: ["GITHUB_ACTIONS": "true"])
        #expect(Self.annotations(lenient).count == 4 && Self.annotations(lenient).allSatisfy { $0.hasPrefix("::warning ") }, "\(lenient)")
    }

    @Test("without GITHUB_ACTIONS=true (CI=true alone, as .ci/run) nothing is annotated", arguments: [[:], ["CI": "true"], ["GITHUB_ACTIONS": "false"]])
    func notOnGitHub(_ environment: [String: String]) throws {
        let files = try TemporaryDirectory()
        let run = runTool(["audit"] + Gate.strip + ["--junit", files.path("j.xml")], environment: environment)
        #expect(run.code == .gateFailed && Self.annotations(run).isEmpty, "\(run)")
    }

    @Test("a shard leaves the annotations to merge, which prints each failure once for the whole audit")
    func shards() throws {
        let files = try TemporaryDirectory()
        let github = ["GITHUB_ACTIONS": "true"]
        var reports: [String] = []
        for shard in 1...2 {
            reports.append(files.path("shard-\(shard).xml"))
            let run = runTool(["audit"] + Gate.strip + ["--shard", "\(shard)/2", "--fail-on", "never", "--junit", reports.last!], environment: github)
            #expect(run.code == .success && Self.annotations(run).isEmpty, "\(run)")
        }
        let merged = runTool(["merge", "-o", files.path("merged.xml")] + reports, environment: github)
        #expect(merged.code == .gateFailed, "\(merged)")
        let lines = Self.annotations(merged)
        #expect(lines.count == 4 && lines.allSatisfy { $0.hasPrefix("::error file=") && $0.hasSuffix("(fails in 40 of 40 states)") }, "\(merged)")
    }

    @Test("messages and properties are escaped as the runner reads them")
    func escaping() {
        #expect(GitHubAnnotations.data("50% done\r\nnext") == "50%25 done%0D%0Anext")
        #expect(GitHubAnnotations.property("a:b,c") == "a%3Ab%2Cc")
    }

    @Test("the built executable annotates when its environment says GitHub Actions",
          .enabled(if: BuiltExecutableTests.executable != nil, "the a11y-audit product is built beside the tests"))
    func builtExecutable() throws {
        let executable = try #require(BuiltExecutableTests.executable)
        let files = try TemporaryDirectory()
        let run = try BuiltExecutableTests.run(executable, ["audit"] + Gate.strip + ["--junit", files.path("j.xml")], in: files.url,
                                               environment: ProcessInfo.processInfo.environment.merging(["GITHUB_ACTIONS": "true"]) { $1 })
        #expect(run.status == 1, "\(run.errors)")
        // The rules lie outside the working directory, so their path is given whole.
        #expect(run.output.contains("::error file=\(Checkout.root.path)/specs/rules/general.xml,line="), "\(run.output)")
    }
}
