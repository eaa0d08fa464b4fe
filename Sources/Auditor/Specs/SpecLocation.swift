import Foundation

/// Where the bundled specs live: `specs/` at the package root, beside `Package.swift`.
///
/// The tool looks, in order, in `$A11Y_AUDIT_SPECS`, in the current directory and its
/// parents, beside the executable and its parents (a `.build/…/a11y-audit` finds the
/// checkout it was built from), and last in the checkout this source was compiled in.
public enum SpecLocation {
    public static func specsDirectory(compiledAt file: String = #filePath) -> URL? {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["A11Y_AUDIT_SPECS"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        let starts = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
                      executable.deletingLastPathComponent(),
                      URL(fileURLWithPath: file).deletingLastPathComponent()]
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
        return nil
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
