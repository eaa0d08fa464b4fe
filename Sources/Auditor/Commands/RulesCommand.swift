import AccessibilityModel
import Foundation

extension CommandLineTool {
    func rules(_ arguments: Arguments) throws(InputError) -> ExitCode {
        let spec = try loadSpec(arguments.values("--rules"), bundled: !arguments.flags.contains("--no-bundled-rules"))
        // `--block NAME`: only the rules that apply to those blocks, each with what it says
        // of a block that gives it no subject.
        let selected = try arguments.values("--block").isEmpty ? [] : selectBlocks(arguments.values("--block"))
        let results = ExampleRunner.run(try spec.compiled())
        for (rule, result) in zip(spec.rules, results) {
            guard selected.isEmpty || selected.contains(where: { rule.applies(to: $0.name) }) else { continue }
            let blocks = rule.blocks.isEmpty ? "*" : rule.blocks.joined(separator: " ")
            output("\(result.isOK ? "ok  " : "FAIL") \(rule.id)\t\(rule.severity.rawValue)\t\(blocks)\t\(rule.title)\n")
            for problem in result.problems { output("       \(problem)\n") }
            for block in selected where rule.applies(to: block.name) {
                output("       \(block.name): applies; when it finds no subject: \(rule.whyNotApplied(to: block.name))\n")
            }
        }
        let failing = results.filter { !$0.isOK }.count
        if arguments.verbosity > .quiet {
            for block in selected {
                let applying = spec.rules.filter { $0.applies(to: block.name) }.count
                errors("\(Count.grouped(applying)) of \(Count(spec.rules.count, "rule")) \(applying == 1 ? "applies" : "apply") to \(block.name)\n")
            }
            errors("\(Count(spec.rules.count, "rule")) in \(Count(spec.files.count, "file")); \(Count.grouped(failing)) with failing examples\n")
        }
        if arguments.verbosity == .verbose { errors(spec.files.map { "read \($0)\n" }.joined()) }
        // A rule that cannot be evaluated is a broken input, as it is to `audit`.
        let broken = results.filter(\.cannotEvaluate).map(\.rule)
        guard broken.isEmpty else {
            errors("a11y-audit: error: \(broken.count == 1 ? "rule" : "rules") \(broken.joined(separator: ", ")) cannot be evaluated (see above)\n")
            return .invalidInput
        }
        return failing == 0 ? .success : .gateFailed
    }
}
