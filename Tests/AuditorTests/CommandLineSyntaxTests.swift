import Auditor
import Foundation
import Testing

/// The command line as swiftlint, swift-format and xcbeautify users expect it: `--version`,
/// `--help` on every command, `--` ending options, stray operands refused, `--quiet` and
/// `--verbose`, counts that read as English.
@Suite("Command-line syntax")
struct CommandLineSyntaxTests {
    static let commands = ["audit", "merge", "blocks", "states", "tree", "transcript", "rules", "assumptions"]

    @Test("--version prints the tool's name and version on stdout and exits 0")
    func version() {
        let run = runTool(["--version"])
        #expect(run.code == .success && run.output == "a11y-audit \(A11yAudit.version)\n" && run.errors.isEmpty, "\(run)")
        #expect(A11yAudit.version.wholeMatch(of: /[0-9]+\.[0-9]+\.[0-9]+/) != nil)
    }

    @Test("--help and -h print the command's usage and every option it parses, and exit 0", arguments: commands, ["--help", "-h"])
    func help(_ command: String, _ flag: String) {
        let run = runTool([command, flag])
        #expect(run.code == .success && run.errors.isEmpty, "\(run)")
        #expect(run.output.hasPrefix("usage: a11y-audit \(command)"), "\(run)")
        #expect(run.output == runTool(["help", command]).output, "`help \(command)` is the same text")
        for option in ["--help", "--quiet", "--verbose"] { #expect(run.output.contains(option), "\(option)") }
    }

    @Test("a synopsis shows the operands and which options are required", arguments: [
        ("merge", "usage: a11y-audit merge -o FILE [--fail-on error|warning|never]"), ("states", "usage: a11y-audit states [--where DIM=VALUE]… BLOCK\n"),
        ("blocks", "usage: a11y-audit blocks\n"), ("transcript", "[--compare FILE] [--assume NAME=VALUE]… [BLOCK]…\n"),
    ])
    func synopsis(_ command: String, _ expected: String) {
        #expect(runTool([command, "--help"]).output.contains(expected))
    }

    @Test("every option a command's help lists is one its parser takes: none is unknown", arguments: commands)
    func helpMatchesParser(_ command: String) {
        let help = runTool([command, "--help"]).output
        let listed = help.split(separator: "\n").filter { $0.hasPrefix("  -") }.map { line in
            let words = line.split(separator: " ").map(String.init)
            let name = words.first { $0.hasPrefix("--") } ?? ""
            let next = words.firstIndex(of: name).map { $0 + 1 < words.count ? words[$0 + 1] : "" } ?? ""
            return (name: name, takesValue: next.first?.isUppercase == true || next.contains("|"))
        }
        #expect(listed.count >= 3)
        for option in listed {
            // A value is attached with `=`, so --help after it is read as --help.
            let run = runTool([command, option.takesValue ? option.name + "=x" : option.name, "--help"])
            #expect(run.code == .success && run.output == help, "\(command) \(option.name): \(run)")
        }
    }

    @Test("the top level's --help lists every command; no command at all prints it on stderr and exits 2")
    func overview() {
        for words in [["--help"], ["-h"], ["help"]] {
            let run = runTool(words)
            #expect(run.code == .success, "\(run)")
            for command in Self.commands { #expect(run.output.contains("\n  \(command) "), "\(command)") }
        }
        let none = runTool([])
        #expect(none.code == .invalidInput && none.output.isEmpty && none.errors.contains("usage: a11y-audit"), "\(none)")
    }

    @Test("an unknown option lists the command's options and points at --help")
    func unknownOption() {
        let run = runTool(["audit", "--baselin", "x.xml"])
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains("unknown option '--baselin' for 'audit'; its options: --rules, --no-bundled-rules, --block"), "\(run)")
        #expect(run.errors.contains("--baseline") && run.errors.contains("-q/--quiet") && run.errors.contains("`a11y-audit audit --help`"), "\(run)")
        #expect(!run.errors.contains("--scale"), "diagnostic options are not offered")
    }

    @Test("unexpected operands exit 2 naming the first one", arguments: [
        (["blocks", "extra"], "'blocks' takes no operands (got 'extra')"),
        (["audit", "TopTabs"], "'audit' takes no operands (got 'TopTabs'); use --block NAME"),
        (["rules", "--", "--block"], "'rules' takes no operands (got '--block')"),
        (["states", "TopTabs", "ScopeHeader"], "'states' takes one block name"),
    ])
    func extraOperands(_ arguments: [String], _ message: String) {
        let run = runTool(arguments)
        #expect(run.code == .invalidInput && run.output.isEmpty, "\(run)")
        #expect(run.errors.contains(message), "\(run)")
    }

    @Test("-- ends the options: a word after it is an operand even when it starts with a dash")
    func doubleDash() {
        let plain = runTool(["states", "ScrollingTabStrip", "--where", "size=L"])
        let ended = runTool(["states", "--where", "size=L", "--", "ScrollingTabStrip"])
        #expect(ended.code == .success && ended.output == plain.output, "\(ended)")
        let dashed = runTool(["states", "--", "--where"])
        #expect(dashed.code == .invalidInput && dashed.errors.contains("unknown block '--where'"), "\(dashed)")
    }

    @Test("a flag given a value, an option missing its value, and --quiet with --verbose exit 2", arguments: [
        (["blocks", "--quiet=yes"], "option '--quiet' takes no value"),
        (["states", "TopTabs", "--where"], "option '--where' needs a value"),
        (["blocks", "-q", "-v"], "give --quiet or --verbose, not both"),
    ])
    func malformed(_ arguments: [String], _ message: String) {
        let run = runTool(arguments)
        #expect(run.code == .invalidInput && run.errors.contains(message), "\(run)")
    }

    @Test("audit prints its findings and summary on stdout and its report paths on stderr; --quiet keeps only the failures")
    func streams() throws {
        let files = try TemporaryDirectory()
        let junit = files.path("junit.xml")
        let normal = runTool(["audit"] + Gate.strip + ["--junit", junit])
        #expect(normal.code == .gateFailed, "\(normal)")
        #expect(normal.output.hasPrefix("ScrollingTabStrip: 40 states, 24 rules, 4 failing ("), "\(normal)")
        #expect(normal.outputLines.last?.hasPrefix("1 block, 40 states (exhaustive coverage), 24 rules audited in ") == true, "\(normal)")
        #expect(normal.outputLines.last?.hasSuffix("; 4 gating failures") == true, "\(normal)")
        #expect(normal.errors == "JUnit report: \(junit)\n", "\(normal)")

        let quiet = runTool(["audit", "-q"] + Gate.strip + ["--junit", junit])
        #expect(quiet.code == .gateFailed && quiet.errors.isEmpty, "\(quiet)")
        #expect(quiet.outputLines.count == 5 && quiet.outputLines.dropFirst().allSatisfy { $0.hasPrefix("  FAIL [error] ") }, "\(quiet)")

        let verbose = runTool(["audit", "--verbose"] + Gate.strip + ["--junit", junit])
        #expect(verbose.outputLines.contains { $0.hasPrefix("  phases ") }, "\(verbose)")
        #expect(verbose.outputLines.contains { $0.hasPrefix("  ok   [error] label-present: 40 states") }, "\(verbose)")
        #expect(verbose.outputLines.count == normal.outputLines.count + 1 + 20, "a line per passing rule: \(verbose)")
    }

    @Test("--quiet silences a command's status lines but not its data", arguments: [["rules"], ["transcript", "--check"]])
    func quietCommands(_ arguments: [String]) {
        let normal = runTool(arguments), quiet = runTool(arguments + ["--quiet"])
        #expect(normal.code == .success && quiet.code == .success, "\(quiet)")
        #expect(!normal.errors.isEmpty && quiet.errors.isEmpty, "\(quiet)")
        if arguments[0] == "rules" { #expect(quiet.output == normal.output) }
    }

    @Test("a count is grouped in thousands and its noun agrees with it", arguments: [
        (0, "0 states"), (1, "1 state"), (2, "2 states"), (999, "999 states"), (1_000, "1,000 states"),
        (203_088, "203,088 states"), (1_234_567, "1,234,567 states"), (-1_500, "-1,500 states"),
    ])
    func counts(_ number: Int, _ text: String) {
        #expect(Count(number, "state").description == text)
    }

    @Test("the console says 1 block, 1 job and 1 gating failure in the singular, and groups large counts")
    func singular() throws {
        let files = try TemporaryDirectory()
        let run = runTool(["audit", "--block", "ScrollingTabStrip", "--where", "selection=music;size=L;motion=full;width=393;direction=ltr;appearance=light;contrast=standard",
                           "--jobs", "1", "--junit", files.path("j.xml")])
        let last = try #require(run.outputLines.last)
        #expect(last.hasPrefix("1 block, 1 state (exhaustive coverage), 24 rules audited in "), "\(last)")
        #expect(last.contains(" on 1 job; ") && last.hasSuffix("; 4 gating failures"), "\(last)")
        #expect(run.outputLines.contains { $0.contains("target-size: 1 of 1 state,") }, "\(run)")
        let blocks = runTool(["blocks"])
        #expect(blocks.outputLines.contains { $0.hasPrefix("ScopeHeader\t663,552 states\t") }, "\(blocks)")
    }

    @Test("the JUnit report and the HTML page name the version --version prints")
    func versionInReports() throws {
        let files = try TemporaryDirectory()
        let run = runTool(["audit", "--block", "ScrollingTabStrip", "--where", "selection=music;size=L;motion=full;width=393;direction=ltr;appearance=light;contrast=standard",
                           "--fail-on", "never", "--junit", files.path("j.xml"), "--html", files.path("html")])
        #expect(run.code == .success, "\(run)")
        let junit = try String(contentsOfFile: files.path("j.xml"), encoding: .utf8)
        #expect(junit.contains("<!-- a11y-audit \(A11yAudit.version) -->\n<testsuites>"), "\(junit.prefix(200))")
        let page = try String(contentsOfFile: files.path("html/index.html"), encoding: .utf8)
        #expect(page.contains("<meta name=\"generator\" content=\"a11y-audit \(A11yAudit.version)\"/>"))
    }
}
