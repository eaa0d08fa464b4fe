/// A command's arguments, parsed against its ``CommandSyntax``: operands, `--option VALUE`
/// pairs (also `--option=VALUE` and short forms such as `-o FILE`) and flags. `--` ends
/// the options: every word after it is an operand.
struct Arguments {
    var positionals: [String] = []
    var options: [String: [String]] = [:]
    var flags: Set<String> = []
    /// Options whose values a config file gave, with where it gave them.
    var configured: [String: ConfigFile.Setting] = [:]

    /// Parses `words` for `command`; an unknown option lists the valid ones.
    init(_ words: [String], for command: CommandSyntax) throws(InputError) {
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            guard !optionsEnded, word.hasPrefix("-"), word != "-" else { positionals.append(word); continue }
            if word == "--" { optionsEnded = true; continue }
            var name = word
            var value: String?
            if let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                value = String(word[word.index(after: equals)...])
            }
            guard let option = command.option(named: name) else {
                let names = command.allOptions.filter { !$0.hidden }.map { ($0.short.map { "\($0)/" } ?? "") + $0.name }
                throw InputError("unknown option '\(name)' for '\(command.name)'; its options: \(names.joined(separator: ", "))"
                                 + " (`\(A11yAudit.name) \(command.name) --help` says what each does)")
            }
            guard option.takesValue else {
                if value != nil { throw InputError("option '\(option.name)' takes no value, not '\(value!)'") }
                flags.insert(option.name)
                continue
            }
            if value == nil {
                guard index < words.count else { throw InputError("option '\(option.name)' needs a value: \(option.label)") }
                value = words[index]
                index += 1
            }
            options[option.name, default: []].append(value!)
        }
        if case .none(let hint) = command.operands, let first = positionals.first {
            throw InputError("'\(command.name)' takes no operands (got '\(first)')" + (hint.map { "; \($0)" } ?? ""))
        }
        if flags.contains(CommandOption.quiet.name), flags.contains(CommandOption.verbose.name) {
            throw InputError("give --quiet or --verbose, not both")
        }
    }

    /// Whether `--help` (or `-h`) was given.
    var wantsHelp: Bool { flags.contains(CommandOption.help.name) }

    /// How much the command prints besides its data and findings.
    var verbosity: Verbosity {
        if flags.contains(CommandOption.quiet.name) { return .quiet }
        return flags.contains(CommandOption.verbose.name) ? .verbose : .normal
    }

    func values(_ name: String) -> [String] { options[name] ?? [] }

    /// The one value of an option that may be given once.
    func value(_ name: String) throws(InputError) -> String? {
        let given = values(name)
        guard given.count <= 1 else { throw InputError("option '\(name)' is given \(given.count) times; give it once") }
        return given.first
    }

    /// An option's value as a whole number from 1 to `limit`; nil when it is not given.
    func wholeNumber(_ name: String, upTo limit: Int) throws(InputError) -> Int? {
        guard let text = try value(name) else { return nil }
        guard let number = Int(text), (1...limit).contains(number) else {
            throw InputError("\(name) takes a whole number from 1 to \(limit), not '\(text)'")
        }
        return number
    }

    /// `body` applied to an option's values; when a config file gave them, an error that
    /// names no file is placed at the config file's element.
    func checked<Result>(_ name: String, _ body: ([String]) throws(InputError) -> Result) throws(InputError) -> Result {
        do {
            return try body(values(name))
        } catch {
            guard error.file == nil, let setting = configured[name] else { throw error }
            throw InputError(file: setting.file, line: setting.line, column: setting.column, "\(error.message) (set by <\(setting.element)>)")
        }
    }

    /// Adds the options a config file sets, except those given here: an option on the
    /// command line replaces the config file's values for it.
    mutating func add(_ settings: [ConfigFile.Setting], for command: CommandSyntax) {
        var given = Set(options.keys).union(flags)
        for setting in settings {
            guard let option = command.options.first(where: { $0.configName == setting.element }),
                  !given.contains(option.name) || configured[option.name] != nil else { continue }
            if configured[option.name] == nil { configured[option.name] = setting }
            given.insert(option.name)
            if option.takesValue {
                options[option.name, default: []].append(setting.value)
            } else if setting.value == "true" {
                flags.insert(option.name)
            }
        }
    }
}

/// How much a command prints besides its data and findings (`--quiet`, `--verbose`).
public enum Verbosity: Sendable, Comparable {
    case quiet, normal, verbose
}
