/// Every command's declaration: the parser, `--help` and the config file all read these.
extension CommandSyntax {
    static let audit = CommandSyntax(
        name: "audit", operands: .none(hint: "use --block NAME"),
        summary: "audit blocks against rules; write a JUnit report (and SARIF, HTML)",
        options: [
            CommandOption("--rules", .values("PATH"), "a rule file or folder of them, added to the bundled rules", config: "rules", isPath: true),
            CommandOption("--no-bundled-rules", .flag, "audit with the given rules alone", config: "no-bundled-rules"),
            CommandOption("--block", .values("NAME"), "a block to audit (all blocks when none is given)", config: "block"),
            CommandOption("--where", .values("DIM=VALUE"), "DIM=VALUE or a whole state id; a state must match every one", config: "where"),
            CommandOption("--junit", .value("FILE"), "the JUnit report (default reports/junit.xml)", config: "junit", isPath: true),
            CommandOption("--fail-on", .value("error|warning|never"), "the least severity that gates (default error)", config: "fail-on"),
            CommandOption("--jobs", .value("N"), "workers auditing in parallel (default: every core)", config: "jobs"),
            CommandOption("--baseline", .value("FILE"), "failures accepted for now; they do not gate", config: "baseline", isPath: true),
            CommandOption("--update-baseline", .value("FILE"), "write a baseline accepting today's gating failures"),
            CommandOption("--shard", .value("K/N"), "audit job K's share of N (K from 1)"),
            CommandOption("--sarif", .value("FILE"), "also write a SARIF log, for code scanning", config: "sarif", isPath: true),
            CommandOption("--html", .value("DIR"), "also write an HTML report, DIR/index.html", config: "html", isPath: true),
            CommandOption("--coverage", .value("exhaustive|pairwise"), "audit every selected state, or a pairwise covering array of them",
                          config: "coverage"),
            CommandOption("--assume", .values("NAME=VALUE"), "audit under another answer to a named assumption", config: "assume"),
            CommandOption("--sensitivity", .flag, "re-audit failing rules under the other answers to the assumptions they read",
                          config: "sensitivity"),
            CommandOption("--theme", .value("FILE"), "a team's theme (specs/schema/theme.xsd) laid over the bundled one",
                          config: "theme", isPath: true),
            CommandOption("--phases", .flag, "time each phase of the audit", hidden: true),
            CommandOption("--no-memo", .flag, "evaluate every rule on every state, memo off", hidden: true),
            CommandOption("--no-fold", .flag, "evaluate every state's groups on the state, none from its representative", hidden: true),
            CommandOption("--scale", .value("N"), "audit N times each block's widths", hidden: true),
            CommandOption("--copies", .value("N"), "audit each block N times over, in a dimension nothing reads", hidden: true),
            CommandOption("--stats", .value("FILE"), "write the audit's figures as JSON", hidden: true),
            CommandOption("--findings", .value("FILE"), "log every failure as JSON", hidden: true),
        ],
        notes: """
            Findings and the summary go to stdout; progress, report paths and warnings to stderr.
            With GITHUB_ACTIONS=true each failure is also printed as a GitHub workflow command
            (::error file=RULE FILE,line=LINE,title=RULE::BLOCK: MESSAGE), so it annotates the rule.
            Without --shard, GitLab's CI_NODE_INDEX/CI_NODE_TOTAL, CircleCI's CIRCLE_NODE_INDEX/
            CIRCLE_NODE_TOTAL and Buildkite's BUILDKITE_PARALLEL_JOB/BUILDKITE_PARALLEL_JOB_COUNT choose the shard.
            Exit codes: 0 nothing gates, 1 a gating rule failed, 2 invalid input, 3 internal error.
            """)

    static let merge = CommandSyntax(
        name: "merge", operands: .some("REPORT…"),
        summary: "merge shard reports (and other tools' JUnit files) into one report, and gate on it",
        options: [
            CommandOption("--output", short: "-o", .value("FILE"), "the merged JUnit report to write", required: true),
            CommandOption("--fail-on", .value("error|warning|never"), "the least severity that gates (default error)", config: "fail-on"),
            CommandOption("--update-baseline", .value("FILE"), "write a baseline accepting the merged gating failures"),
            CommandOption("--sarif", .value("FILE"), "also write a SARIF log of the merged findings", config: "sarif", isPath: true),
            CommandOption("--html", .value("DIR"), "also write an HTML report of the merged findings", config: "html", isPath: true),
        ])

