import AccessibilityModel
import Auditor
import Foundation
import Synchronization
import Testing
import XMLSupport

/// Counts renders, to see how often an audit renders a block's states.
final class RenderCount: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

/// A test-only block that declares named assumptions and reads them, so that a rule's
/// failing states change with the answer.
///
/// One button. In `plain` states its hit region is `height` + 8 points tall and reads no
/// assumption; in `scroll` states it reads `probe-hits` (clipped: `height` tall, unclipped:
/// 4 pt more, padded: 20 pt more, inset: 2 pt less); in `named` states it is tall enough and
/// reads `probe-labels` (silent: no label). Against 44 pt (`probe-target`), under the
/// defaults 4 of 12 states fail (plain 30; scroll 30, 36, 42), 3 of them reading
/// `probe-hits`; unclipped 3, padded 1, inset 4 again.
struct AssumingProbe: BlockModel {
    var name = "Probe"
    var declared: [Assumption] = [Self.hits, Self.labels]
    var choices = AssumptionChoices.defaults
    var renders = RenderCount()

    var summary: String { "one button whose hit region rests on named assumptions" }
    var sourcePath: String { "Tests/AuditorTests/AssumptionTests.swift" }
    var stateSpace: StateSpace {
        StateSpace([Dimension("mode", values: ["plain", "scroll", "named"]), Dimension("height", values: ["30", "36", "42", "48"])])
    }
    var reviewScenarios: [ReviewScenario] { [] }
    var assumptions: [Assumption] { declared }

    func assuming(_ choices: AssumptionChoices) -> any BlockModel {
        var copy = self
        copy.choices = choices
        return copy
    }

    func snapshot(of state: BlockState) -> Snapshot {
        renders.add()
        var height = Double(state["height"])!
        var label = "Probe"
        var read: [String] = []
        switch state["mode"] {
        case "scroll":
            read = [Self.hits.name]
            height += ["clipped": 0, "unclipped": 4, "padded": 20, "inset": -2][choices.value(of: Self.hits)]!
        case "named":
            read = [Self.labels.name]
            height += 20
            if choices.holds(Self.labels, "silent") { label = "" }
        default:
            height += 8
        }
        let frame = Rect(x: 0, y: 0, width: 60, height: height)
        return Snapshot(block: name, state: state, environment: state.environment, elements: [
            AccessibilityElement(id: "probe.button", label: label, traits: .button, isInteractive: true, frame: frame, hitRegion: frame),
        ], assumptionsRead: read)
    }

    static let hits = Assumption(
        name: "probe-hits", question: "Does the probe's scroll view take touches outside its bounds?", defaultValue: "clipped",
        alternatives: [.init("clipped", "touches outside the bounds are lost"), .init("unclipped", "4 pt more answer"),
                       .init("padded", "20 pt more answer"), .init("inset", "2 pt fewer answer")],
        evidence: [.init("A scroll view clips hit testing to its bounds", source: "Probe notes, https://example.org/probe")],
        usedIn: ["Tests/AuditorTests/AssumptionTests.swift"])

    static let labels = Assumption(
        name: "probe-labels", question: "Does the plain probe speak its label?", defaultValue: "spoken",
        alternatives: [.init("spoken", "VoiceOver reads Probe"), .init("silent", "the label is empty")],
        evidence: [], usedIn: ["Tests/AuditorTests/AssumptionTests.swift"])

    /// The same probe under another name, declaring only `probe-hits`.
    static func other() -> AssumingProbe { AssumingProbe(name: "OtherProbe", declared: [hits]) }
}

/// Named assumptions on the command line: `assumptions` lists them, `audit --assume` audits
/// under another answer, findings say which assumptions their failing states read, and
/// `audit --sensitivity` says how the count moves under each other answer.
@Suite("Named assumptions")
struct AssumptionTests {
    /// A rule that fails a button answering to less than 44 pt of height.
    static func targetRule(id: String) -> String {
        """
          <rule id="\(id)" severity="error" blocks="*">
            <title>Buttons answer to 44 pt of height</title>
            <context>element[@hit-height]</context>
            <assert test="@hit-height &gt;= 44">answers to {@hit-height} pt of height</assert>
            <pass><state><element id="ok" traits="button" interactive="true" hit-width="60" hit-height="48" hit-uncertainty="0"/></state></pass>
            <fail><state><element id="short" traits="button" interactive="true" hit-width="60" hit-height="30" hit-uncertainty="0"/></state></fail>
          </rule>
        """
    }

