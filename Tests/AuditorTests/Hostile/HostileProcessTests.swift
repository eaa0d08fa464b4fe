import Foundation
import Testing

/// The hostile corpus's cases that need a real process: standard streams that cannot be
/// written, reports to standard output, and signals during the commit.
@Suite("Hostile input: the built executable")
struct HostileProcessTests {
    /// Starts the executable with the given standard output and error.
    static func start(_ arguments: [String], in directory: URL, output: FileHandle?, errors: FileHandle?,
                      executable: String? = nil) throws -> Process {
        let process = Process()
        process.executableURL = try executable.map(URL.init(fileURLWithPath:)) ?? #require(BuiltExecutableTests.executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(["A11Y_AUDIT_SPECS": Checkout.specs.path]) { $1 }
            .filter { !$0.key.hasPrefix("CI_NODE") && !$0.key.hasPrefix("CIRCLE_NODE") && !$0.key.hasPrefix("BUILDKITE_PARALLEL") }
        if let output { process.standardOutput = output }
        if let errors { process.standardError = errors }
        // A child inherits the signal mask of the thread that starts it, and the test
        // runner's threads block some signals: start it with SIGINT and SIGTERM unblocked,
        // as a shell would.
        var unblocked = sigset_t(), previous = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, SIGINT)
        sigaddset(&unblocked, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try process.run()
        return process
    }

    static func finish(_ process: Process, within seconds: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { process.terminate(); return false }
        return true
    }

    @Test("stderr or stdout that cannot be written give exit 2, never a trap", arguments: [
        (["blocks", "extra"], false), (["audit", "--jobs", "0"], false), (["states", "ScrollingTabStrip"], true),
    ])
    func unwritableStreams(_ arguments: [String], _ outputFull: Bool) throws {
        guard BuiltExecutableTests.executable != nil, let full = FileHandle(forWritingAtPath: "/dev/full") else { return }
        let files = try TemporaryDirectory()
        let process = try Self.start(arguments, in: files.url, output: outputFull ? full : FileHandle.nullDevice,
                                     errors: outputFull ? FileHandle.nullDevice : full)
        #expect(Self.finish(process))
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 2)
        #expect(try files.listing().isEmpty)
    }

    @Test("closed standard streams: data (an audit's findings too) that cannot be written exits 2, a closed stderr changes no exit code", arguments: [
        ("blocks extra 2>&-", 2), ("blocks >&-", 2),
        ("audit --block ScrollingTabStrip --where size=L --where selection=music --where width=393 --where direction=ltr --fail-on never --junit j.xml 2>&-", 0),
        ("audit --block ScrollingTabStrip --where size=L --where selection=music --where width=393 --where direction=ltr --fail-on never --junit j.xml >&-", 2),
    ])
    func closedStreams(_ command: String, _ status: Int32) throws {
        guard let executable = BuiltExecutableTests.executable else { return }
        let files = try TemporaryDirectory()
        let shell = try Self.start(["-c", "exec \"$0\" \(command)", executable.path], in: files.url, output: FileHandle.nullDevice,
                                   errors: FileHandle.nullDevice, executable: "/bin/sh")
        #expect(Self.finish(shell))
        #expect(shell.terminationReason == .exit)
        #expect(shell.terminationStatus == status)
    }

    /// `/dev/stdout` itself is not used: a regression would replace the system's link. The
    /// same code reads `/dev/fd/1` and `/proc/self/fd/1`, where a rename cannot land.
    @Test("--junit /dev/fd/1 writes the report to standard output, before the findings, and replaces nothing", arguments: ["/dev/fd/1", "/proc/self/fd/1"])
    func standardOutput(_ path: String) throws {
        guard BuiltExecutableTests.executable != nil else { return }
        let files = try TemporaryDirectory()
        let outputPath = files.path(".stdout")
        FileManager.default.createFile(atPath: outputPath, contents: nil)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        let process = try Self.start(HostileInputTests.audit + ["--junit", path], in: files.url, output: output, errors: FileHandle.nullDevice)
        #expect(Self.finish(process))
        try output.close()
        #expect(process.terminationStatus == 0)
        let text = try String(contentsOfFile: outputPath, encoding: .utf8)
        let end = try #require(text.range(of: "</testsuites>\n"), "\(text)")
        #expect(text.hasPrefix("<?xml ") && text[end.upperBound...].hasPrefix("ScrollingTabStrip: 2 states, "), "\(text)")
        #expect(try files.listing() == [".stdout"])
    }

    @Test("SIGTERM during the commit leaves no temporary file and no report changed", arguments: [SIGTERM, SIGINT])
    func signalDuringCommit(_ signal: Int32) throws {
        guard BuiltExecutableTests.executable != nil else { return }
        let files = try TemporaryDirectory()
        let junit = try files.write("j.xml", HostileInputTests.earlier)
        let pipe = files.path("pipe")
        #expect(mkfifo(pipe, 0o600) == 0)
        // The SARIF log goes to a temporary file first; the FIFO then holds the commit open.
        let waiting = try Self.start(HostileInputTests.audit + ["--sarif", files.path("s.sarif"), "--junit", pipe],
                                     in: files.url, output: FileHandle.nullDevice, errors: FileHandle.nullDevice)
        let deadline = Date().addingTimeInterval(30)
        var temporaries: [String] = []
        while Date() < deadline, temporaries.isEmpty, waiting.isRunning {
            temporaries = try files.listing().filter { $0.hasSuffix(".tmp") }
            usleep(20_000)
        }
        #expect(!temporaries.isEmpty, "the commit did not start")
        kill(waiting.processIdentifier, signal)
        if !Self.finish(waiting, within: 10) {
            // Unblock the FIFO so the test cannot hang, then fail.
            if let handle = FileHandle(forReadingAtPath: pipe) { _ = handle.readDataToEndOfFile() }
            Issue.record("the process did not stop on signal \(signal)")
            waiting.waitUntilExit()
        }
        #expect(waiting.terminationReason == .uncaughtSignal)
        #expect(waiting.terminationStatus == signal)
        #expect(try files.listing().sorted() == ["j.xml", "pipe"])
        #expect(FileManager.default.contents(atPath: junit) == Data(HostileInputTests.earlier.utf8))
    }
}
