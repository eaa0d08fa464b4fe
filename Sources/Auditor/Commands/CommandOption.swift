/// One option of a command, declared once: the parser reads it, `--help` prints it, and a
/// config file may set it when it has a ``configName``.
struct CommandOption: Sendable {
    /// What follows the option's name.
    enum Kind: Sendable, Equatable {
        /// Nothing: the option is on or off.
        case flag
        /// One value (`--junit FILE`), given at most once.
        case value(String)
        /// A value that may be given several times (`--rules PATH`…).
        case values(String)
    }

    /// `--rules`.
    var name: String
    /// `-o` for `--output`; nil when the option has no short form.
    var short: String?
    var kind: Kind
    /// What the option does, in one line of `--help`.
    var help: String
    /// Diagnostic options that work but are left out of `--help` (benchmarks use them).
    var hidden = false
    /// The element of `.a11y-audit.xml` that sets the option; nil when a config file cannot.
    var configName: String?
    /// Whether the value is a path, read relative to the config file that gives it.
    var isPath = false
    /// Whether the command needs the option (`merge -o FILE`); the command checks it.
    var isRequired = false

    init(_ name: String, short: String? = nil, _ kind: Kind, _ help: String, hidden: Bool = false,
         config configName: String? = nil, isPath: Bool = false, required isRequired: Bool = false) {
        self.name = name
        self.short = short
        self.kind = kind
        self.help = help
        self.hidden = hidden
        self.configName = configName
        self.isPath = isPath
        self.isRequired = isRequired
    }

    var takesValue: Bool { kind != .flag }

    var placeholder: String? {
        switch kind {
        case .flag: nil
        case .value(let placeholder), .values(let placeholder): placeholder
        }
    }

    /// `[--rules PATH]…`, as a synopsis shows it; a required option `-o FILE`.
    var synopsis: String {
        if isRequired { return placeholder.map { "\(short ?? name) \($0)" } ?? (short ?? name) }
        let word = placeholder.map { "\(name) \($0)" } ?? name
        if case .values = kind { return "[\(word)]…" }
        return "[\(word)]"
    }

    /// `-o, --output FILE`, as the option list of `--help` shows it.
    var label: String {
        let names = (short.map { "\($0), " } ?? "") + name
        return placeholder.map { "\(names) \($0)" } ?? names
    }
}

extension CommandOption {
    static let help = CommandOption("--help", short: "-h", .flag, "print this help and exit")
    static let quiet = CommandOption("--quiet", short: "-q", .flag, "print only findings, warnings and errors")
    static let verbose = CommandOption("--verbose", short: "-v", .flag, "print more: every rule's outcome, the files read")
    static let config = CommandOption("--config", .value("FILE"),
                                      "read options from FILE instead of the .a11y-audit.xml found here or in a parent folder")
    static let noConfig = CommandOption("--no-config", .flag, "read no config file")

    /// The options every command takes.
    static let common = [help, quiet, verbose]
}
