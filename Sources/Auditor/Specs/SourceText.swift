import Foundation

/// The lines of a spec file, to turn a line number into a column for a tag or attribute
/// (libxml2 keeps line numbers on nodes, not columns).
struct SourceText {
    private let lines: [Substring]

    init(file: String) {
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The 1-based column of `<tag` on `line`, or 1 when it is not there.
    func column(ofTag tag: String, line: Int) -> Int {
        column(of: "<\(tag)", line: line) ?? 1
    }

    /// The 1-based column where the value of `attribute="…"` starts, searching from `line`
    /// on (attributes may sit on the lines after their tag); with the line it is on.
    func valueStart(ofAttribute attribute: String, from line: Int) -> (line: Int, column: Int) {
        for candidate in line..<(line + 8) {
            for quote in ["\"", "'"] {
                if let column = column(of: " \(attribute)=\(quote)", line: candidate) {
                    return (candidate, column + attribute.count + 3)
                }
            }
        }
        return (line, 1)
    }

    private func column(of needle: String, line: Int) -> Int? {
        guard line >= 1, line <= lines.count, let range = lines[line - 1].range(of: needle) else { return nil }
        return lines[line - 1].distance(from: lines[line - 1].startIndex, to: range.lowerBound) + 1
    }
}
