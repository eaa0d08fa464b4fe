import AccessibilityModel
import Auditor
import BlockModels
import Foundation
import Testing

/// The core knows no block by name: the executable passes the registry, and a team's
/// registry may hold blocks of its own, with or without the built-in ones.
@Suite("The block registry")
struct BlockRegistryTests {
    /// The library's code; the compiled-in copy of `specs/` is data (the bundled rules name
    /// the blocks they are contracts of) and is checked against `specs/` instead.
    static let auditorSources: [URL] = {
        let root = Checkout.root.appendingPathComponent("Sources/Auditor")
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL } ?? []
        return files.filter { $0.pathExtension == "swift" && $0.lastPathComponent != "BundledSpecFiles.swift" }.sorted { $0.path < $1.path }
    }()

    @Test("no source of the Auditor library names a built-in block or imports BlockModels")
    func coreNamesNoBlock() throws {
        #expect(Self.auditorSources.count > 50)
        for file in Self.auditorSources {
            let text = try String(contentsOf: file, encoding: .utf8)
            for name in BuiltInBlocks.names + ["import BlockModels"] {
                #expect(!text.contains(name), "\(file.lastPathComponent) names \(name)")
            }
        }
    }

    @Test("a registry without the built-in blocks lists only its own and audits them with the bundled general rules")
    func registryOfItsOwn() throws {
        let files = try TemporaryDirectory()
        let listed = runTool(["blocks"], blocks: [AssumingProbe()])
        #expect(listed.code == .success, "\(listed)")
        #expect(listed.outputLines.first?.hasPrefix("Probe\t") == true, "\(listed)")
        #expect(!listed.output.contains("ScopeHeader"))
        let audit = runTool(["audit", "--fail-on", "never", "--junit", files.path("junit.xml")], blocks: [AssumingProbe()])
        #expect(audit.code == .success, "\(audit)")
        let junit = try String(contentsOfFile: files.path("junit.xml"), encoding: .utf8)
        #expect(junit.contains("<testcase name=\"target-size\" classname=\"Probe\""))
        #expect(!junit.contains("classname=\"ScopeHeader\""))
    }

    @Test("a team's rule file may name only blocks of the registry, bundled ones too")
    func teamRulesNameKnownBlocks() throws {
        let files = try TemporaryDirectory()
        let rules = try files.write("team.xml", ruleFile(labelRule(blocks: "TopTabs")))
        let run = runTool(["rules", "--rules", rules], blocks: [AssumingProbe()])
        #expect(run.code == .invalidInput)
        #expect(run.errors.contains("unknown block 'TopTabs'; known blocks: Probe"), "\(run)")
    }
}
