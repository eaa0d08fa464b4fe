import Auditor
import Foundation
import Testing
import XMLSupport

/// "Write the file atomically (temporary file, then rename): a half-written report is
/// worse than none." (reference/junit.md)
@Suite("Reports are written atomically")
struct AtomicWriteTests {
    /// Two states of ScrollingTabStrip: a report with failures, quickly.
    static let audit = ["audit", "--block", "ScrollingTabStrip", "--fail-on", "never",
                        "--where", "selection=music", "--where", "size=L", "--where", "width=393", "--where", "direction=ltr",
                        "--where", "appearance=light", "--where", "contrast=standard"]

    @Test("writing over an existing, longer file replaces it whole")
    func replacesWhole() throws {
        let files = try TemporaryDirectory()
        let path = try files.write("junit.xml", String(repeating: "<stale report/>\n", count: 50_000))
        let run = runTool(Self.audit + ["--junit", path])
        #expect(run.code == .success, "\(run)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("<?xml ") && text.hasSuffix("</testsuites>\n"))
        #expect(!text.contains("stale"))
        _ = try XMLDocument(contentsOfFile: path)
        #expect(try files.listing() == ["junit.xml"])
    }

    @Test("AtomicFile writes the bytes given, creating missing folders, and leaves nothing else")
    func atomicFile() throws {
        let files = try TemporaryDirectory()
        let path = files.path("a/b/report.xml")
        try AtomicFile.write(Data("first".utf8), to: path)
        try AtomicFile.write(Data("second".utf8), to: path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("second".utf8))
        #expect(try files.listing("a/b") == ["report.xml"])
    }

    @Test("a report path that is a folder exits 2, keeps the folder's earlier report and leaves no temporary file")
    func pathIsAFolder() throws {
        let files = try TemporaryDirectory()
        let earlier = try files.write("reports/junit.xml", "<testsuites><!-- earlier --></testsuites>\n")
        let before = try Data(contentsOf: URL(fileURLWithPath: earlier))
        let run = runTool(Self.audit + ["--junit", files.path("reports")])
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains("\(files.path("reports")): cannot write the report"), "\(run)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: earlier)) == before)
        #expect(try files.listing() == ["reports"])
        #expect(try files.listing("reports") == ["junit.xml"])
    }

    @Test("a report path under a file exits 2 and leaves that file, an earlier report, byte for byte")
    func pathUnderAFile() throws {
        let files = try TemporaryDirectory()
        let earlier = files.path("junit.xml")
        #expect(runTool(Self.audit + ["--junit", earlier]).code == .success)
        let before = try Data(contentsOf: URL(fileURLWithPath: earlier))
        let run = runTool(Self.audit + ["--junit", earlier + "/junit.xml"])
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains("\(earlier)/junit.xml: cannot write the report"), "\(run)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: earlier)) == before)
        #expect(try files.listing() == ["junit.xml"])
    }
}
