import Foundation

/// The SARIF 2.1.0 log code scanning reads (GitHub, GitLab, Azure DevOps).
///
/// One run; the driver lists one reporting descriptor per rule id, and each failing
/// (block, rule) is one result, never one per state, so an alert's count does not swing
/// with the size of the state space. A result points at the rule's line in its spec file,
/// with the block model's source as a related location, and carries a fingerprint of the
/// block and rule alone: counts and messages change from run to run, the finding does not.
/// A message's first line names the finding alone (tools that key issues on the message,
/// like sarif-tools' `diff`, read that line); the counts follow on a second line and in the
/// result's properties.
/// Levels follow severities (error, warning, info → note) whatever the gate, because code
/// scanning applies its own thresholds; failures a baseline accepts carry an external
/// suppression with the baseline's reason. Output is sorted JSON with no timestamps, so two
/// runs over the same findings write the same bytes.
public struct SARIFReport {
    public var outcome: AuditOutcome
    /// How results' reproduce commands name the rules and other options.
    public var reproduction: Reproduction
    /// The repository root: absolute paths under it are written relative to it.
    public var root: URL

    public static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    public static let fingerprintKey = "a11yAudit/v1"

    public init(outcome: AuditOutcome, reproduction: Reproduction = Reproduction(),
                root: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) {
        self.outcome = outcome
        self.reproduction = reproduction
        self.root = root
    }

