import Auditor
import Foundation
import Testing

/// The specs compiled into the binary: the same bytes as `specs/`, unpacked where a binary
/// with no checkout around it can read them.
@Suite("The bundled specs a binary carries")
struct BundledSpecsTests {
    /// Every file under `specs/`, relative to it, sorted.
    static func checkoutFiles() -> [String] {
        let listed = FileManager.default.enumerator(atPath: Checkout.specs.path)?.compactMap { $0 as? String } ?? []
        return listed.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: Checkout.specs.appendingPathComponent(path).path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }.sorted()
    }

    @Test("the compiled-in copy is specs/ byte for byte (else run scripts/embed-specs.py)")
    func matchesCheckout() throws {
        #expect(BundledSpecs.files.map(\.path).sorted() == Self.checkoutFiles())
        for file in BundledSpecs.files {
            let onDisk = try Data(contentsOf: Checkout.specs.appendingPathComponent(file.path))
            #expect(onDisk == Data(file.text.utf8), "\(file.path) differs from specs/: run scripts/embed-specs.py")
        }
    }

    @Test("unpacked once into a folder named by its digest; a folder that is not the copy is never used")
    func unpacking() throws {
        let parent = try TemporaryDirectory()
        let folder = try #require(BundledSpecs.unpacked(in: parent.url))
        #expect(folder.lastPathComponent == "a11y-audit-specs-\(BundledSpecs.digest)")
        #expect(try parent.listing() == [folder.lastPathComponent])
        #expect(BundledSpecs.unpacked(in: parent.url) == folder)
        let rules = try String(contentsOf: folder.appendingPathComponent("rules/general.xml"), encoding: .utf8)
        #expect(rules == (try String(contentsOf: Checkout.specs.appendingPathComponent("rules/general.xml"), encoding: .utf8)))

        try parent.write("\(folder.lastPathComponent)/rules/extra.xml", "<rules/>")
        let fresh = try #require(BundledSpecs.unpacked(in: parent.url))
        #expect(fresh != folder)
        #expect(!FileManager.default.fileExists(atPath: fresh.appendingPathComponent("rules/extra.xml").path))
    }

    @Test("the executable copied alone outside any checkout still lists and audits with the bundled rules")
    func copiedExecutable() throws {
        guard let executable = BuiltExecutableTests.executable else {
            print("skipping: no a11y-audit executable beside \(BuiltExecutableTests.productsDirectory.path)")
            return
        }
        let place = try TemporaryDirectory("copied-a11y-audit")
        let copy = place.url.appendingPathComponent("bin/a11y-audit")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: executable, to: copy)
        let work = place.url.appendingPathComponent("work"), temporary = place.url.appendingPathComponent("tmp")
        for folder in [work, temporary] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        var environment = ProcessInfo.processInfo.environment
        environment[SpecLocation.environmentVariable] = nil
        environment["TMPDIR"] = temporary.path

        let rules = try BuiltExecutableTests.run(copy, ["rules"], in: work, environment: environment)
        #expect(rules.status == 0, "\(rules.errors)")
        #expect(rules.output.contains("target-size"), "\(rules.output)")
        let audit = try BuiltExecutableTests.run(copy, ["audit", "--block", "ScrollingTabStrip", "--where", "size=L", "--where", "width=393",
                                                        "--junit", "junit.xml"], in: work, environment: environment)
        #expect(audit.status == 1, "\(audit.errors)")
        let junit = try String(contentsOf: work.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.contains("a11y-audit-specs-\(BundledSpecs.digest)/rules/general.xml"))
        #expect(junit.contains("<testcase name=\"transcripts.approved\""), "\(junit)")
        #expect(!junit.contains("is missing"), "\(junit)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == ["a11y-audit-specs-\(BundledSpecs.digest)"])
    }
}
