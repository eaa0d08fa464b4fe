import Foundation

/// Where the bundled specs live: a `specs/` folder (`rules/`, `schema/`, `transcripts/`).
///
/// The tool looks, in order, in `$A11Y_AUDIT_SPECS`, in the current directory and its
/// parents (a checkout of this package, or a team's package inside one), beside the
/// executable and its parents (a `.build/…/a11y-audit` finds the checkout it was built
/// from), and last in the copy of `specs/` compiled into the binary, unpacked on first use
/// (``BundledSpecs``): a binary copied alone to another machine still has its rules.
public enum SpecLocation {
    /// The environment variable naming a specs folder to use instead of the bundled one.
    public static let environmentVariable = "A11Y_AUDIT_SPECS"

    public static func specsDirectory() -> URL? {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment[environmentVariable], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        let starts = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                      executable.deletingLastPathComponent()]
        for start in starts {
            var directory = start.standardizedFileURL
            while true {
                let candidate = directory.appendingPathComponent("specs")
                if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("schema/rules.xsd").path) {
                    return candidate
                }
                let parent = directory.deletingLastPathComponent()
                if parent.path == directory.path { break }
                directory = parent
            }
        }
        return BundledSpecs.unpacked()
    }

    /// A path relative to the current directory when it lies inside it, else as given.
    public static func displayPath(_ path: String) -> String {
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        let full = URL(fileURLWithPath: path).standardizedFileURL.path
        return full.hasPrefix(directory + "/") ? String(full.dropFirst(directory.count + 1)) : path
    }

    /// The rule files of a folder, sorted by name.
    public static func ruleFiles(in rules: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: rules.path)) ?? []
        return names.filter { $0.hasSuffix(".xml") }.sorted().map { rules.appendingPathComponent($0).path }
    }
}