    public func data() -> Data {
        let log: [String: Any] = [
            "$schema": Self.schemaURI,
            "version": "2.1.0",
            "runs": [run()],
        ]
        // Only strings, numbers, arrays and dictionaries go in, so serialising cannot fail.
        let data = (try? JSONSerialization.data(withJSONObject: log, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])) ?? Data()
        return data + Data("\n".utf8)
    }

    /// Every rule that ran, once, in the order blocks and specs list them.
    var rules: [Rule] {
        var seen = Set<String>()
        return outcome.blocks.flatMap { $0.rules.map(\.rule) }.filter { seen.insert($0.id).inserted }
    }

    private func run() -> [String: Any] {
        let rules = self.rules
        let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($0.element.id, $0.offset) })
        var results: [[String: Any]] = []
        for block in outcome.blocks {
            for rule in block.rules where !rule.passed {
                results.append(result(rule, of: block, ruleIndex: index[rule.rule.id] ?? 0))
            }
        }
        return [
            "tool": ["driver": [
                "name": "a11y-audit",
                "version": A11yAudit.version,
                "semanticVersion": A11yAudit.version,
                "informationUri": A11yAudit.informationURI,
                "rules": rules.map(descriptor),
            ] as [String: Any]],
            "results": results,
            "columnKind": "unicodeCodePoints",
        ].merging(outcome.choices.isEmpty ? [:] : ["properties": ["assume": outcome.choices.arguments]]) { $1 }
    }

    private func descriptor(_ rule: Rule) -> [String: Any] {
        let description = Self.normalisedWhitespace(rule.description.isEmpty ? rule.title : rule.description)
        var help = [description]
        var markdown = ["**\(Self.markdownEscaped(Self.normalisedWhitespace(rule.title)))**", Self.markdownEscaped(description)]
        if !rule.tags.isEmpty {
            help.append("Tags: \(rule.tags.joined(separator: "; "))")
            markdown.append("Tags: " + rule.tags.map(Self.markdownEscaped).joined(separator: "; "))
        }
        help.append("Defined in \(place(rule)).")
        markdown.append("Defined in `\(place(rule))`. Reproduce a failure with the command in the result's `reproduce` property; "
                        + "`a11y-audit rules` lists every rule.")
        return [
            "id": rule.id,
            "name": Self.name(rule.id),
            "shortDescription": ["text": Self.normalisedWhitespace(rule.title)],
            "fullDescription": ["text": description],
            "help": ["text": help.joined(separator: "\n\n"), "markdown": markdown.joined(separator: "\n\n")],
            "defaultConfiguration": ["level": Self.level(rule.severity)],
            "properties": ["tags": ["accessibility"] + rule.tags],
        ]
    }

    private func result(_ rule: RuleOutcome, of block: BlockOutcome, ruleIndex: Int) -> [String: Any] {
        let summary = FailureSummary(rule, in: block)
        // The first line names the finding and nothing that changes while it is being fixed:
        // sarif-tools' `diff` keys issues on it. The counts follow on the next line.
        var message = Self.headline(block: block.block, rule: rule.rule) + "\n"
        message += "\(rule.failingStates) of \(block.states) states fail"
        message += summary.map { ": \($0.text)." } ?? "."
        if let note = block.assumptionNote(for: rule) { message += " The failing states rest on \(note)." }
        if let first = rule.samples.first {
            message += " First failing state \(first.stateID) — \(first.subject): \(first.message)"
        }
        let ruleFile = location(rule.rule.file, line: rule.rule.line, note: "rule \(rule.rule.id)")
        let model = location(block.sourcePath, line: 0, note: "model of \(block.block)")
        // A rule without a line (a folder of approved transcripts) points at the model.
        var (primary, related) = rule.rule.line > 0 ? (ruleFile, model) : (model, ruleFile)
        primary["logicalLocations"] = [["name": block.block, "kind": "type"]]
        var relatedLocation = related
        relatedLocation["id"] = 1
        var properties: [String: Any] = [
            "block": block.block,
            "failingStates": rule.failingStates,
            "auditedStates": block.states,
            "failingSubjects": rule.failingSubjects,
            "firstFailingStates": rule.samples.map(\.stateID).reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } },
        ]
        if let summary { properties["summary"] = summary.sentence }
        if let first = rule.samples.first {
            properties["reproduce"] = reproduction.command(block: block.block, state: first.stateID)
        }
        if rule.baseline != nil { properties["gatingStates"] = rule.gatingStates }
        let assumptions = block.assumptions(readBy: rule)
        if !assumptions.isEmpty {
            properties["assumptions"] = assumptions.map { read -> [String: Any] in
                var entry: [String: Any] = ["name": read.name, "failingStates": read.failingStates]
                if let value = read.value { entry["value"] = value }
                return entry
            }
        }
        var result: [String: Any] = [
            "ruleId": rule.rule.id,
            "ruleIndex": ruleIndex,
            "level": Self.level(rule.rule.severity),
            "message": ["text": message],
            "locations": [primary],
            "relatedLocations": [relatedLocation],
            "partialFingerprints": [Self.fingerprintKey: Self.fingerprint(block: block.block, rule: rule.rule.id)],
            "properties": properties,
        ]
        // A baselined finding stays visible to code scanning, marked as accepted and why.
        if let note = rule.baselinedNote {
            result["suppressions"] = [["kind": "external", "status": "accepted", "justification": note]]
        }
        return result
    }

    private func location(_ path: String, line: Int, note: String) -> [String: Any] {
        var artifact: [String: Any] = [:]
        let relative = relativePath(path)
        if relative.hasPrefix("/") {
            artifact["uri"] = URL(fileURLWithPath: relative).absoluteString
        } else {
            artifact["uri"] = relative.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? relative
            artifact["uriBaseId"] = "%SRCROOT%"
        }
        var physical: [String: Any] = ["artifactLocation": artifact]
        if line > 0 { physical["region"] = ["startLine": line] }
        return ["physicalLocation": physical, "message": ["text": note]]
    }

    /// `path` relative to ``root`` when it lies inside it; relative paths are taken as
    /// relative to the root already.
    func relativePath(_ path: String) -> String {
        guard path.hasPrefix("/") else { return path }
        let base = root.standardizedFileURL.path
        let full = URL(fileURLWithPath: path).standardizedFileURL.path
        return full.hasPrefix(base + "/") ? String(full.dropFirst(base.count + 1)) : full
    }

    private func place(_ rule: Rule) -> String {
        rule.line > 0 ? "\(relativePath(rule.file)):\(rule.line)" : relativePath(rule.file)
    }

    /// A result's first line: the block, the rule and what the rule asks, the same in
    /// every run that finds the failure.
    static func headline(block: String, rule: Rule) -> String {
        "\(block) fails \(rule.id): \(normalisedWhitespace(rule.title))."
    }

    /// Runs of spaces, tabs and line breaks (the XML's indentation) as one space.
    static func normalisedWhitespace(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Text with the characters Markdown would read as markup escaped.
    static func markdownEscaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\`*_{}[]<>#|".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// A rule id as an identifier: `segmented-control.selection` → `SegmentedControlSelection`.
    static func name(_ id: String) -> String {
        id.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A stable fingerprint of a finding: 64-bit FNV-1a of the block and rule id, in hex.
    /// Nothing that changes between runs (counts, messages, states) goes in.
    public static func fingerprint(block: String, rule: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in Array("\(block)\u{0}\(rule)".utf8) {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
