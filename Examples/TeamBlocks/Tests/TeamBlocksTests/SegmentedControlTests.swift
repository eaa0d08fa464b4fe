import Auditor
import Foundation
import TeamBlocks
import Testing

/// The package's folders, found from this file so the tests run from any directory.
enum Package {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let transcripts = root.appendingPathComponent("transcripts")
    static let rules = root.appendingPathComponent("rules")
}

@Suite("The team's blocks")
struct SegmentedControlTests {
    @Test("each team block conforms, its transcripts approved", arguments: TeamBlocks.all.map(\.name))
    func conforms(_ name: String) throws {
        let block = try #require(TeamBlocks.all.first { $0.name == name })
        #expect(Conformance.issues(of: block, approved: .bundled(after: Package.transcripts)) == [])
    }

    @Test("the team's rules load beside the bundled ones and their examples pass")
    func rules() {
        var output = "", errors = ""
        let tool = CommandLineTool(output: { output += $0 }, errors: { errors += $0 }, blocks: TeamBlocks.all)
        let code = tool.run(["rules", "--rules", Package.rules.path])
        #expect(code == .success, "\(errors)")
        #expect(output.contains("segmented-control.thumb"))
        #expect(output.contains("target-size"))
    }
}
