import Auditor
import Foundation
import Testing
import XMLSupport

/// `.a11y-audit.xml`: found in the working directory or a parent, named with --config,
/// overridden by the command line, and refused with file:line:column when invalid.
@Suite("Config file")
struct ConfigFileTests {
    /// A config file holding `elements`.
    static func config(_ elements: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a11y-audit>\n\(elements)\n</a11y-audit>\n"
    }

    /// Forty ScrollingTabStrip states, as the config file selects them.
    static let strip = """
          <block>ScrollingTabStrip</block>
          <where>size=L</where>
          <where>direction=ltr</where>
          <where>motion=full</where>
          <where>appearance=light</where>
          <where>contrast=standard</where>
        """

    @Test("a config file in a parent of the working directory sets the baseline and the report paths, relative to its folder")
    func discoveredInParent() throws {
        let files = try TemporaryDirectory()
        try files.write("specs/baseline.xml", Gate.baseline(Gate.accept("target-size") + "\n" + Gate.otherFindings))
        try files.write(".a11y-audit.xml", Self.config(Self.strip + """
              <baseline>specs/baseline.xml</baseline>
              <junit>reports/junit.xml</junit>
              <sarif>reports/audit.sarif</sarif>
            """))
        let below = files.url.appendingPathComponent("app/sources")
        try FileManager.default.createDirectory(at: below, withIntermediateDirectories: true)
        let run = runTool(["audit", "--verbose"], workingDirectory: below)
        #expect(run.code == .success, "the baseline accepts every failure: \(run)")
        #expect(run.output.contains("1 block, 40 states") && run.output.contains("4 baselined; 0 gating failures"), "\(run)")
        #expect(run.errors.contains("config: \(files.path(".a11y-audit.xml"))"), "\(run)")
        #expect(FileManager.default.fileExists(atPath: files.path("reports/junit.xml")), "\(run)")
        #expect(FileManager.default.fileExists(atPath: files.path("reports/audit.sarif")), "\(run)")
        let report = try String(contentsOfFile: files.path("reports/junit.xml"), encoding: .utf8)
        #expect(report.contains(files.path("specs/baseline.xml")), "the report names the baseline the config set")
    }

    @Test("an option on the command line replaces the config file's value; --no-config ignores the file")
    func precedence() throws {
        let files = try TemporaryDirectory()
        try files.write(".a11y-audit.xml", Self.config(Self.strip + "  <fail-on>never</fail-on>\n  <junit>from-config.xml</junit>"))
        let configured = runTool(["audit"], workingDirectory: files.url)
        #expect(configured.code == .success, "fail-on never: \(configured)")
        #expect(FileManager.default.fileExists(atPath: files.path("from-config.xml")))

        let overridden = runTool(["audit", "--fail-on", "error", "--junit", files.path("given.xml"), "--where", "size=xS"],
                                 workingDirectory: files.url)
        #expect(overridden.code == .gateFailed, "\(overridden)")
        #expect(overridden.output.contains("1 block, 640 states"), "--where replaces all five of the file's constraints: \(overridden)")
        #expect(FileManager.default.fileExists(atPath: files.path("given.xml")))

        let ignored = runTool(["audit", "--no-config", "--block", "ScrollingTabStrip", "--where", "selection=music;size=L;motion=full;width=393;direction=ltr;appearance=light;contrast=standard",
                               "--junit", files.path("plain.xml")], workingDirectory: files.url)
        #expect(ignored.code == .gateFailed && ignored.output.contains("1 block, 1 state "), "\(ignored)")
    }

    @Test("--config FILE names another file; one that does not exist is an error")
    func named() throws {
        let files = try TemporaryDirectory()
        let file = try files.write("ci/audit.xml", Self.config(Self.strip + "  <fail-on>never</fail-on>\n  <junit>out.xml</junit>"))
        let run = runTool(["audit", "--config", file])
        #expect(run.code == .success && FileManager.default.fileExists(atPath: files.path("ci/out.xml")), "\(run)")
        let missing = runTool(["audit", "--config", files.path("absent.xml")])
        #expect(missing.code == .invalidInput && missing.errors.contains("absent.xml: no such config file"), "\(missing)")
    }

    @Test("an invalid config file exits 2 naming its file, line and column and what was expected", arguments: [
        ("  <fail-on>sometimes</fail-on>", "fail-on", "sometimes"),
        ("  <jobs>0</jobs>", "jobs", "0"),
        ("  <junit>a.xml</junit>\n  <junit>b.xml</junit>", "junit", "given again (first on line 3)"),
        ("  <shard>1/2</shard>", "shard", "shard"),
        ("  <assume>no-such-assumption=yes</assume>", "assume", "unknown assumption 'no-such-assumption'"),
        ("  <block>TabBar</block>", "block", "unknown block 'TabBar'; blocks: ScopeHeader, TopTabs, ScrollingTabStrip"),
    ])
    func invalid(_ elements: String, _ element: String, _ message: String) throws {
        let files = try TemporaryDirectory()
        let text = Self.config(elements)
        let file = try files.write(".a11y-audit.xml", text)
        let run = runTool(["audit", "--junit", files.path("j.xml")], workingDirectory: files.url)
        #expect(run.code == .invalidInput, "\(run)")
        let place = try #require(location(of: "<\(element)>", in: text, occurrence: message.hasPrefix("given again") ? 2 : 1))
        #expect(run.errors.contains("\(file):\(place.line):"), "\(run)")
        #expect(run.errors.contains(message), "\(run)")
        #expect(try files.listing() == [".a11y-audit.xml"], "nothing is written")
    }

    @Test("the schema's elements are exactly the options a config file may set, and each sets a command's option")
    func schemaMatchesOptions() throws {
        let schema = try XMLDocument(contentsOfFile: Checkout.schemaDirectory.appendingPathComponent("config.xsd").path)
        let declared = descendants(schema.root, named: "xs:element").compactMap { $0.attribute("name") }.filter { $0 != "a11y-audit" }
        let help = runTool(["audit", "--help"]).output + runTool(["merge", "--help"]).output + runTool(["rules", "--help"]).output
        let settable = Set(help.split(separator: "\n").filter { $0.hasPrefix("A config file") }.flatMap { line in
            line.split(separator: ":").last!.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces.union(["."])) }
        })
        #expect(Set(declared) == settable)
        for name in declared { #expect(help.contains("--\(name)"), "\(name)") }
    }

    @Test("the README's example config file is valid and sets what it says")
    func readmeExample() throws {
        let readme = try String(contentsOf: Checkout.root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "```xml\n<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a11y-audit>"))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let example = String(readme[readme.index(start.lowerBound, offsetBy: 7)..<end.lowerBound])
        let document = try XMLDocument(parsing: example, name: "README.md")
        #expect(try Checkout.schema("config.xsd").validate(document, name: "README.md").map(\.description) == [])
        #expect(document.root.elementChildren.map(\.name).contains("baseline"))
    }
}
