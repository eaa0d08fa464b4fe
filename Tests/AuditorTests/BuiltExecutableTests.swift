import Foundation
import Testing

/// The built `a11y-audit` binary, found beside the test bundle (swift-argument-parser's
/// pattern): the executable wires the same commands to real streams and a real exit code.
@Suite("The built executable")
struct BuiltExecutableTests {
    /// Where SwiftPM puts products: beside the test bundle (`.build/<config>/`).
    static var productsDirectory: URL {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        #endif
        return Bundle.main.bundleURL
    }

    /// The executable, looked for beside the test bundle, beside the test runner, then in
    /// the default build folder of this checkout.
    static var executable: URL? {
        let runner = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [
            productsDirectory, runner,
            Checkout.root.appendingPathComponent(".build/debug"),
            Checkout.root.appendingPathComponent(".build/release"),
        ].map { $0.appendingPathComponent("a11y-audit") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs the executable with stdout and stderr to files (no pipe to fill up).
    /// It runs in `environment`, or when that is nil in the test run's without `GITHUB_ACTIONS`.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL,
                    environment: [String: String]? = nil) throws -> Run {
        let outputURL = directory.appendingPathComponent(".stdout"), errorsURL = directory.appendingPathComponent(".stderr")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorsURL.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputURL), errors = try FileHandle(forWritingTo: errorsURL)
        defer { try? output.close(); try? errors.close() }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var inherited = ProcessInfo.processInfo.environment
        inherited["GITHUB_ACTIONS"] = nil
        process.environment = environment ?? inherited
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        return Run(status: process.terminationStatus,
                   output: try String(contentsOf: outputURL, encoding: .utf8),
                   errors: try String(contentsOf: errorsURL, encoding: .utf8))
    }

    @Test("`a11y-audit audit --block ScrollingTabStrip --where size=L` exits 1 and writes its report; `blocks` exits 0")
    func exitCodes() throws {
        guard let executable = Self.executable else {
            // Only when the product was not built beside the tests (a foreign test runner).
            print("skipping: no a11y-audit executable beside \(Self.productsDirectory.path)")
            return
        }
        let files = try TemporaryDirectory()
        let report = files.path("reports/junit.xml")
        let audit = try Self.run(executable, ["audit", "--block", "ScrollingTabStrip", "--where", "size=L", "--junit", report],
                                 in: files.url)
        #expect(audit.status == 1, "\(audit.errors)")
        #expect(audit.output.contains("FAIL [error] target-size"), "\(audit.output)")
        #expect(audit.errors.contains("JUnit report: \(report)"), "\(audit.errors)")
        let text = try String(contentsOfFile: report, encoding: .utf8)
        #expect(text.contains(#"<testsuite name="ScrollingTabStrip""#))

        let blocks = try Self.run(executable, ["blocks"], in: files.url)
        #expect(blocks.status == 0, "\(blocks.errors)")
        #expect(blocks.output.hasPrefix("ScopeHeader\t"))
        #expect(blocks.errors.isEmpty)

        let wrong = try Self.run(executable, ["audit", "--jobs", "0"], in: files.url)
        #expect(wrong.status == 2)
        #expect(wrong.errors.contains("--jobs takes a whole number"))
    }
}

@Suite("The model layer stands alone")
struct ModelLayerLinkTests {
    /// `KitLinkCheck` links AccessibilityModel, ModelKit and BlockModels and nothing else of
    /// this package; `swift test` builds it with every other target.
    static var executable: URL? {
        let runner = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().deletingLastPathComponent()
        return [BuiltExecutableTests.productsDirectory, runner, Checkout.root.appendingPathComponent(".build/debug")]
            .map { $0.appendingPathComponent("KitLinkCheck") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    @Test("a program using only the model layer runs without linking Foundation",
          .enabled(if: ModelLayerLinkTests.executable != nil, "KitLinkCheck is built by swift build and swift test"))
    func linksWithoutFoundation() throws {
        let executable = try #require(Self.executable)
        let directory = try TemporaryDirectory()
        let run = try BuiltExecutableTests.run(executable, [], in: directory.url)
        #expect(run.status == 0 && run.output == "14 elements; probe\n", "\(run)")
        let libraries = try BuiltExecutableTests.run(URL(fileURLWithPath: "/usr/bin/ldd"), [executable.path],
                                                     in: directory.url)
        #expect(!libraries.output.contains("Foundation"), "\(libraries.output)")
    }
}
