import AccessibilityModel
import Auditor
import BlockModels
import Foundation
import Testing
import XMLSupport

/// The command line as DESIGN.md fixes it, run in process: data on stdout, messages on
/// stderr, exit 0 / 1 / 2.
@Suite("The command line")
struct CommandLineTests {
    /// Every dimension of ScopeHeader but `scope`: three states, one per scope.
    static let threeScopes = ["chips=sample", "on=unread+audio", "count=auto", "stuck=no", "onFilters=set",
                              "size=L", "motion=full", "width=393", "direction=ltr", "appearance=light", "contrast=standard"]

    // MARK: blocks

    @Test("`blocks` lists the three built-in blocks with their state counts and dimensions")
    func blocks() {
        let run = runTool(["blocks"])
        #expect(run.code == .success, "\(run)")
        let headings = run.outputLines.filter { !$0.hasPrefix(" ") }.map { $0.split(separator: "\t").map(String.init) }
        #expect(headings.map { $0.first ?? "" } == ["ScopeHeader", "TopTabs", "ScrollingTabStrip"])
        for (heading, block) in zip(headings, BuiltInBlocks.all) {
            #expect(heading.count >= 2 && heading[1] == "\(Count(block.stateSpace.count, "state"))", "\(heading)")
        }
        #expect(run.outputLines.contains("  scope: for-you following saved"))
        #expect(run.outputLines.contains("  tabs: reading few long"))
        #expect(run.outputLines.contains("  width: 320 375 393 440"))
        #expect(run.errors.isEmpty)
    }

    // MARK: states

