import Auditor
import Foundation
import Testing
import XMLSupport

/// The hostile corpus: bad input, bad paths, faults and signals, each case generated here
/// at run time. Each asserts the promised exit code, where the message points, that earlier
/// reports are untouched, that no file is left behind, and a bound on time.
@Suite("Hostile input")
struct HostileInputTests {
    /// Two states of ScrollingTabStrip, gating nothing: a report with failures, quickly.
    static let audit = AtomicWriteTests.audit
    static let earlier = "<testsuites><!-- earlier --></testsuites>\n"

    /// Runs the tool in process, checking it finishes within `seconds`.
    static func timed(_ arguments: [String], environment: [String: String] = [:], within seconds: Double = 20) -> Invocation {
        let clock = ContinuousClock()
        var run: Invocation!
        let elapsed = clock.measure { run = runTool(arguments, environment: environment) }
        #expect(elapsed < .seconds(seconds), "took \(elapsed): \(arguments)")
        return run
    }

    static func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    static func fileType(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
    }

    // MARK: Writing reports

    enum FailingOutput: String, CaseIterable, CustomStringConvertible {
        case sarif, html, updateBaseline, merge
        var description: String { rawValue }
    }

    @Test("a run that exits 2 on its last report has written none of them", arguments: FailingOutput.allCases)
    func preparedThenCommitted(_ failing: FailingOutput) throws {
        let files = try TemporaryDirectory()
        let junit = try files.write("j.xml", Self.earlier)
        try FileManager.default.createDirectory(atPath: files.path("dir"), withIntermediateDirectories: true)
        let blocker = try files.write("plain", "a file, not a folder\n")
        var arguments: [String]
        switch failing {
        case .sarif: arguments = Self.audit + ["--junit", junit, "--sarif", files.path("dir")]
        case .html: arguments = Self.audit + ["--junit", junit, "--html", blocker]
        case .updateBaseline: arguments = Self.audit + ["--junit", junit, "--update-baseline", files.path("dir")]
        case .merge:
            let shard = files.path("shard.xml")
            #expect(runTool(Self.audit + ["--junit", shard]).code == .success)
            arguments = ["merge", "-o", junit, "--fail-on", "never", "--html", blocker, shard]
        }
        let before = try files.listing()
        let run = Self.timed(arguments)
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains("cannot write the report"), "\(run)")
        #expect(Self.contents(junit) == Data(Self.earlier.utf8))
        #expect(try files.listing() == before)
        #expect(try files.listing("dir").isEmpty)
    }

    /// A character device made in `files` (as root: the null or full device's numbers), so
    /// that a regression replaces a test's node, never the system's /dev/null.
    static func device(_ name: String, minor: UInt32, in files: TemporaryDirectory) -> String? {
        let path = files.path(name)
        // makedev(1, minor), which Swift cannot call (a macro), for numbers this small.
        return mknod(path, S_IFCHR | 0o666, dev_t((1 << 8) | minor)) == 0 ? path : nil
    }

    @Test("a device is written to, not replaced: the null device takes the report, the full device exits 2")
    func devices() throws {
        let files = try TemporaryDirectory()
        guard let null = Self.device("null", minor: 3, in: files), let full = Self.device("full", minor: 7, in: files) else { return }
        #expect(Self.timed(Self.audit + ["--junit", null]).code == .success)
        #expect(Self.fileType(null) == S_IFCHR)
        let junit = try files.write("j.xml", Self.earlier)
        let run = Self.timed(Self.audit + ["--junit", junit, "--sarif", full])
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains("\(full): cannot write the report"), "\(run)")
        #expect(Self.fileType(full) == S_IFCHR)
        #expect(Self.contents(junit) == Data(Self.earlier.utf8))
        #expect(try files.listing() == ["full", "j.xml", "null"])
    }

    @Test("a FIFO is written to, not replaced")
    func fifo() throws {
        let files = try TemporaryDirectory()
        let path = files.path("pipe")
        #expect(mkfifo(path, 0o600) == 0)
        let received = Capture()
        let done = DispatchSemaphore(value: 0)
        // A thread of its own: the writer blocks until the pipe has a reader, and a global
        // queue's threads may all be busy with other tests' audits.
        Thread {
            if let handle = FileHandle(forReadingAtPath: path) {
                received.append(String(decoding: handle.readDataToEndOfFile(), as: UTF8.self))
            }
            done.signal()
        }.start()
        let run = Self.timed(Self.audit + ["--junit", path])
        #expect(run.code == .success, "\(run)")
        #expect(done.wait(timeout: .now() + 20) == .success)
        #expect(received.value.hasSuffix("</testsuites>\n"))
        #expect(Self.fileType(path) == S_IFIFO)
        #expect(try files.listing() == ["pipe"])
    }

    @Test("a symbolic link's target is written and the link stays")
    func symlink() throws {
        let files = try TemporaryDirectory()
        let target = try files.write("reports/target.xml", Self.earlier)
        let link = files.path("link.xml")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "reports/target.xml")
        let run = Self.timed(Self.audit + ["--junit", link])
        #expect(run.code == .success, "\(run)")
        #expect(Self.fileType(link) == S_IFLNK)
        #expect(String(decoding: Self.contents(target) ?? Data(), as: UTF8.self).hasSuffix("</testsuites>\n"))
        #expect(try files.listing() == ["link.xml", "reports"])
        #expect(try files.listing("reports") == ["target.xml"])
    }

    @Test("a read-only report (0444) is refused with exit 2; its bytes and mode stay")
    func readOnly() throws {
        let files = try TemporaryDirectory()
        let junit = try files.write("j.xml", Self.earlier)
        #expect(chmod(junit, 0o444) == 0)
        let run = Self.timed(Self.audit + ["--junit", junit])
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains("\(junit): cannot write the report: the file is read-only (mode 444)"), "\(run)")
        #expect(Self.contents(junit) == Data(Self.earlier.utf8))
        let attributes = try FileManager.default.attributesOfItem(atPath: junit)
        #expect((attributes[.posixPermissions] as? Int) == 0o444)
        #expect(try files.listing() == ["j.xml"])
    }

    @Test("a 250-byte file name is written: the temporary name stays within NAME_MAX")
    func longName() throws {
        let files = try TemporaryDirectory()
        let name = String(repeating: "r", count: 246) + ".xml"
        let run = Self.timed(Self.audit + ["--junit", files.path(name)])
        #expect(run.code == .success, "\(run)")
        #expect(try files.listing() == [name])
    }

    @Test("two outputs, or an output and an input, naming one file exit 2 and change nothing")
    func sameFile() throws {
        let files = try TemporaryDirectory()
        let junit = try files.write("j.xml", Self.earlier)
        let twice = Self.timed(Self.audit + ["--junit", junit, "--sarif", files.path("./j.xml")])
        #expect(twice.code == .invalidInput, "\(twice)")
        #expect(twice.errors.contains("--sarif and --junit name the same file"), "\(twice)")
        #expect(Self.contents(junit) == Data(Self.earlier.utf8))

        let rules = try files.write("rules.xml", ruleFile(labelRule()))
        let over = Self.timed(Self.audit + ["--no-bundled-rules", "--rules", rules, "--junit", rules])
        #expect(over.code == .invalidInput, "\(over)")
        #expect(over.errors.contains("--junit would write over \(rules), which --rules reads"), "\(over)")
        #expect(Self.contents(rules) == Data(ruleFile(labelRule()).utf8))
        #expect(try files.listing() == ["j.xml", "rules.xml"])
    }

    // MARK: Output

    @Test("the reproduce command is quoted for a POSIX shell and round-trips through /bin/sh")
    func reproduceQuoting() throws {
        let files = try TemporaryDirectory()
        let hostile = ["--no-bundled-rules", "--rules", "a b.xml", "--rules", "x'; touch \(files.path("owned")); echo '", "--assume", "k=$(id)&`id`\"\\"]
        let command = Reproduction(ruleArguments: hostile).command(block: "ScrollingTabStrip", state: "selection=music;size=L")
        #expect(command.contains("--where 'selection=music;size=L'"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "printf '%s\\n' " + command.dropFirst("a11y-audit ".count)]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let expected = ["audit", "--block", "ScrollingTabStrip", "--where", "selection=music;size=L"] + hostile
        #expect(output == expected.map { $0 + "\n" }.joined(), "\(command)")
        #expect(try files.listing().isEmpty)
    }

    @Test("control characters in rule messages are escaped on the console and left out of the HTML")
    func controlCharacters() throws {
        let files = try TemporaryDirectory()
        let rules = try files.write("rules.xml", ruleFile(labelRule(test: "false()", message: "{@id}&#x9B;2J&#x85;gone")))
        let run = Self.timed(Self.audit + ["--no-bundled-rules", "--rules", rules, "--junit", files.path("j.xml"), "--html", files.path("html")])
        #expect(run.code == .success, "\(run)")
        #expect(!(run.output + run.errors).unicodeScalars.contains { (0x80...0x9F).contains($0.value) }, "\(run)")
        #expect(run.output.contains("\\u{9B}2J"), "\(run)")
        let page = String(decoding: Self.contents(files.path("html/index.html")) ?? Data(), as: UTF8.self)
        #expect(page.contains("2J") && !page.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
    }

    // MARK: Numbers and limits

    @Test("numbers from options and the environment are bounded: no trap, no huge allocation, exit 2", arguments: [
        (["--jobs", "1000000000"], [:], "--jobs takes a whole number from 1 to 256"),
        (["--jobs", "9223372036854775808"], [:], "--jobs takes a whole number from 1 to 256"),
        (["--shard", "1/9223372036854775807"], [:], "--shard takes K/N"),
        ([], ["BUILDKITE_PARALLEL_JOB": "9223372036854775807", "BUILDKITE_PARALLEL_JOB_COUNT": "2"], "BUILDKITE_PARALLEL_JOB=9223372036854775807"),
        ([], ["CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "9223372036854775807"], "CI_NODE_TOTAL=9223372036854775807"),
    ] as [([String], [String: String], String)])
    func boundedNumbers(_ options: [String], _ environment: [String: String], _ message: String) throws {
        let files = try TemporaryDirectory()
        let run = Self.timed(Self.audit + options + ["--junit", files.path("j.xml")], environment: environment, within: 10)
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains(message), "\(run)")
        #expect(try files.listing().isEmpty)
    }

    @Test("a merged report's impossible numbers exit 2 naming file and line", arguments: [
        ("<property name=\"ScrollingTabStrip.states\" value=\"2\"/>", "<property name=\"ScrollingTabStrip.states\" value=\"9223372036854775807\"/>", "'states' is not a count"),
        ("<property name=\"ScrollingTabStrip.states\" value=\"2\"/>", "<property name=\"ScrollingTabStrip.states\" value=\"-4\"/>", "'states' is not a count"),
        ("&quot;failing_states&quot;:2,&quot;failing_subjects", "&quot;failing_states&quot;:9223372036854775807,&quot;failing_subjects", "has a count out of range"),
        ("&quot;failing_states&quot;:2,&quot;failing_subjects", "&quot;failing_states&quot;:3,&quot;failing_subjects", "impossible counts"),
        (" time=\"", " time=\"nan\" x=\"", "not a number of seconds"),
        ("<property name=\"ScrollingTabStrip.shard\"", "<property name=\"ScrollingTabStrip.shard\"", ""),
    ])
    func mergedNumbers(_ find: String, _ replacement: String, _ message: String) throws {
        let files = try TemporaryDirectory()
        let report = files.path("shard.xml")
        #expect(runTool(Self.audit + ["--junit", report]).code == .success)
        var text = String(decoding: Self.contents(report) ?? Data(), as: UTF8.self)
        if message.isEmpty {
            // A shard of 9223372036854775807 jobs: refused without counting the missing ones.
            text = text.replacingOccurrences(of: "<property name=\"ScrollingTabStrip.states\"",
                                            with: "<property name=\"ScrollingTabStrip.shard\" value=\"1/9223372036854775807\"/><property name=\"ScrollingTabStrip.states\"")
        } else {
            let range = try #require(text.range(of: find))
            text.replaceSubrange(range, with: replacement)
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: report))
        let line = text[..<text.range(of: message.isEmpty ? "name=\"ScrollingTabStrip.shard\"" : replacement)!.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).count
        let merged = try files.write("merged.xml", Self.earlier)
        let run = Self.timed(["merge", "-o", merged, report], within: 10)
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains("\(report):\(line):"), "\(run)")
        #expect(run.errors.contains(message.isEmpty ? "--shard takes K/N" : message), "\(run)")
        #expect(Self.contents(merged) == Data(Self.earlier.utf8))
        #expect(try files.listing() == ["merged.xml", "shard.xml"])
    }

    // MARK: Parsing

    @Test("entity declarations are refused in rule files, baselines and reports, with file, line and column", arguments: [
        "rules", "baseline", "report",
    ])
    func entities(_ kind: String) throws {
        let files = try TemporaryDirectory()
        let declaration = "<!DOCTYPE x [\n  <!ENTITY e \"\(String(repeating: "x", count: 1000))\">\n]>\n"
        let junit = try files.write("j.xml", Self.earlier)
        let run: Invocation
        let file: String
        switch kind {
        case "rules":
            file = try files.write("rules.xml", declaration + ruleFile(labelRule(message: String(repeating: "&e;", count: 5000)))
                .replacingOccurrences(of: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", with: ""))
            run = Self.timed(Self.audit + ["--no-bundled-rules", "--rules", file, "--junit", junit], within: 10)
        case "baseline":
            file = try files.write("baseline.xml", declaration + "<baseline/>\n")
            run = Self.timed(Self.audit + ["--baseline", file, "--junit", junit], within: 10)
        default:
            file = try files.write("report.xml", declaration + "<testsuites><testsuite name=\"&e;\"/></testsuites>\n")
            run = Self.timed(["merge", "-o", junit, file], within: 10)
        }
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains("\(file):2:3:"), "\(run)")
        #expect(run.errors.contains("entity declarations are not accepted"), "\(run)")
        #expect(Self.contents(junit) == Data(Self.earlier.utf8))
    }

    @Test("loading rules is linear in their number: 4N rules take less than 8 times N's time", .timeLimit(.minutes(1)))
    func linearLoading() throws {
        let files = try TemporaryDirectory()
        func seconds(_ count: Int) throws -> Double {
            let text = ruleFile((0..<count).map { labelRule(id: "rule-\($0)", message: "{@id} {@label} has {ax:pt(@width)} and {@x}") }.joined(separator: "\n"))
            let path = try files.write("rules-\(count).xml", text)
            var best = Double.infinity
            for _ in 0..<(count < 1000 ? 4 : 2) {
                let start = ContinuousClock.now
                _ = try RuleSpec.load(files: [path], schemaDirectory: Checkout.schemaDirectory, knownBlocks: ["ScrollingTabStrip"])
                let elapsed = ContinuousClock.now - start
                best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            }
            return best
        }
        // The fastest of a few runs each, and a generous factor: linear loading takes about 4
        // times as long for 4 times the rules, quadratic loading about 16 times.
        let small = try seconds(500), large = try seconds(2_000)
        #expect(large < small * 8, "500 rules: \(small) s, 2000 rules: \(large) s")
    }

    // MARK: Command line

    @Test("stray operands and constraints that select nothing exit 2 naming them", arguments: [
        (["blocks", "extra"], "'blocks' takes no operands (got 'extra')"),
        (["rules", "extra"], "'rules' takes no operands (got 'extra')"),
        (["audit", "--block", "ScrollingTabStrip", "--where", ""], "--where takes DIM=VALUE or a whole state id, not ''"),
        (["audit", "--block", "ScrollingTabStrip", "--where", "size=L;"], "--where takes DIM=VALUE or a whole state id, not 'size=L;'"),
        (["states", "ScrollingTabStrip", "--where", ""], "--where takes DIM=VALUE or a whole state id, not ''"),
        (["states", "ScrollingTabStrip", "--where", "size=L", "--where", "size=M"], "--where size=L size=M selects no state of ScrollingTabStrip; size is given as L and M"),
        (["audit", "--block", "ScrollingTabStrip", "--where", "size=L", "--where", "size=M"], "--where size=L size=M selects no state; ScrollingTabStrip: size is given as L and M"),
    ])
    func commandLine(_ arguments: [String], _ message: String) throws {
        let files = try TemporaryDirectory()
        let run = Self.timed(arguments + (arguments[0] == "audit" ? ["--junit", files.path("j.xml")] : []), within: 10)
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains(message), "\(run)")
        #expect(try files.listing().isEmpty)
    }

    @Test("merge reads only rule files a report names: not a device, a FIFO or any other file", arguments: ["/dev/zero", "/etc/passwd"])
    func reportedSpecFiles(_ named: String) throws {
        let files = try TemporaryDirectory()
        let report = files.path("shard.xml")
        #expect(runTool(Self.audit + ["--junit", report]).code == .success)
        var text = String(decoding: Self.contents(report) ?? Data(), as: UTF8.self)
        text = text.replacingOccurrences(of: #"&quot;specs&quot;:\[[^\]]*\]"#, with: "&quot;specs&quot;:[&quot;\(named)&quot;]",
                                         options: .regularExpression)
        try Data(text.utf8).write(to: URL(fileURLWithPath: report))
        let run = Self.timed(["merge", "-o", files.path("merged.xml"), report], within: 10)
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains("\(named): the reports name this as a rule file, but it is not an .xml file"), "\(run)")
        #expect(try files.listing() == ["shard.xml"])
    }
}
