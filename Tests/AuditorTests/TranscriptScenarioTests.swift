import AccessibilityModel
import Auditor
import BlockModels
import Foundation
import Testing

/// One review scenario of one built-in block, named for test listings.
struct ScenarioCase: Sendable, CustomTestStringConvertible {
    var block: any BlockModel
    var scenario: ReviewScenario
    var testDescription: String { "\(block.name)/\(scenario.name)" }

    static let all: [ScenarioCase] = BuiltInBlocks.all.flatMap { block in
        block.reviewScenarios.map { ScenarioCase(block: block, scenario: $0) }
    }
}

/// The states reviewers read: each block names a handful, each naming one state, and the
/// approved transcripts committed under specs/transcripts match the model.
@Suite("Review scenarios")
struct TranscriptScenarioTests {
    @Test("every review scenario selects exactly one state", arguments: ScenarioCase.all)
    func selectsOneState(_ item: ScenarioCase) throws {
        let selection = try item.scenario.selection(in: item.block.stateSpace)
        #expect(selection.count == 1, "\(item.scenario.constraints)")
    }

    @Test("every block has five to eight review scenarios with unique, file-safe names and a one-line purpose",
          arguments: BuiltInBlocks.all.map(\.name))
    func scenarioList(_ name: String) throws {
        let block = try #require(BuiltInBlocks.named(name))
        let scenarios = block.reviewScenarios
        #expect((5...8).contains(scenarios.count), "\(scenarios.map(\.name))")
        #expect(Set(scenarios.map(\.name)).count == scenarios.count)
        for scenario in scenarios {
            #expect(scenario.name.wholeMatch(of: /[a-z0-9]+(-[a-z0-9]+)*/) != nil, "\(scenario.name)")
            #expect(!scenario.purpose.isEmpty && !scenario.purpose.contains("\n") && scenario.purpose.hasSuffix("."), "\(scenario.name)")
        }
        #expect(scenarios.first?.name == "default")
        // Distinct scenarios name distinct states: a duplicate would be read and approved twice.
        let states = try scenarios.map { try $0.selection(in: block.stateSpace).first?.id ?? "" }
        #expect(Set(states).count == states.count)
    }

    @Test("each block covers what a reviewer asks for", arguments: [
        ("ScopeHeader", ["default", "loading", "empty", "many-filters-on", "largest-text", "reduce-motion", "right-to-left", "stuck"]),
        ("TopTabs", ["default", "few-tabs-filling", "long-titles-zero-count", "mid-drag", "largest-text", "right-to-left"]),
        ("ScrollingTabStrip", ["default", "middle-tab", "last-tab", "largest-text", "reduce-motion", "right-to-left"]),
    ])
    func coverage(block name: String, expected: [String]) throws {
        let block = try #require(BuiltInBlocks.named(name))
        #expect(block.reviewScenarios.map(\.name) == expected)
    }

    @Test("the scenarios vary what their names say: ScopeHeader's largest-text is AX5 at 320 pt, TopTabs' mid-drag is halfway")
    func scenarioStates() throws {
        func state(_ block: any BlockModel, _ name: String) throws -> String {
            let scenario = try #require(block.reviewScenarios.first { $0.name == name })
            return try #require(try scenario.selection(in: block.stateSpace).first).id
        }
        #expect(try state(ScopeHeader(), "largest-text").contains("size=AX5;motion=full;width=320"))
        #expect(try state(ScopeHeader(), "many-filters-on").contains("on=unread+downloaded+audio;count=6"))
        #expect(try state(TopTabs(), "mid-drag").contains("drag=next-50"))
        #expect(try state(TopTabs(), "long-titles-zero-count").contains("tabs=long;sizing=automatic;selection=politics"))
        #expect(try state(ScrollingTabStrip(), "right-to-left").contains("direction=rtl"))
    }

    @Test("a variant replaces the dimensions it changes and keeps the rest in order")
    func variant() {
        let base = ReviewScenario("default", purpose: "Base.", where: ["a=1", "b=2", "c=3"])
        let variant = base.variant("other", purpose: "Other.", changing: ["b=9", "d=4"])
        #expect(variant.constraints == ["a=1", "b=9", "c=3", "d=4"])
        #expect(variant.name == "other" && variant.purpose == "Other.")
        #expect(base.constraints == ["a=1", "b=2", "c=3"])
    }

    @Test("`transcript --check` passes on the committed approved transcripts")
    func committedTranscriptsMatch() {
        let run = runTool(["transcript", "--check"])
        #expect(run.code == .success, "\(run)")
        #expect(run.outputLines == ScenarioCase.all.map { "ok   \($0.block.name)/\($0.scenario.name)" })
        #expect(run.errors == "\(ScenarioCase.all.count) review transcripts: \(ScenarioCase.all.count) match, 0 differ, 0 missing\n")
    }