    @Test("`states` prints the matching ids one a line, in dimension order")
    func statesFiltered() {
        let run = runTool(["states", "ScopeHeader"] + whereArguments(Self.threeScopes))
        #expect(run.code == .success, "\(run)")
        #expect(run.outputLines == ["for-you", "following", "saved"].map {
            "scope=\($0);chips=sample;on=unread+audio;count=auto;stuck=no;onFilters=set;size=L;motion=full;width=393;direction=ltr;"
                + "appearance=light;contrast=standard"
        })
    }

    @Test("`states --where` takes a whole state id and selects that one state")
    func statesByID() {
        let id = "selection=music;size=AX2;motion=reduced;width=375;direction=rtl;appearance=dark;contrast=increased"
        let run = runTool(["states", "ScrollingTabStrip", "--where", id])
        #expect(run.code == .success && run.outputLines == [id], "\(run)")
    }

    @Test("`states --where` constraints must all hold: two values of one dimension select nothing, which exits 2 naming them")
    func statesConjunction() {
        let some = runTool(["states", "ScrollingTabStrip", "--where", "size=L", "--where", "width=320", "--where", "direction=ltr"])
        #expect(some.outputLines.count == 10 * 2 * 2 * 2, "\(some)")
        #expect(some.outputLines.allSatisfy { $0.contains(";size=L;") && $0.contains(";width=320;") && $0.contains(";direction=ltr;") })
        let none = runTool(["states", "ScrollingTabStrip", "--where", "size=L", "--where", "size=xS"])
        #expect(none.code == .invalidInput && none.output.isEmpty, "\(none)")
        #expect(none.errors.contains("--where size=L size=xS selects no state of ScrollingTabStrip; size is given as L and xS"), "\(none)")
    }

    @Test("an unknown dimension exits 2 listing the block's dimensions")
    func unknownDimension() {
        let run = runTool(["states", "ScopeHeader", "--where", "colour=red"])
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains("unknown dimension 'colour'; valid dimensions: scope, chips, on, count, stuck, onFilters, size, motion, width, direction"),
                "\(run)")
        #expect(run.output.isEmpty)
    }

    @Test("an unknown value exits 2 listing the dimension's values")
    func unknownValue() {
        let run = runTool(["states", "ScopeHeader", "--where", "size=huge"])
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains("unknown value 'huge' for dimension 'size'; valid values: xS, S, M, L, xL, xxL, xxxL, AX1, AX2, AX3, AX4, AX5"),
                "\(run)")
        #expect(run.output.isEmpty)
    }

    @Test("`audit --where` with a dimension no block has exits 2 listing every block's dimensions")
    func auditUnknownDimension() throws {
        let files = try TemporaryDirectory()
        let run = runTool(["audit", "--where", "colour=red", "--junit", files.path("junit.xml")])
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains("unknown dimension 'colour'; valid dimensions: appearance, chips, contrast, count, direction, drag, motion, on, onFilters, scope, selection, size, sizing, stuck, tabs, width"),
                "\(run)")
        #expect(try files.listing().isEmpty)
    }

    @Test("an unknown block exits 2 listing the blocks", arguments: [
        ["states", "TabBar"], ["tree", "TabBar"], ["transcript", "TabBar"], ["audit", "--block", "TabBar"],
    ])
    func unknownBlock(arguments: [String]) {
        let run = runTool(arguments)
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains("unknown block 'TabBar'; blocks: ScopeHeader, TopTabs, ScrollingTabStrip"), "\(run)")
        #expect(run.output.isEmpty)
    }

    @Test("an unknown command, an unknown option or no command at all exits 2", arguments: [
        (["publish"], "unknown command 'publish'"),
        (["blocks", "--where", "size=L"], "unknown option '--where' for 'blocks'"),
        (["states", "ScopeHeader", "--junit", "x.xml"], "unknown option '--junit' for 'states'; its options: --where"),
        (["audit", "--shards", "1/2"], "unknown option '--shards' for 'audit'"),
        (["states"], "takes one block name"),
        ([], "usage: a11y-audit"),
    ])
    func badInvocation(arguments: [String], message: String) {
        let run = runTool(arguments)
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains(message), "\(run)")
        #expect(run.output.isEmpty)
    }

    @Test("`help` prints the usage on stdout and exits 0")
    func help() {
        let run = runTool(["help"])
        #expect(run.code == .success && run.output.contains("usage: a11y-audit <command>"), "\(run)")
    }

    // MARK: tree, transcript

    @Test("`tree` prints state documents that are valid against specs/schema/state.xsd", arguments: [
        ("ScopeHeader", CommandLineTests.threeScopes),
        ("TopTabs", ["tabs=few", "sizing=automatic", "selection=unread", "size=AX3", "motion=reduced", "width=320", "direction=rtl"]),
        ("ScrollingTabStrip", ["selection=music", "size=L", "width=393", "direction=ltr"]),
    ])
    func treeIsValid(block: String, pairs: [String]) throws {
        let run = runTool(["tree", block] + whereArguments(pairs))
        #expect(run.code == .success, "\(run)")
        let ids = runTool(["states", block] + whereArguments(pairs)).outputLines
        let documents = run.output.components(separatedBy: "<?xml ").dropFirst().map { "<?xml " + $0 }
        #expect(documents.count == ids.count && !ids.isEmpty)
        let schema = try Checkout.schema("state.xsd")
        for (text, id) in zip(documents, ids) {
            let document = try XMLDocument(parsing: text, name: id)
            #expect(schema.validate(document, name: id).map(\.description) == [])
            #expect(document.root.name == "state")
            #expect(document.root.attribute("block") == block && document.root.attribute("id") == id)
        }
    }

    @Test("`tree` and `transcript --where` print under another answer to an assumption; --check refuses one")
    func printingUnderAnAssumption() {
        let state = whereArguments(["tabs=reading", "sizing=automatic", "selection=top", "drag=none", "size=L", "motion=full",
                                    "width=393", "direction=ltr", "appearance=light", "contrast=standard"])
        func events(_ extra: [String]) -> String? {
            runTool(["tree", "TopTabs"] + state + extra).outputLines.first { $0.contains(#"id="tab.events""#) }
        }
        #expect(events([])?.contains(#"label="Events" value="3""#) == true)
        #expect(events(["--assume", "top-tabs-count-speech=joined"])?.contains(#"label="Events, 3" value="""#) == true)
        let transcript = runTool(["transcript", "TopTabs", "--assume", "top-tabs-count-speech=joined"] + state)
        #expect(transcript.code == .success && transcript.output.contains("Events, 3, Button"), "\(transcript)")
        let check = runTool(["transcript", "TopTabs", "--check", "--assume", "top-tabs-count-speech=joined"])
        #expect(check.code == .invalidInput && check.errors.contains("--assume applies to printing and to --compare"), "\(check)")
        let unknown = runTool(["tree", "TopTabs", "--assume", "count-speech=joined"] + state)
        #expect(unknown.code == .invalidInput && unknown.errors.contains("assumptions of the audited blocks: top-tabs-count-speech"),
                "\(unknown)")
    }

    @Test("`transcript` reads ScopeHeader as VoiceOver would: Filters, 2 on; Selected, Following, 4 new")
    func transcript() {
        let run = runTool(["transcript", "ScopeHeader", "--where", "chips=sample", "--where", "on=unread+audio",
                           "--where", "onFilters=set", "--where", "scope=following", "--where", "count=auto",
                           "--where", "stuck=no", "--where", "size=L", "--where", "motion=full", "--where", "width=393",
                           "--where", "direction=ltr", "--where", "appearance=light", "--where", "contrast=standard"])
        #expect(run.code == .success, "\(run)")
        let lines = run.outputLines
        #expect(lines.first == "ScopeHeader · scope=following;chips=sample;on=unread+audio;count=auto;stuck=no;onFilters=set;size=L;motion=full;width=393;direction=ltr;appearance=light;contrast=standard")
        #expect(lines.contains("  1. Reading, Heading"))
        #expect(lines.contains { $0.hasPrefix("  3. Selected, Following, 4 new, Button") })
        #expect(lines.contains { $0.contains("Filters, 2 on, Button") })
        #expect(lines.contains { $0.contains("Selected, Unread, Button") })
        #expect(!lines.contains { $0.contains("Selected, Saved") })
    }

    // MARK: rules

    @Test("`rules` exits 0 and lists every bundled rule with its severity and blocks")
    func rules() throws {
        let spec = try Checkout.bundledSpec()
        let run = runTool(["rules"])
        #expect(run.code == .success, "\(run)")
        let listed = run.outputLines.map { $0.split(separator: "\t").map(String.init) }
        #expect(listed.map { $0.first ?? "" } == spec.rules.map { "ok   \($0.id)" })
        #expect(listed.first { $0.first == "ok   target-size" }?.dropFirst().prefix(2) == ["error", "*"])
        #expect(listed.first { $0.first == "ok   top-tabs.indicator" }?.dropFirst().prefix(2) == ["error", "TopTabs"])
        #expect(run.errors.contains("\(spec.rules.count) rules in 5 files; 0 with failing examples"), "\(run)")
    }

    // MARK: audit

    @Test("`audit` of a few ScopeHeader states with the shipped baseline exits 0 and writes its JUnit report where asked")
    func auditPasses() throws {
        let files = try TemporaryDirectory()
        let report = files.path("out/junit.xml")
        let run = runTool(["audit", "--block", "ScopeHeader", "--junit", report,
                           "--baseline", Checkout.specs.appendingPathComponent("baseline.xml").path] + whereArguments(Self.threeScopes))
        #expect(run.code == .success, "\(run)")
        #expect(run.output.contains("ScopeHeader: 3 states"), "\(run)")
        #expect(run.errors.contains("JUnit report: \(report)"), "\(run)")
        let document = try XMLDocument(contentsOfFile: report)
        #expect(document.root.elementChildren.map { $0.attribute("name") } == ["ScopeHeader"])
        #expect(descendants(document.root, named: "failure").isEmpty)
        #expect(try Checkout.schema("junit.xsd").validate(document, name: report).map(\.description) == [])
    }

    @Test("`audit --where` on a dimension only one block has audits only that block")
    func auditOnlyBlocksWithTheDimension() throws {
        let files = try TemporaryDirectory()
        let report = files.path("junit.xml")
        let run = runTool(["audit", "--junit", report] + whereArguments([
            "tabs=few", "sizing=fill", "selection=saved", "drag=none", "size=L", "width=393", "direction=ltr", "appearance=dark",
        ]))
        #expect(run.code == .success, "\(run)")
        let document = try XMLDocument(contentsOfFile: report)
        #expect(document.root.elementChildren.map { $0.attribute("name") } == ["TopTabs"])
    }

    @Test("`audit --where` with a value only some blocks have audits those blocks; a value none has exits 2")
    func auditValueOnlySomeBlocksHave() throws {
        let files = try TemporaryDirectory()
        let report = files.path("junit.xml")
        // `selection` is a dimension of TopTabs and ScrollingTabStrip; only the strip has a `music` tab.
        let run = runTool(["audit", "--fail-on", "never", "--junit", report] + whereArguments([
            "selection=music", "size=L", "width=393", "direction=ltr", "motion=full",
        ]))
        #expect(run.code == .success, "\(run)")
        let suites = try XMLDocument(contentsOfFile: report).root.elementChildren.map { $0.attribute("name") }
        #expect(suites == ["ScrollingTabStrip"])
        let none = runTool(["audit", "--junit", report, "--where", "selection=weather"])
        #expect(none.code == .invalidInput, "\(none)")
        #expect(none.errors.contains("unknown value 'weather' for dimension 'selection'"), "\(none)")
    }

    @Test("`audit` exits 1 when an error rule fails, and 0 with --fail-on never, which reports no failure")
    func failOn() throws {
        let files = try TemporaryDirectory()
        let pairs = whereArguments(["selection=music", "size=L", "width=393", "direction=ltr", "appearance=light", "contrast=standard"])
        let gated = runTool(["audit", "--block", "ScrollingTabStrip", "--junit", files.path("gated.xml")] + pairs)
        #expect(gated.code == .gateFailed, "\(gated)")
        #expect(gated.output.contains("FAIL [error] target-size"), "\(gated)")
        let gatedReport = try XMLDocument(contentsOfFile: files.path("gated.xml"))
        #expect(try Checkout.schema("junit.xsd").validate(gatedReport, name: "gated.xml").map(\.description) == [])
        #expect(descendants(gatedReport.root, named: "failure").compactMap { $0.attribute("type") } == ["error", "error", "error", "error"])

        let never = runTool(["audit", "--block", "ScrollingTabStrip", "--fail-on", "never", "--junit", files.path("never.xml")] + pairs)
        #expect(never.code == .success, "\(never)")
        #expect(never.output.contains("note [error] target-size"), "\(never)")
        let document = try XMLDocument(contentsOfFile: files.path("never.xml"))
        let suite = try #require(document.root.elementChildren.first)
        #expect(suite.attribute("failures") == "0")
        #expect(descendants(suite, named: "failure").isEmpty)
        // The failures are still in the report, below the gate.
        let out = try #require(suite.elementChildren.first { $0.name == "system-out" })
        #expect(out.textContent.contains("[error] target-size: 2 of 2 states fail"))
    }

    @Test("`audit --fail-on warning` gates on warnings too; an unknown level exits 2")
    func failOnLevels() throws {
        let files = try TemporaryDirectory()
        let pairs = whereArguments(["selection=music", "size=L", "width=393", "direction=ltr", "motion=full"])
        let rules = try files.write("warn.xml", ruleFile(labelRule(id: "no-tabs", severity: "warning", blocks: "ScrollingTabStrip",
                                                                   context: "element[starts-with(@id, 'tab.')]", test: "false()",
                                                                   message: "{@id} is a tab")))
        let base = ["audit", "--no-bundled-rules", "--rules", rules, "--block", "ScrollingTabStrip", "--junit", files.path("junit.xml")] + pairs
        #expect(runTool(base).code == .success)
        #expect(runTool(base + ["--fail-on", "warning"]).code == .gateFailed)
        let bad = runTool(base + ["--fail-on", "sometimes"])
        #expect(bad.code == .invalidInput && bad.errors.contains("--fail-on takes error, warning or never, not 'sometimes'"), "\(bad)")
    }

    @Test("`--rules` adds a team's rules to the bundled ones; `--no-bundled-rules` audits the team's alone")
    func rulesAddToBundled() throws {
        let files = try TemporaryDirectory()
        let pairs = whereArguments(["selection=music", "size=L", "width=393", "direction=ltr", "motion=full"])
        let rules = try files.write("team.xml", ruleFile(labelRule(id: "team-no-tabs", severity: "error", blocks: "ScrollingTabStrip",
                                                                   context: "element[starts-with(@id, 'tab.')]", test: "false()",
                                                                   message: "{@id} is a tab")))
        let added = runTool(["audit", "--rules", rules, "--block", "ScrollingTabStrip", "--junit", files.path("added.xml")] + pairs)
        #expect(added.output.contains("FAIL [error] team-no-tabs"), "\(added)")
        #expect(added.output.contains("FAIL [error] target-size"), "\(added)")
        let alone = runTool(["audit", "--no-bundled-rules", "--rules", rules, "--block", "ScrollingTabStrip",
                             "--junit", files.path("alone.xml")] + pairs)
        #expect(alone.output.contains("FAIL [error] team-no-tabs") && !alone.output.contains("target-size"), "\(alone)")
        let nothing = runTool(["rules", "--no-bundled-rules"])
        #expect(nothing.code == .invalidInput && nothing.errors.contains("--no-bundled-rules needs rules of its own"), "\(nothing)")
    }

    @Test("`audit --jobs` takes a whole number from 1 to 256", arguments: ["0", "-2", "two", "257", "1000000000", "99999999999999999999"])
    func jobs(value: String) throws {
        let files = try TemporaryDirectory()
        let run = runTool(["audit", "--block", "ScrollingTabStrip", "--jobs", value, "--junit", files.path("junit.xml")])
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains("--jobs takes a whole number from 1 to 256, not '\(value)'"), "\(run)")
        #expect(try files.listing().isEmpty)
    }

    @Test("`audit` runs the blocks it is given, such as a TopTabs with a fault")
    func auditGivenBlocks() throws {
        let files = try TemporaryDirectory()
        let run = runTool(["audit", "--junit", files.path("junit.xml")] + whereArguments([
            "tabs=few", "sizing=automatic", "selection=unread", "drag=next-50", "size=L", "width=393", "direction=ltr", "motion=full",
        ]), blocks: [ScopeHeader(), TopTabs(faults: [.indicatorNotInterpolated]), ScrollingTabStrip()])
        #expect(run.code == .gateFailed, "\(run)")
        #expect(run.output.contains("FAIL [error] top-tabs.indicator"), "\(run)")
    }
}

