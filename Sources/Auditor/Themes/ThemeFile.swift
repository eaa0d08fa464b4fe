import AccessibilityModel
import Foundation
import XMLSupport

/// A theme file (`specs/schema/theme.xsd`): colour tokens with their values in every
/// appearance and contrast setting, and aliases from one token to another.
///
/// Loading validates the file against the schema and parses every value; a team's file is
/// laid over the bundled default (``Theme/palette(overlaying:)``), and aliases are resolved
/// once every file is read, so a team's `accent` changes every token that is an alias of it.
public struct ThemeFile: Sendable {
    /// One token's definition, where it was written.
    public enum Definition: Sendable, Hashable {
        case color(Palette.Variants)
        case alias(of: String)
    }

    public struct Entry: Sendable, Hashable {
        public var name: String
        public var definition: Definition
        /// Where the values come from, as the file says.
        public var source: String
        public var file: String
        public var line: Int
        public var column: Int
    }

    public var file: String
    public var name: String
    public var entries: [Entry]

    public static func load(file: String, schemaDirectory: URL) throws(InputError) -> ThemeFile {
        let schema: XMLSchema
        do { schema = try XMLSchema(contentsOfFile: schemaDirectory.appendingPathComponent("theme.xsd").path) } catch {
            throw InputError(error)
        }
        guard FileManager.default.fileExists(atPath: file) else { throw InputError(file: file, "no such theme file") }
        let document: XMLDocument
        do { document = try XMLDocument(contentsOfFile: file) } catch { throw InputError(error) }
        if let problem = schema.validate(document, name: file).first { throw InputError(problem) }
        let source = SourceText(file: file)
        var entries: [Entry] = []
        for node in document.root.elementChildren {
            let tag = source.tagStart(node.name, nodeLine: node.line)
            let name = node.attribute("name") ?? ""
            let said = node.attribute("source") ?? ""
            if node.name == "alias" {
                entries.append(Entry(name: name, definition: .alias(of: node.attribute("of") ?? ""), source: said,
                                     file: file, line: tag.line, column: tag.column))
                continue
            }
            func value(_ attribute: String) throws(InputError) -> SRGBColor? {
                guard let text = node.attribute(attribute) else { return nil }
                guard let color = Self.color(text) else {
                    let at = source.valueStart(ofAttribute: attribute, inTagAt: tag)
                    throw InputError(file: file, line: at.line, column: at.column,
                                     "'\(text)' is not a colour: components run from 0 to 255 and alpha from 0 to 1")
                }
                return color
            }
            let variants = Palette.Variants(light: try value("light")!, dark: try value("dark")!,
                                            lightIncreased: try value("light-increased"),
                                            darkIncreased: try value("dark-increased"))
            entries.append(Entry(name: name, definition: .color(variants), source: said, file: file, line: tag.line,
                                 column: tag.column))
        }
        return ThemeFile(file: file, name: document.root.attribute("name") ?? "", entries: entries)
    }

    /// `#RRGGBB`, `#RRGGBBAA` or `R,G,B[,A]` (0–255, alpha 0–1); nil when out of range.
    static func color(_ text: String) -> SRGBColor? {
        if text.hasPrefix("#") { return SRGBColor(hex: text) }
        let parts = text.split(separator: ",").map { Double($0) }
        guard parts.count == 3 || parts.count == 4, parts.allSatisfy({ $0 != nil }) else { return nil }
        let values = parts.map { $0! }
        guard values[..<3].allSatisfy({ (0...255).contains($0) }), values.count == 3 || (0...1).contains(values[3])
        else { return nil }
        return SRGBColor(red255: values[0], green255: values[1], blue255: values[2], alpha: values.count == 4 ? values[3] : 1)
    }
}

/// The theme an audit uses: the bundled default with a team's file laid over it.
public struct Theme: Sendable {
    public var files: [ThemeFile]

    public init(files: [ThemeFile]) { self.files = files }

    /// The bundled default theme, `specs/themes/default.xml`.
    public static func bundled(specs: URL) throws(InputError) -> Theme {
        Theme(files: [try ThemeFile.load(file: specs.appendingPathComponent("themes/default.xml").path,
                                         schemaDirectory: specs.appendingPathComponent("schema"))])
    }

    /// Every token's definition, later files winning.
    public var entries: [String: ThemeFile.Entry] {
        var entries: [String: ThemeFile.Entry] = [:]
        for file in files {
            for entry in file.entries { entries[entry.name] = entry }
        }
        return entries
    }

    /// Every token with its colours, aliases followed to the colour they end at. An alias
    /// that names no token, or that leads back to itself, is an error at the alias.
    public func palette() throws(InputError) -> Palette {
        let entries = entries
        var tokens: [String: Palette.Variants] = [:]
        for (name, entry) in entries {
            var current = entry
            var seen: [String] = [name]
            while case .alias(let target) = current.definition {
                guard let next = entries[target] else {
                    throw InputError(file: current.file, line: current.line, column: current.column,
                                     "alias '\(current.name)' names '\(target)', which no theme file defines")
                }
                guard !seen.contains(target) else {
                    throw InputError(file: current.file, line: current.line, column: current.column,
                                     "alias '\(current.name)' leads back to itself: \((seen + [target]).joined(separator: " → "))")
                }
                seen.append(target)
                current = next
            }
            if case .color(let variants) = current.definition { tokens[name] = variants }
        }
        return Palette(tokens)
    }
}

extension Theme {
    /// The bundled theme's palette, read once; empty when the bundled specs cannot be found
    /// or the default theme does not load (the tool's own tests check that it does).
    static let bundledPalette: Palette = {
        guard let specs = SpecLocation.specsDirectory() else { return .empty }
        return (try? Theme.bundled(specs: specs).palette()) ?? .empty
    }()
}

extension AssumptionChoices {
    /// These choices with the bundled theme's colours when they carry none: every audit
    /// and printed state looks its colours up in some theme.
    public var themed: AssumptionChoices {
        guard palette.isEmpty else { return self }
        var copy = self
        copy.palette = Theme.bundledPalette
        return copy
    }
}