    @Test("every committed approved transcript belongs to a review scenario")
    func noOrphans() throws {
        let folder = Checkout.specs.appendingPathComponent("transcripts")
        let committed = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().flatMap { block in
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(block).path).map { "\(block)/\($0)" }
        }
        #expect(committed.sorted() == ScenarioCase.all.map { "\($0.block.name)/\($0.scenario.name).txt" }.sorted())
    }

    @Test("`transcript BLOCK` prints each review scenario headed by block, scenario, purpose and state; those that say the same share the stops")
    func printsScenarios() throws {
        let run = runTool(["transcript", "TopTabs"])
        #expect(run.code == .success, "\(run)")
        let block = TopTabs()
        let lines = run.output.components(separatedBy: "\n")
        let headings = lines.filter { $0.hasPrefix("TopTabs · ") }
        #expect(headings.sorted() == block.reviewScenarios.map { "TopTabs · \($0.name)" }.sorted(), "each scenario once")
        #expect(Array(lines.prefix(3)) == [
            "TopTabs · default",
            "Purpose: \(block.reviewScenarios[0].purpose)",
            "State: tabs=reading;sizing=automatic;selection=following;drag=none;size=L;motion=full;width=393;direction=ltr;appearance=light;contrast=standard",
        ])
        // default, mid-drag, largest-text and right-to-left say the same: four headers, then the stops once.
        #expect(stride(from: 0, to: 12, by: 3).map { lines[$0] } == ["default", "mid-drag", "largest-text", "right-to-left"].map { "TopTabs · \($0)" },
                "\(run.output)")
        #expect(Array(lines[12...13]) == ["  1. Top, Button", "  2. Selected, Following, 12, Button"], "\(run.output)")
        #expect(lines.filter { $0 == "  1. Top, Button" }.count == 1, "the group's stops once: \(run.output)")
    }

    @Test("`transcript BLOCK --where` prints the matching states instead of the scenarios")
    func printsStates() {
        let run = runTool(["transcript", "ScrollingTabStrip"] + whereArguments(["selection=music", "size=L", "motion=full", "width=393",
                                                                                  "appearance=light", "contrast=standard"]))
        #expect(run.code == .success, "\(run)")
        #expect(run.outputLines.filter { $0.hasPrefix("ScrollingTabStrip · ") } == [
            "ScrollingTabStrip · selection=music;size=L;motion=full;width=393;direction=ltr;appearance=light;contrast=standard",
            "ScrollingTabStrip · selection=music;size=L;motion=full;width=393;direction=rtl;appearance=light;contrast=standard",
        ])
        #expect(run.outputLines.contains("  3. Selected, Music, Button"))
    }

    @Test("bad selections exit 2 and say what to choose from", arguments: [
        (["transcript", "ScopeHeader", "--scenario", "tiny"],
         "unknown review scenario 'tiny' for ScopeHeader; its scenarios: default, loading, empty, many-filters-on, largest-text, reduce-motion, right-to-left, stuck"),
        (["transcript", "ScopeHeader", "--check", "--scenario", "tiny"], "unknown review scenario 'tiny' for ScopeHeader"),
        (["transcript", "TopTabs", "--where", "tabs=few", "--where", "selection=top"], "--where tabs=few selection=top selects no state of TopTabs; with the other constraints tabs can be reading; with the other constraints selection can be all, unread, saved"),
        (["transcript", "TopTabs", "--where", "size=L", "--where", "size=AX5"], "selects no state of TopTabs; size is given as AX5 and L, but a state has one"),
        (["transcript", "TopTabs", "--where", "size=huge"], "unknown value 'huge' for dimension 'size'; valid values: xS, S, M, L"),
        (["transcript", "--scenario", "default"], "--scenario needs one block name"),
        (["transcript", "TopTabs", "--where", "size=L", "--scenario", "default"], "not both"),
        (["transcript", "TopTabs", "--check", "--record"], "give one of --check, --record and --compare"),
        (["transcript", "TopTabs", "--check", "--where", "size=L"], "--check works on review scenarios; select them with --scenario NAME"),
        (["transcript", "TopTabs", "--format", "html"], "--format takes text or markdown, not 'html'"),
    ])
    func badSelection(arguments: [String], message: String) {
        let run = runTool(arguments)
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains(message), "\(run)")
        #expect(run.output.isEmpty)
    }
}
