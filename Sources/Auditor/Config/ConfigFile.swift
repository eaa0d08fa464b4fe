import Foundation
import XMLSupport

/// `.a11y-audit.xml`: the options a pipeline would otherwise repeat on every run (schema
/// `specs/schema/config.xsd`).
///
/// Each element sets the option of the same name (`<baseline>specs/baseline.xml</baseline>`
/// is `--baseline specs/baseline.xml`); a flag is an empty element (`<no-bundled-rules/>`).
/// Paths are read relative to the folder that holds the file, so a file in a parent folder
/// means the same from any folder below it. Loading validates the file against the schema
/// and refuses an option given twice that takes one value, naming file, line and column.
public struct ConfigFile: Sendable {
    /// The name looked for in the working directory and its parents.
    public static let name = ".a11y-audit.xml"

    /// One option the file sets, and where.
    public struct Setting: Sendable, Equatable {
        /// The element's name: the option's name without `--`.
        public var element: String
        /// The element's text, white space trimmed; a path resolved against the file's folder.
        public var value: String
        public var file: String
        public var line: Int
        public var column: Int
    }

    public var file: String
    public var settings: [Setting]

    /// The config file of `directory`: `.a11y-audit.xml` there or in the nearest parent
    /// folder that has one; nil when none has.
    public static func discover(from directory: URL) -> URL? {
        var folder = directory.standardizedFileURL
        while true {
            let candidate = folder.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// Reads and validates `file`. `single` names the elements that may appear once and
    /// `paths` those whose values are paths.
    static func load(file: String, schemaDirectory: URL, single: Set<String>, paths: Set<String>) throws(InputError) -> ConfigFile {
        guard FileManager.default.fileExists(atPath: file) else { throw InputError(file: file, "no such config file") }
        let document = try ValidatedDocument.load(file, schema: "config.xsd", in: schemaDirectory)
        let source = SourceText(file: file)
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        var settings: [Setting] = []
        for node in document.root.elementChildren {
            let place = source.tagStart(node.name, nodeLine: node.line)
            if single.contains(node.name), let earlier = settings.first(where: { $0.element == node.name }) {
                throw InputError(file: file, line: place.line, column: place.column,
                                 "<\(node.name)> is given again (first on line \(earlier.line)); it takes one value")
            }
            var value = node.textContent.trimmingCharacters(in: .whitespacesAndNewlines)
            if paths.contains(node.name), !value.hasPrefix("/") {
                value = SpecLocation.displayPath(folder.appendingPathComponent(value).standardizedFileURL.path)
            }
            settings.append(Setting(element: node.name, value: value, file: file, line: place.line, column: place.column))
        }
        return ConfigFile(file: file, settings: settings)
    }
}
