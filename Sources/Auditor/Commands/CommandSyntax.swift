/// What one command accepts, declared once: its operands, its options and what they do.
/// ``Arguments`` parses against it and ``help`` prints it, so the two cannot drift apart.
struct CommandSyntax: Sendable {
    /// How many operands a command takes; the parser refuses any operand of a command that
    /// takes none, and the command checks the rest (it can name the valid blocks).
    enum Operands: Sendable {
        /// No operand; `hint` says what to write instead ("use --block NAME").
        case none(hint: String?)
        /// Operands written as `placeholder` in the synopsis (`BLOCK`, `[BLOCK]…`, `REPORT…`).
        case some(String)
    }

    var name: String
    var operands: Operands
    /// One line for the list of commands.
    var summary: String
    /// The command's own options, in the order `--help` lists them.
    var options: [CommandOption]
    /// Paragraphs printed after the options.
    var notes: String = ""

    /// Every option the command takes: its own, then `--config`/`--no-config` when a config
    /// file can set some of them, then the common ones.
    var allOptions: [CommandOption] {
        options + (readsConfig ? [.config, .noConfig] : []) + CommandOption.common
    }

    /// Whether a config file sets any of this command's options.
    var readsConfig: Bool { options.contains { $0.configName != nil } }

    func option(named word: String) -> CommandOption? {
        allOptions.first { $0.name == word || $0.short == word }
    }

    /// `a11y-audit audit [--rules PATH]… …`, wrapped to `width` columns.
    func synopsis(width: Int = 100) -> String {
        var words = options.filter { !$0.hidden }.map(\.synopsis)
        if case .some(let operands) = operands { words.append(operands) }
        let lead = "\(A11yAudit.name) \(name)"
        var lines = [lead]
        for word in words {
            if lines[lines.count - 1].count + 1 + word.count > width {
                lines.append(String(repeating: " ", count: lead.count))
            }
            lines[lines.count - 1] += " " + word
        }
        return lines.joined(separator: "\n")
    }

    /// `text` broken into lines of at most `width` characters at spaces, every line after the
    /// first indented by `indent`.
    static func wrapped(_ text: String, width: Int, indent: Int) -> String {
        var lines = [""]
        for word in text.split(separator: " ") {
            if !lines[lines.count - 1].isEmpty, lines[lines.count - 1].count + 1 + word.count > max(width, 20) { lines.append("") }
            lines[lines.count - 1] += (lines[lines.count - 1].isEmpty ? "" : " ") + word
        }
        return lines.joined(separator: "\n" + String(repeating: " ", count: indent))
    }

    /// The text `a11y-audit NAME --help` prints.
    var help: String {
        let visible = allOptions.filter { !$0.hidden }
        let column = (visible.map(\.label.count).max() ?? 0) + 4
        var text = "usage: \(synopsis())\n\n\(summary.prefix(1).uppercased() + summary.dropFirst()).\n\noptions:\n"
        for option in visible {
            let padding = String(repeating: " ", count: column - option.label.count - 2)
            text += "  \(option.label)\(padding)" + Self.wrapped(option.help, width: 100 - column, indent: column) + "\n"
        }
        let configurable = options.compactMap(\.configName)
        if !configurable.isEmpty {
            text += "\nA config file (.a11y-audit.xml, or --config FILE) may set: \(configurable.joined(separator: ", ")).\n"
                + "An option given here replaces the config file's values for it.\n"
        }
        if !notes.isEmpty { text += "\n" + notes + (notes.hasSuffix("\n") ? "" : "\n") }
        return text
    }
}