    static let blocks = CommandSyntax(
        name: "blocks", operands: .none(hint: nil),
        summary: "list the blocks, their state counts and dimensions", options: [])

    static let states = CommandSyntax(
        name: "states", operands: .some("BLOCK"),
        summary: "list the state ids of a block, one a line",
        options: [CommandOption("--where", .values("DIM=VALUE"), "DIM=VALUE or a whole state id; a state must match every one")])

    static let tree = CommandSyntax(
        name: "tree", operands: .some("BLOCK"),
        summary: "print state documents, the XML rules are written against",
        options: [
            CommandOption("--where", .values("DIM=VALUE"), "DIM=VALUE or a whole state id; a state must match every one"),
            CommandOption("--assume", .values("NAME=VALUE"), "print the states under another answer to a named assumption"),
            CommandOption("--theme", .value("FILE"), "a team's theme (specs/schema/theme.xsd) laid over the bundled one"),
        ])

    static let transcript = CommandSyntax(
        name: "transcript", operands: .some("[BLOCK]…"),
        summary: "print VoiceOver transcripts of the review scenarios, or check them against the approved ones",
        options: [
            CommandOption("--where", .values("DIM=VALUE"), "print the matching states of one block instead of its scenarios"),
            CommandOption("--scenario", .values("NAME"), "only these review scenarios of one block"),
            CommandOption("--format", .value("text|markdown"), "print as text (default) or Markdown, for a pull request"),
            CommandOption("--check", .flag, "compare the review scenarios with their approved transcripts (exit 1 on a difference)"),
            CommandOption("--record", .flag, "approve the review scenarios' transcripts: write specs/transcripts"),
            CommandOption("--compare", .value("FILE"), "compare one state with a device recording (pymobiledevice3 JSON, or one utterance a line)"),
            CommandOption("--assume", .values("NAME=VALUE"), "print or compare under another answer to a named assumption"),
        ],
        notes: """
            --check --format markdown prints the differences as Markdown, for a pull-request comment.
            Scenarios whose transcripts are the same are printed once, under all their names.
            --assume applies to printing and to --compare (which answer matches the device?); --check and
            --record work on the approved transcripts, which are made under every assumption's default.
            """)

    static let rules = CommandSyntax(
        name: "rules", operands: .none(hint: "use --rules PATH"),
        summary: "list rules, validate the spec, run every rule's examples",
        options: [
            CommandOption("--rules", .values("PATH"), "a rule file or folder of them, added to the bundled rules", config: "rules", isPath: true),
            CommandOption("--no-bundled-rules", .flag, "list the given rules alone", config: "no-bundled-rules"),
            CommandOption("--block", .values("NAME"), "only the rules that apply to these blocks, and what each says of them"),
        ])

    static let assumptions = CommandSyntax(
        name: "assumptions", operands: .some("[BLOCK]…"),
        summary: "list the blocks' named assumptions: question, default, alternatives, evidence", options: [])

    static let all: [CommandSyntax] = [audit, merge, blocks, states, tree, transcript, rules, assumptions]

    /// The text `a11y-audit --help` prints: the commands and what each does.
    static var overview: String {
        let column = (all.map(\.name.count).max() ?? 0) + 4
        var text = """
            usage: \(A11yAudit.name) <command> [options]
                   \(A11yAudit.name) --version | --help

            Audits SwiftUI blocks' accessibility models against XML rules.

            commands:

            """
        for command in all {
            text += "  \(command.name)\(String(repeating: " ", count: column - command.name.count))\(command.summary)\n"
        }
        text += """

            `\(A11yAudit.name) <command> --help` lists a command's options. Every command takes -q/--quiet and
            -v/--verbose; audit, merge and rules read .a11y-audit.xml (here or in a parent folder) for options.
            Exit codes: 0 nothing gates, 1 a gating rule failed, 2 invalid input, 3 internal error.

            """
        return text
    }

    /// Every element a config file may hold, and the options it sets.
    static var configurable: [CommandOption] {
        var seen = Set<String>()
        return all.flatMap(\.options).filter { option in option.configName.map { seen.insert($0).inserted } ?? false }
    }
}
