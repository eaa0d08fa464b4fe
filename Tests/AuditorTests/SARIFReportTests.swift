import AccessibilityModel
import Auditor
import BlockModels
import Foundation
import Testing

/// The SARIF log read back as code scanning reads it: its shape, one result per failing
/// (block, rule), locations inside the repository, and fingerprints that survive a rerun.
@Suite("SARIF report")
struct SARIFReportTests {
    static func log(_ outcome: AuditOutcome) throws -> [String: Any] {
        let data = SARIFReport(outcome: outcome, root: Checkout.root).data()
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func run(_ log: [String: Any]) throws -> [String: Any] {
        let runs = try #require(log["runs"] as? [[String: Any]])
        try #require(runs.count == 1)
        return runs[0]
    }

    static func results(_ log: [String: Any]) throws -> [[String: Any]] {
        try #require(try run(log)["results"] as? [[String: Any]])
    }

    static func descriptors(_ log: [String: Any]) throws -> [[String: Any]] {
        let tool = try #require(try run(log)["tool"] as? [String: Any])
        let driver = try #require(tool["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "a11y-audit")
        return try #require(driver["rules"] as? [[String: Any]])
    }

    static func text(_ object: Any?) -> String? { (object as? [String: Any])?["text"] as? String }

    @Test("the log is SARIF 2.1.0: version, $schema, one run with a driver and its rules")
    func shape() throws {
        let audit = try SampleAudit.shared.get()
        let log = try Self.log(audit.outcome)
        #expect(log["version"] as? String == "2.1.0")
        #expect(log["$schema"] as? String == SARIFReport.schemaURI)
        let descriptors = try Self.descriptors(log)
        let ids = descriptors.compactMap { $0["id"] as? String }
        #expect(ids.count == descriptors.count)
        #expect(Set(ids).count == ids.count, "one descriptor per rule id")
        #expect(Set(ids) == Set(audit.outcome.blocks.flatMap { $0.rules.map(\.rule.id) }))
        for descriptor in descriptors {
            let id = descriptor["id"] as? String ?? "?"
            #expect(Self.text(descriptor["shortDescription"])?.isEmpty == false, "\(id)")
            #expect(Self.text(descriptor["fullDescription"])?.isEmpty == false, "\(id)")
            #expect(Self.text(descriptor["help"])?.contains("Defined in ") == true, "\(id)")
            let level = (descriptor["defaultConfiguration"] as? [String: Any])?["level"] as? String
            #expect(["error", "warning", "note"].contains(level ?? ""), "\(id)")
            #expect((descriptor["name"] as? String)?.isEmpty == false, "\(id)")
        }
    }

    @Test("each failing (block, rule) is one result, at its rule's level, with the failure summary in its message")
    func results() throws {
        let audit = try SampleAudit.shared.get()
        let log = try Self.log(audit.outcome)
        let descriptors = try Self.descriptors(log)
        let results = try Self.results(log)
        let failing = audit.outcome.blocks.flatMap { block in block.rules.filter { !$0.passed }.map { (block, $0) } }
        #expect(results.count == failing.count)
        #expect(!results.isEmpty)
        for (result, (block, rule)) in zip(results, failing) {
            #expect(result["ruleId"] as? String == rule.rule.id)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(descriptors[index]["id"] as? String == rule.rule.id)
            #expect(result["level"] as? String == ["error": "error", "warning": "warning", "info": "note"][rule.rule.severity.rawValue])
            let message = try #require(Self.text(result["message"]))
            let lines = message.split(separator: "\n").map(String.init)
            #expect(lines.first == "\(block.block) fails \(rule.rule.id): \(rule.rule.title).")
            #expect(lines.dropFirst().first?.hasPrefix("\(rule.failingStates) of \(block.states) states fail") == true, "\(message)")
            #expect((result["properties"] as? [String: Any])?["failingStates"] as? Int == rule.failingStates)
            if let summary = FailureSummary(rule, in: block) { #expect(message.contains(summary.text), "\(message)") }
            if let first = rule.samples.first { #expect(message.contains(first.stateID) && message.contains(first.message)) }
        }
    }

    @Test("a result points at its rule's line in the spec and at the block model's source, both in the repository")
    func locations() throws {
        let audit = try SampleAudit.shared.get()
        let results = try Self.results(try Self.log(audit.outcome))
        for result in results {
            let id = try #require(result["ruleId"] as? String)
            let locations = try #require(result["locations"] as? [[String: Any]])
            let related = try #require(result["relatedLocations"] as? [[String: Any]])
            for location in locations + related {
                let physical = try #require(location["physicalLocation"] as? [String: Any])
                let artifact = try #require(physical["artifactLocation"] as? [String: Any])
                let uri = try #require(artifact["uri"] as? String)
                #expect(!uri.hasPrefix("/") && !uri.contains("://"), "\(uri) is not relative to the repository")
                #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
                let path = try #require(uri.removingPercentEncoding)
                #expect(FileManager.default.fileExists(atPath: Checkout.root.appendingPathComponent(path).path), "\(uri)")
            }
            guard id != TranscriptApprovalRule.id else { continue }
            let primary = try #require(locations.first?["physicalLocation"] as? [String: Any])
            let uri = try #require((primary["artifactLocation"] as? [String: Any])?["uri"] as? String)
            #expect(uri.hasPrefix("specs/rules/") && uri.hasSuffix(".xml"), "\(uri)")
            let line = try #require((primary["region"] as? [String: Any])?["startLine"] as? Int)
            let lines = try String(contentsOf: Checkout.root.appendingPathComponent(uri), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines[line - 1].contains("<rule id=\"\(id)\""), "line \(line) of \(uri): \(lines[line - 1])")
            let model = try #require(related.first?["physicalLocation"] as? [String: Any])
            let modelURI = try #require((model["artifactLocation"] as? [String: Any])?["uri"] as? String)
            #expect(modelURI.hasPrefix("Sources/BlockModels/") && modelURI.hasSuffix(".swift"), "\(modelURI)")
        }
    }

    static func fingerprints(_ log: [String: Any]) throws -> [String: String] {
        var result: [String: String] = [:]
        for item in try results(log) {
            let properties = try #require(item["properties"] as? [String: Any])
            let key = "\(properties["block"] as? String ?? "?")/\(item["ruleId"] as? String ?? "?")"
            result[key] = (item["partialFingerprints"] as? [String: String])?[SARIFReport.fingerprintKey]
        }
        return result
    }

    @Test("fingerprints are stable across runs, even when counts and messages change, and differ between findings")
    func fingerprints() throws {
        let spec = try Checkout.bundledSpec()
        let block = ScrollingTabStrip()
        let small = try AuditEngine(spec: spec, jobs: 1).audit([try request(block, ["size=L", "width=393", "direction=ltr"])])
        let again = try AuditEngine(spec: spec, jobs: 3).audit([try request(block, ["size=L", "width=393", "direction=ltr"])])
        let other = try AuditEngine(spec: spec, jobs: 2).audit([try request(block, ["size=xS", "width=320"])])
        let first = try Self.fingerprints(try Self.log(small))
        #expect(!first.isEmpty)
        #expect(first == (try Self.fingerprints(try Self.log(again))))
        let third = try Self.fingerprints(try Self.log(other))
        for (key, value) in third where first[key] != nil { #expect(first[key] == value, "\(key)") }
        #expect(Set(first.values).count == first.count, "fingerprints collide: \(first)")
        // Same findings, same bytes: nothing in the log depends on timing or worker order.
        #expect(SARIFReport(outcome: small, root: Checkout.root).data() == SARIFReport(outcome: again, root: Checkout.root).data())
    }

    @Test("severities map to SARIF levels", arguments: [(Severity.error, "error"), (.warning, "warning"), (.info, "note")])
    func levels(severity: Severity, level: String) throws {
        let audit = try SampleAudit.shared.get()
        let descriptors = try Self.descriptors(try Self.log(audit.outcome))
        let rules = audit.outcome.blocks.flatMap { $0.rules.map(\.rule) }.filter { $0.severity == severity }
        for rule in rules {
            let descriptor = try #require(descriptors.first { $0["id"] as? String == rule.id })
            #expect((descriptor["defaultConfiguration"] as? [String: Any])?["level"] as? String == level)
        }
    }

    @Test("the log validates against the OASIS SARIF 2.1.0 schema (Tests/ReaderSchemas; when python3 has jsonschema)",
          .enabled(if: SARIFSchema.isAvailable, "python3 with jsonschema is not available"))
    func schema() throws {
        let audit = try SampleAudit.shared.get()
        let directory = try TemporaryDirectory("SARIF")
        let path = directory.path("audit.sarif")
        try SARIFReport(outcome: audit.outcome, root: Checkout.root).data().write(to: URL(fileURLWithPath: path))
        let output = try Python.run(SARIFSchema.validator, arguments: [SARIFSchema.path, path])
        #expect(output == "valid\n", "\(output)")
        // The check can fail: a log missing a required property is invalid.
        let broken = try directory.write("broken.sarif", #"{"version": "2.1.0", "runs": [{"results": []}]}"#)
        #expect(try Python.run(SARIFSchema.validator, arguments: [SARIFSchema.path, broken]) != "valid\n")
    }

    @Test("the driver states the tool's version and where to learn about it; rules have help in Markdown and descriptions on one line")
    func driverAndHelp() throws {
        let log = try Self.log(try SampleAudit.shared.get().outcome)
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["version"] as? String == A11yAudit.version)
        #expect(driver["semanticVersion"] as? String == A11yAudit.version)
        #expect((driver["informationUri"] as? String)?.hasPrefix("https://") == true)
        for descriptor in try Self.descriptors(log) {
            let help = try #require(descriptor["help"] as? [String: Any])
            #expect((help["markdown"] as? String)?.contains("Defined in `") == true)
            #expect((help["text"] as? String)?.isEmpty == false)
            let full = try #require(Self.text(descriptor["fullDescription"]))
            #expect(!full.contains("\n") && !full.contains("  ") && full == full.trimmingCharacters(in: .whitespaces), "\(full)")
        }
    }

    @Test("sarif-tools' diff between runs that fail a rule in different numbers of states finds no new and no eliminated issue",
          .enabled(if: SARIFSchema.hasSarifTools, "python3 with sarif-tools is not available"))
    func sarifToolsDiff() throws {
        let spec = try Checkout.bundledSpec()
        let block = ScrollingTabStrip()
        // Every size but xxxL fails target-size: one size fails in fewer states than three.
        let more = try AuditEngine(spec: spec, jobs: 2).audit([request(block, ["selection=music", "width=393", "direction=ltr", "motion=full"])])
        let fewer = try AuditEngine(spec: spec, jobs: 2).audit([request(block, ["selection=music", "width=393", "direction=ltr", "motion=full", "size=L"])])
        func failing(_ outcome: AuditOutcome) -> Int { outcome.blocks[0].rules.first { $0.rule.id == "target-size" }?.failingStates ?? 0 }
        #expect(failing(more) > failing(fewer) && failing(fewer) > 0)
        let directory = try TemporaryDirectory("SARIF")
        let old = directory.path("old.sarif"), new = directory.path("new.sarif"), diff = directory.path("diff.json")
        try SARIFReport(outcome: more, root: Checkout.root).data().write(to: URL(fileURLWithPath: old))
        try SARIFReport(outcome: fewer, root: Checkout.root).data().write(to: URL(fileURLWithPath: new))
        let output = try Python.run("""
            import json, subprocess, sys
            subprocess.run([sys.executable, "-m", "sarif", "diff", "-o", sys.argv[3], sys.argv[1], sys.argv[2]], check=False, capture_output=True)
            print(json.dumps(json.load(open(sys.argv[3]))["all"], sort_keys=True))
            """, arguments: [old, new, diff])
        #expect(output == #"{"+": 0, "-": 0}"# + "\n", "\(output)")
    }

    @Test("audit --sarif writes the log; an unwritable path exits 2 and leaves what was there")
    func commandLine() throws {
        let directory = try TemporaryDirectory("SARIF")
        let sarif = directory.path("out/audit.sarif")
        let where_ = whereArguments(["size=L", "width=393", "direction=ltr", "motion=full"])
        let run = runTool(["audit", "--block", "ScrollingTabStrip", "--junit", directory.path("junit.xml"), "--sarif", sarif] + where_)
        #expect(run.code == .success || run.code == .gateFailed, "\(run)")
        let data = try Data(contentsOf: URL(fileURLWithPath: sarif))
        let log = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(try Self.results(log).map { $0["ruleId"] as? String }.contains("target-size"))

        // A directory where the log should go cannot be replaced by it.
        let kept = try directory.write("taken.sarif/inside.txt", "earlier")
        let bad = runTool(["audit", "--block", "ScrollingTabStrip", "--junit", directory.path("junit2.xml"),
                           "--sarif", directory.path("taken.sarif")] + where_)
        #expect(bad.code == .invalidInput, "\(bad)")
        #expect(bad.errors.contains("cannot write the report"), "\(bad)")
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "earlier")
        #expect(try directory.listing("taken.sarif") == ["inside.txt"])
    }
}

/// The OASIS SARIF 2.1.0 schema (errata 01), kept in Tests/ReaderSchemas; Python's
/// jsonschema validates against it, and sarif-tools reads logs as code scanning's
/// neighbours do.
enum SARIFSchema {
    static let path = Checkout.root.appendingPathComponent("Tests/ReaderSchemas/sarif-schema-2.1.0.json").path

    static let validator = """
        import json, sys
        from jsonschema import Draft4Validator
        schema = json.load(open(sys.argv[1], encoding="utf-8"))
        log = json.load(open(sys.argv[2], encoding="utf-8"))
        errors = sorted(Draft4Validator(schema).iter_errors(log), key=lambda e: list(e.absolute_path))
        print("\\n".join("/".join(map(str, e.absolute_path)) + ": " + e.message for e in errors) or "valid")
        """

    static let isAvailable: Bool = (try? Python.run("import jsonschema")) != nil
    static let hasSarifTools: Bool = (try? Python.run("import sarif.operations.diff_op")) != nil
}
