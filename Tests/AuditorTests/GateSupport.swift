import Auditor
import Foundation
import Testing
import XMLSupport

/// Small audits and files for the tests of baselines, shards, merging and the progress line.
enum Gate {
    /// ScrollingTabStrip at text size L, left to right, Reduce Motion off, light, standard
    /// contrast: 10 tabs × 4 widths, 40 states, each failing target-size, selection-haptic,
    /// title-is-heading and text-contrast.
    static let strip = ["--block", "ScrollingTabStrip"]
        + whereArguments(["size=L", "direction=ltr", "motion=full", "appearance=light", "contrast=standard"])

    /// Two blocks with the sports tab selected (ScopeHeader has no `selection`, so it is left
    /// out): 4 ScrollingTabStrip states failing three rules, 42 TopTabs states over three regions.
    static let twoBlocks = ["--block", "ScrollingTabStrip", "--block", "TopTabs"]
        + whereArguments(["selection=sports", "size=L", "direction=ltr", "motion=full", "appearance=light", "contrast=standard"])

    /// ScrollingTabStrip at every text size, one width: 120 states, target-size failing in 70.
    static let everySize = ["--block", "ScrollingTabStrip"]
        + whereArguments(["direction=ltr", "motion=full", "width=393", "appearance=light", "contrast=standard"])

    /// A baseline file holding `entries`.
    static func baseline(_ entries: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <baseline>
        \(entries)
        </baseline>

        """
    }

    /// One entry; `constraints` are (dimension, values) pairs.
    static func accept(_ rule: String, block: String = "ScrollingTabStrip", expires: String = "2099-12-31",
                       where constraints: [(String, String)] = [], reason: String = "Known and being fixed.") -> String {
        let wheres = constraints.map { "    <where dimension=\"\($0.0)\" values=\"\($0.1)\"/>\n" }.joined()
        return """
              <accept block="\(block)" rule="\(rule)" expires="\(expires)">
                <reason>\(reason)</reason>
            \(wheres)  </accept>
            """
    }

    /// Entries accepting the two findings every ScrollingTabStrip state has, so a test can
    /// look at target-size alone.
    static let otherFindings = accept("selection-haptic") + "\n" + accept("title-is-heading") + "\n" + accept("text-contrast")

    static func parse(_ path: String) throws -> ParsedReport {
        try ParsedReport(try Data(contentsOf: URL(fileURLWithPath: path)), name: path)
    }

    /// A report with its timestamps, times and host blanked: what two runs of one audit share.
    static func normalised(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: #" (timestamp|time|hostname)="[^"]*""#, with: #" $1="""#, options: .regularExpression)
    }

    static func schemaProblems(_ path: String) throws -> [String] {
        try Checkout.schema("junit.xsd").validate(try XMLDocument(contentsOfFile: path), name: path).map(\.description)
    }

    /// A file whose bytes a failed run must leave alone.
    static let untouched = "<untouched/>\n"
}

/// The value of each property `name` of a suite (written `BLOCK.name`).
func properties(_ suite: XMLNode, _ name: String) -> [String] {
    let qualified = "\(suite.attribute("name") ?? "").\(name)"
    return descendants(suite, named: "property").filter { $0.attribute("name") == qualified }.map { $0.attribute("value") ?? "" }
}
