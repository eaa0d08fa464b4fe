import Foundation

/// The text of a spec file, to place what libxml2 reports by line only: the start of a
/// tag, of an attribute's value, of an element's text, and a character inside them.
///
/// libxml2 gives an element the line where its start tag *ends*; a tag written over
/// several lines is found by looking back from there.
struct SourceText {
    private let lines: [[Unicode.Scalar]]

    /// Lines end at LF, CRLF or a lone CR, as XML reads them; bytes that are not UTF-8
    /// (a Latin-1 file) count one column each.
    init(file: String) {
        let bytes = FileManager.default.contents(atPath: file) ?? Data()
        var lines: [[Unicode.Scalar]] = [[]]
        var previous: Unicode.Scalar?
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            defer { previous = scalar }
            if scalar == "\n" {
                if previous != "\r" { lines.append([]) }
            } else if scalar == "\r" {
                lines.append([])
            } else {
                lines[lines.count - 1].append(scalar)
            }
        }
        self.lines = lines
    }

    /// A place in the file, 1-based.
    struct Position: Equatable {
        var line: Int
        var column: Int
    }

    /// Where `<tag` starts for an element libxml2 put on `nodeLine`.
    func tagStart(_ tag: String, nodeLine: Int) -> Position {
        let needle = Array("<\(tag)".unicodeScalars)
        for line in stride(from: min(nodeLine, lines.count), through: max(1, nodeLine - 40), by: -1) {
            if let column = lastMatch(of: needle, in: lines[line - 1], where: { next in
                next == nil || next == " " || next == ">" || next == "/" || next == "\t" || next == "\r"
            }) {
                return Position(line: line, column: column)
            }
        }
        return Position(line: max(nodeLine, 1), column: 1)
    }

    /// Where the value of `attribute="…"` starts, in the start tag that begins at `tag`.
    func valueStart(ofAttribute attribute: String, inTagAt tag: Position) -> Position {
        var position = tag
        let needle = Array(attribute.unicodeScalars)
        while position.line <= lines.count, position.line < tag.line + 40 {
            let scalars = lines[position.line - 1]
            var index = position.column - 1
            while index < scalars.count {
                if scalars[index] == ">" { return tag }
                let before = index == 0 ? " " : scalars[index - 1]
                if before == " " || before == "\t",
                   index + needle.count + 1 < scalars.count,
                   Array(scalars[index..<(index + needle.count)]) == needle,
                   scalars[index + needle.count] == "=",
                   scalars[index + needle.count + 1] == "\"" || scalars[index + needle.count + 1] == "'" {
                    return Position(line: position.line, column: index + needle.count + 3)
                }
                index += 1
            }
            position = Position(line: position.line + 1, column: 1)
        }
        return tag
    }

    /// Where the text of the element whose start tag begins at `tag` starts, leading
    /// white space skipped (as the loader trims it).
    func textStart(inTagAt tag: Position) -> Position {
        var position = tag
        var inTag = true
        while position.line <= lines.count {
            let scalars = lines[position.line - 1]
            var index = position.column - 1
            while index < scalars.count {
                if inTag {
                    if scalars[index] == ">" { inTag = false }
                } else if !scalars[index].properties.isWhitespace {
                    return Position(line: position.line, column: index + 1)
                }
                index += 1
            }
            position = Position(line: position.line + 1, column: 1)
        }
        return tag
    }

    /// The scalar at `position`, or nil past the end of its line.
    func scalar(at position: Position) -> Unicode.Scalar? {
        guard (1...lines.count).contains(position.line), position.column >= 1 else { return nil }
        let scalars = lines[position.line - 1]
        return position.column <= scalars.count ? scalars[position.column - 1] : nil
    }

    /// The raw source from `start` to the first `stop` scalar (a quote ending an attribute,
    /// `<` ending text): what `Located.position(ofDecodedOffset:)` walks.
    func raw(from start: Position, upTo stop: Unicode.Scalar) -> String {
        var result = String.UnicodeScalarView()
        var position = start
        while position.line <= lines.count {
            let scalars = lines[position.line - 1]
            for scalar in scalars.dropFirst(position.column - 1) {
                if scalar == stop { return String(result) }
                result.append(scalar)
            }
            result.append("\n")
            position = Position(line: position.line + 1, column: 1)
        }
        return String(result)
    }

    private func lastMatch(of needle: [Unicode.Scalar], in scalars: [Unicode.Scalar],
                           where boundary: (Unicode.Scalar?) -> Bool) -> Int? {
        guard scalars.count >= needle.count else { return nil }
        for index in stride(from: scalars.count - needle.count, through: 0, by: -1)
        where Array(scalars[index..<(index + needle.count)]) == needle {
            let next = index + needle.count < scalars.count ? scalars[index + needle.count] : nil
            if boundary(next) { return index + 1 }
        }
        return nil
    }
}
