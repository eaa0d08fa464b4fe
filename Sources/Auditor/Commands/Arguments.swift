/// A command's arguments: positionals and `--option VALUE` pairs (also `--option=VALUE`).
struct Arguments {
    var positionals: [String] = []
    var options: [String: [String]] = [:]
    var flags: Set<String> = []

    /// Parses `words` for a command that takes `options` (with values) and `flags`.
    init(_ words: [String], command: String, options known: Set<String>, flags knownFlags: Set<String> = []) throws(InputError) {
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            guard word.hasPrefix("--") else { positionals.append(word); continue }
            var name = word
            var value: String?
            if let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                value = String(word[word.index(after: equals)...])
            }
            if knownFlags.contains(name) {
                flags.insert(name)
                continue
            }
            guard known.contains(name) else {
                let choices = (known.union(knownFlags)).sorted().joined(separator: ", ")
                throw InputError("unknown option '\(name)' for '\(command)'; its options: \(choices.isEmpty ? "none" : choices)")
            }
            if value == nil {
                guard index < words.count else { throw InputError("option '\(name)' needs a value") }
                value = words[index]
                index += 1
            }
            options[name, default: []].append(value!)
        }
    }

    func values(_ name: String) -> [String] { options[name] ?? [] }

    /// The one value of an option that may be given once.
    func value(_ name: String) throws(InputError) -> String? {
        let given = values(name)
        guard given.count <= 1 else { throw InputError("option '\(name)' is given \(given.count) times; give it once") }
        return given.first
    }
}