    /// `probe-target` (44 pt of hit height) and `has-label`, for the probe blocks.
    static let rules = ruleFile(targetRule(id: "probe-target") + "\n" + labelRule())

    /// Audits the given probe blocks with ``rules``, writing reports into `files`.
    static func audit(_ arguments: [String], blocks: [any BlockModel] = [AssumingProbe()], in files: TemporaryDirectory) throws -> Invocation {
        let rules = try files.write("probe.xml", Self.rules)
        return runTool(["audit", "--no-bundled-rules", "--rules", rules, "--junit", files.path("junit.xml")] + arguments, blocks: blocks)
    }

    /// The failure body of a case in a JUnit report, or nil when it does not fail.
    static func failureBody(_ path: String, rule: String) throws -> String? {
        let document = try XMLDocument(contentsOfFile: path)
        let testcase = descendants(document.root, named: "testcase").first { $0.attribute("name") == rule }
        return testcase?.elementChildren.first { $0.name == "failure" }?.textContent
    }

    // MARK: assumptions

    @Test("`assumptions` lists each assumption once, with its question, default, alternatives, evidence, use and declaring blocks")
    func listing() {
        let run = runTool(["assumptions"], blocks: [AssumingProbe(), AssumingProbe.other()])
        #expect(run.code == .success, "\(run)")
        #expect(run.output == """
            probe-hits
              question: Does the probe's scroll view take touches outside its bounds?
              default: clipped
              alternatives:
                clipped (default): touches outside the bounds are lost
                unclipped: 4 pt more answer
                padded: 20 pt more answer
                inset: 2 pt fewer answer
              evidence:
                - A scroll view clips hit testing to its bounds — Probe notes, https://example.org/probe
              used in: Tests/AuditorTests/AssumptionTests.swift
              declared by: Probe, OtherProbe

            probe-labels
              question: Does the plain probe speak its label?
              default: spoken
              alternatives:
                spoken (default): VoiceOver reads Probe
                silent: the label is empty
              used in: Tests/AuditorTests/AssumptionTests.swift
              declared by: Probe

            """, "\(run)")
        #expect(run.errors.isEmpty)
    }

    @Test("`assumptions BLOCK` lists only that block's assumptions")
    func listingOneBlock() {
        let run = runTool(["assumptions", "OtherProbe"], blocks: [AssumingProbe(), AssumingProbe.other()])
        #expect(run.code == .success, "\(run)")
        #expect(run.outputLines.filter { !$0.hasPrefix(" ") } == ["probe-hits"])
        #expect(run.outputLines.contains("  declared by: OtherProbe"))
    }

    @Test("`assumptions` of blocks that declare none prints nothing on stdout and says so")
    func listingNone() {
        let run = runTool(["assumptions"], blocks: [OddBlock()])
        #expect(run.code == .success && run.output.isEmpty, "\(run)")
        #expect(run.errors.contains("declares no named assumptions"), "\(run)")
    }

    @Test("`assumptions` with an unknown block exits 2 listing the valid block names")
    func listingUnknownBlock() {
        let run = runTool(["assumptions", "Nope"], blocks: [AssumingProbe(), AssumingProbe.other()])
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains("unknown block 'Nope'; blocks: Probe, OtherProbe"), "\(run)")
        #expect(run.output.isEmpty)
    }

    // MARK: --assume

    @Test("a wrong --assume exits 2 before auditing, naming the valid assumptions or values", arguments: [
        (["--assume", "nope=x"], "unknown assumption 'nope'; assumptions of the audited blocks: probe-hits, probe-labels"),
        (["--block", "OtherProbe", "--assume", "probe-labels=silent"], "unknown assumption 'probe-labels'; assumptions of the audited blocks: probe-hits"),
        (["--assume", "probe-hits=wide"], "unknown value 'wide' for assumption 'probe-hits'; its values: clipped, unclipped, padded, inset"),
        (["--assume", "probe-hits"], "--assume takes NAME=VALUE, not 'probe-hits'"),
        (["--assume", "=clipped"], "--assume takes NAME=VALUE, not '=clipped'"),
        (["--assume", "probe-hits=padded", "--assume", "probe-hits=inset"], "--assume probe-hits is given twice, as padded and inset; choose one"),
    ])
    func invalidChoice(_ arguments: [String], _ message: String) throws {
        let files = try TemporaryDirectory()
        let run = try Self.audit(arguments, blocks: [AssumingProbe(), AssumingProbe.other()], in: files)
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains(message), "\(run)")
        #expect(!FileManager.default.fileExists(atPath: files.path("junit.xml")), "nothing is written")
    }

    @Test("an --assume naming an assumption blocks without any declare exits 2 saying they declare none")
    func choiceWithoutAssumptions() throws {
        let files = try TemporaryDirectory()
        let run = try Self.audit(["--assume", "probe-hits=padded"], blocks: [OddBlock()], in: files)
        #expect(run.code == .invalidInput, "\(run)")
        // The escape character in the block's name is shown, not sent to the terminal.
        #expect(run.errors.contains("unknown assumption 'probe-hits'; the audited blocks (Odd\\u{1B}Block) declare none"), "\(run)")
    }

    @Test("--assume audits the block under that answer: the failing states change with it", arguments: [
        ([String](), 4), (["probe-hits=clipped"], 4), (["probe-hits=unclipped"], 3), (["probe-hits=padded"], 1), (["probe-hits=inset"], 4),
        (["probe-labels=silent"], 4),
    ])
    func choiceChangesFindings(_ choices: [String], _ failing: Int) throws {
        let files = try TemporaryDirectory()
        let run = try Self.audit(choices.flatMap { ["--assume", $0] }, in: files)
        #expect(run.code == .gateFailed, "\(run)")
        #expect(run.output.contains("probe-target: \(failing) of 12 states"), "\(run)")
        let document = try XMLDocument(contentsOfFile: files.path("junit.xml"))
        let assumed = descendants(document.root, named: "property").filter { $0.attribute("name")?.hasSuffix(".assume") == true }.map { $0.attribute("value") }
        #expect(assumed == (choices.isEmpty ? [] : [choices.joined(separator: " ")]), "a suite property naming the explicit choices")
        #expect(try Checkout.schema("junit.xsd").validate(document, name: "junit.xml").map(\.description) == [])
        let totals = run.output.split(separator: "\n").first { $0.contains(" gating failure") }.map(String.init) ?? ""
        let ending = totals.replacingOccurrences(of: "gating failures", with: "gating failure")
        #expect(ending.hasSuffix(choices.isEmpty ? "gating failure" : "gating failure; assuming \(choices.joined(separator: ", "))"), "\(run)")
    }

    @Test("a rule that passes under the defaults can fail under another answer, and then rests on it")
    func choiceMakesARuleFail() throws {
        let files = try TemporaryDirectory()
        let run = try Self.audit(["--assume", "probe-labels=silent"], in: files)
        #expect(run.output.contains("FAIL [error] has-label: 4 of 12 states"), "\(run)")
        #expect(run.output.contains("— rests on probe-labels=silent"), "\(run)")
        let body = try #require(try Self.failureBody(files.path("junit.xml"), rule: "has-label"))
        #expect(body.contains("Assumptions: probe-labels=silent (read in 4 of 4 failing states; see a11y-audit assumptions)"), "\(body)")
        #expect(body.contains("Reproduce: a11y-audit audit --block Probe --where 'mode=named;height=30' --no-bundled-rules --rules "), "\(body)")
        #expect(body.contains(" --assume probe-labels=silent"), "the reproduction keeps the choice: \(body)")
    }

    // MARK: What findings rest on

    @Test("the console FAIL line says which assumptions the failing states read, with the values in force")
    func consoleLine() throws {
        let files = try TemporaryDirectory()
        let run = try Self.audit([], in: files)
        let line = try #require(run.output.split(separator: "\n").first { $0.contains("FAIL [error] probe-target:") }, "\(run)")
        #expect(line.hasSuffix(" — rests on probe-hits=clipped"), "\(line)")
        #expect(!run.output.contains("sensitivity"), "no sensitivity figures unless asked")
    }

    @Test("a rule whose failing states read no assumption says nothing about assumptions")
    func nothingToRestOn() throws {
        let files = try TemporaryDirectory()
        let run = try Self.audit(["--where", "mode=plain", "--sarif", files.path("log.sarif")], in: files)
        let line = try #require(run.output.split(separator: "\n").first { $0.contains("FAIL [error] probe-target:") }, "\(run)")
        #expect(!line.contains("rests on"), "\(line)")
        let body = try #require(try Self.failureBody(files.path("junit.xml"), rule: "probe-target"))
        #expect(!body.contains("Assumptions:"), "\(body)")
        let sarif = try String(contentsOfFile: files.path("log.sarif"), encoding: .utf8)
        #expect(!sarif.contains("assumptions"), "\(sarif)")
    }

    @Test("the JUnit failure body names the assumption and in how many failing states it was read")
    func junitBody() throws {
        let files = try TemporaryDirectory()
        _ = try Self.audit([], in: files)
        let body = try #require(try Self.failureBody(files.path("junit.xml"), rule: "probe-target"))
        #expect(body.contains("\nAssumptions: probe-hits=clipped (read in 3 of 4 failing states; see a11y-audit assumptions)\n"), "\(body)")
    }

    @Test("the SARIF result carries the assumptions as properties and says so after its first sentence; the run records the choices")
    func sarif() throws {
        let files = try TemporaryDirectory()
        _ = try Self.audit(["--assume", "probe-hits=unclipped", "--sarif", files.path("log.sarif")], in: files)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: files.path("log.sarif")))) as? [String: Any])
        let run = try SARIFReportTests.run(log)
        #expect((run["properties"] as? [String: Any])?["assume"] as? [String] == ["probe-hits=unclipped"])
        let result = try #require(try SARIFReportTests.results(log).first { $0["ruleId"] as? String == "probe-target" })
        let properties = try #require(result["properties"] as? [String: Any])
        let assumptions = try #require(properties["assumptions"] as? [[String: Any]])
        #expect(assumptions.count == 1)
        #expect(assumptions.first?["name"] as? String == "probe-hits")
        #expect(assumptions.first?["value"] as? String == "unclipped")
        #expect(assumptions.first?["failingStates"] as? Int == 2)
        let message = try #require(SARIFReportTests.text(result["message"]))
        #expect(message.hasPrefix("Probe fails probe-target: "), "\(message)")
        #expect(message.contains("\n3 of 12 states fail"), "\(message)")
        #expect(message.contains(". The failing states rest on probe-hits=unclipped (read in 2 of 3 failing states; see a11y-audit assumptions). First failing state"),
                "\(message)")
    }

    @Test("the HTML report says which choices were in force and what a failing rule rests on")
    func html() throws {
        let files = try TemporaryDirectory()
        _ = try Self.audit(["--assume", "probe-hits=unclipped", "--sensitivity", "--html", files.path("html")], in: files)
        let html = try String(contentsOfFile: files.path("html/index.html"), encoding: .utf8)
        #expect(html.contains(#"<p class="assumptions">Audited assuming probe-hits=unclipped; every other named assumption at its default"#))
        #expect(html.contains(#"<p class="assumptions">Rests on probe-hits=unclipped (read in 2 of 3 failing states; see a11y-audit assumptions).</p>"#))
        #expect(html.contains(#"<p class="sensitivity">Sensitivity: 4 of 12 with probe-hits=clipped; 1 of 12 with probe-hits=padded; "#
                              + "4 of 12 with probe-hits=inset.</p>"))
        _ = try XMLDocument(contentsOfFile: files.path("html/index.html"))
    }

    @Test("merged shards keep what findings rest on and the choices; shards audited under other choices do not merge")
    func merge() throws {
        let files = try TemporaryDirectory()
        let rules = try files.write("probe.xml", Self.rules)
        let blocks: [any BlockModel] = [AssumingProbe()]
        for shard in 1...2 {
            let run = runTool(["audit", "--no-bundled-rules", "--rules", rules, "--shard", "\(shard)/2", "--fail-on", "never", "--assume", "probe-labels=silent",
                               "--junit", files.path("shard-\(shard).xml")], blocks: blocks)
            #expect(run.code == .success, "\(run)")
        }
        let merged = runTool(["merge", "-o", files.path("merged.xml"), files.path("shard-1.xml"), files.path("shard-2.xml")], blocks: blocks)
        #expect(merged.code == .gateFailed, "\(merged)")
        #expect(merged.output.contains("— rests on probe-labels=silent"), "\(merged)")
        let body = try #require(try Self.failureBody(files.path("merged.xml"), rule: "has-label"))
        #expect(body.contains("Assumptions: probe-labels=silent (read in 4 of 4 failing states; see a11y-audit assumptions)"), "\(body)")
        let target = try #require(try Self.failureBody(files.path("merged.xml"), rule: "probe-target"))
        #expect(target.contains("Assumptions: probe-hits=clipped (read in 3 of 4 failing states; see a11y-audit assumptions)"), "\(target)")

        let other = runTool(["audit", "--no-bundled-rules", "--rules", rules, "--shard", "2/2", "--fail-on", "never", "--junit", files.path("other-2.xml")], blocks: blocks)
        #expect(other.code == .success, "\(other)")
        let refused = runTool(["merge", "-o", files.path("refused.xml"), files.path("shard-1.xml"), files.path("other-2.xml")], blocks: blocks)
        #expect(refused.code == .invalidInput, "\(refused)")
        #expect(refused.errors.contains("other --assume choices"), "\(refused)")
    }

    // MARK: --sensitivity

    @Test("--sensitivity prints, after the FAIL lines, the failing states under each other answer", arguments: [
        ([String](), "  sensitivity probe-target: 4 of 12 states; 3 with probe-hits=unclipped; 1 with probe-hits=padded; unchanged with probe-hits=inset"),
        (["--where", "mode=scroll"], "  sensitivity probe-target: 3 of 4 states; 2 with probe-hits=unclipped; 0 with probe-hits=padded; unchanged with probe-hits=inset"),
        (["--assume", "probe-hits=unclipped"], "  sensitivity probe-target: 3 of 12 states; 4 with probe-hits=clipped; 1 with probe-hits=padded; 4 with probe-hits=inset"),
    ])
    func sensitivity(_ arguments: [String], _ expected: String) throws {
        let files = try TemporaryDirectory()
        let plain = try Self.audit(arguments, in: files)
        let run = try Self.audit(arguments + ["--sensitivity"], in: files)
        #expect(run.code == plain.code, "the exit code is the main audit's")
        let lines = run.output.split(separator: "\n").map(String.init)
        let at = try #require(lines.firstIndex(of: expected), "\(run)")
        let fail = try #require(lines.firstIndex { $0.contains("FAIL [error] probe-target:") })
        #expect(fail < at, "after the FAIL lines")
        #expect(lines.filter { $0.hasPrefix("  sensitivity ") }.count == 1, "only the rule that reads an assumption: \(run)")
    }

    @Test("--sensitivity re-audits each (block, assumption, value) once, however many rules read it; reports keep the main audit's findings")
    func sensitivityOnce() throws {
        let files = try TemporaryDirectory()
        let rules = try files.write("twice.xml", ruleFile(Self.targetRule(id: "probe-target") + "\n" + Self.targetRule(id: "probe-target-again")))
        let probe = AssumingProbe()
        let run = runTool(["audit", "--no-bundled-rules", "--rules", rules, "--junit", files.path("junit.xml"), "--sensitivity"], blocks: [probe])
        #expect(run.code == .gateFailed, "\(run)")
        #expect(probe.renders.value == 12 + 3 * 12, "the audit, then one re-audit per other value of probe-hits")
        #expect(run.output.contains("  sensitivity probe-target-again: 4 of 12 states; 3 with probe-hits=unclipped"), "\(run)")
        let body = try #require(try Self.failureBody(files.path("junit.xml"), rule: "probe-target"))
        #expect(body.contains("4 of 12 states fail"), "\(body)")
        #expect(body.contains("\nSensitivity: 3 of 12 with probe-hits=unclipped; 1 of 12 with probe-hits=padded; 4 of 12 with probe-hits=inset (unchanged)\n"),
                "\(body)")
    }
}

@Suite("Larger fixtures come from blocks that offer them")
struct ScalableBlockTests {
    @Test("--scale refuses a block that does not adopt ScalableBlock, naming it")
    func refusesUnscalable() throws {
        let files = try TemporaryDirectory()
        let run = runTool(["audit", "--scale", "2", "--junit", files.path("j.xml")], blocks: [AssumingProbe()])
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains("--scale needs blocks that adopt ScalableBlock; Probe does not"), "\(run)")
    }
}