@Suite("Why a rule did not apply, and which rules apply to a block")
struct RuleApplicationTests {
    @Test("a rule that finds no subject in a block is skipped with its reason")
    func skippedWithReason() throws {
        let files = try TemporaryDirectory()
        let run = runTool(["audit", "--block", "ScrollingTabStrip", "--junit", files.path("junit.xml")]
                          + whereArguments(["selection=music", "size=L", "width=393", "direction=ltr", "motion=full"]))
        #expect(run.code == .gateFailed, "\(run)")
        let document = try XMLDocument(contentsOfFile: files.path("junit.xml"))
        let hint = try #require(descendants(document.root, named: "testcase").first { $0.attribute("name") == "hint-style" })
        let skipped = try #require(descendants(hint, named: "skipped").first)
        #expect(skipped.attribute("message") == "ScrollingTabStrip gives no element a hint: no state has a subject for this rule")
    }

    @Test("`rules --block NAME` lists the rules that apply to the block; an unknown block exits 2")
    func rulesForBlock() {
        let run = runTool(["rules", "--block", "ScrollingTabStrip"])
        #expect(run.code == .success, "\(run)")
        #expect(run.output.contains("target-size\terror\t*"))
        #expect(!run.output.contains("scope-header."), "ScopeHeader's contract does not apply")
        #expect(run.errors.contains("23 of 41 rules apply to ScrollingTabStrip"), "\(run)")
        #expect(runTool(["rules", "--block", "Nope"]).code == .invalidInput)
    }
}
