/// Finds start tags in XML source text.
///
/// libxml2 gives schema validity errors a line but no column, and for a start
/// tag spread over several lines the line is where the tag *ends*. Counting
/// start tags in the source (skipping comments, CDATA sections, processing
/// instructions and declarations, where `<` may appear freely) finds the
/// element's `<name` exactly.
struct StartTagLocator {
    struct Location: Equatable {
        var line: Int
        var column: Int
    }

    let source: [UInt8]

    /// Line and column (1-based, in Unicode scalars) of the `<` of the
    /// `ordinal`-th start tag (0-based, document order), provided that tag has
    /// the expected qualified name; nil when the source does not match.
    func location(ofStartTag ordinal: Int, named qualifiedName: String) -> Location? {
        let count = source.count
        var index = 0
        var line = 1
        var lineStart = 0
        var seen = 0

        /// Moves `index` to just past `terminator`, counting lines on the way.
        func skip(past terminator: [UInt8]) {
            while index < count {
                if endsLine(at: index) {
                    line += 1
                    lineStart = index + 1
                } else if source[index] == UInt8(ascii: "\n") {
                    lineStart = index + 1
                }
                if source[index] == terminator[0], matches(terminator, at: index) {
                    index += terminator.count
                    return
                }
                index += 1
            }
        }

        while index < count {
            let byte = source[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                if endsLine(at: index) { line += 1 }
                lineStart = index + 1
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "<"), index + 1 < count else {
                index += 1
                continue
            }
            let next = source[index + 1]
            if next == UInt8(ascii: "!") {
                if matches(Array("<!--".utf8), at: index) {
                    skip(past: Array("-->".utf8))
                } else if matches(Array("<![CDATA[".utf8), at: index) {
                    skip(past: Array("]]>".utf8))
                } else {
                    skipDeclaration(&index, &line, &lineStart)
                }
                continue
            }
            if next == UInt8(ascii: "?") {
                skip(past: Array("?>".utf8))
                continue
            }
            if next == UInt8(ascii: "/") {
                index += 2
                continue
            }
            if seen == ordinal {
                guard nameFollows(qualifiedName, at: index + 1) else { return nil }
                return Location(line: line, column: scalarCount(from: lineStart, to: index) + 1)
            }
            seen += 1
            index += 1
        }
        return nil
    }

    /// Skips `<!DOCTYPE …>` and similar, including a bracketed internal subset.
    private func skipDeclaration(_ index: inout Int, _ line: inout Int, _ lineStart: inout Int) {
        var depth = 0
        var quote: UInt8?
        index += 2
        while index < source.count {
            let byte = source[index]
            if endsLine(at: index) { line += 1 }
            index += 1
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { lineStart = index }
            if let open = quote {
                if byte == open { quote = nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ">") where depth <= 0: return
            default: break
            }
        }
    }

    /// Whether a line ends at `index`: at LF, at a CR not followed by LF (a CR-only file),
    /// and at the LF of CRLF (counted once), as XML reads line ends.
    private func endsLine(at index: Int) -> Bool {
        switch source[index] {
        case UInt8(ascii: "\n"): return true
        case UInt8(ascii: "\r"): return index + 1 >= source.count || source[index + 1] != UInt8(ascii: "\n")
        default: return false
        }
    }

    private func matches(_ bytes: [UInt8], at index: Int) -> Bool {
        guard index + bytes.count <= source.count else { return false }
        for offset in 0..<bytes.count where source[index + offset] != bytes[offset] {
            return false
        }
        return true
    }

    /// Whether `name` starts at `index` and is followed by something that
    /// ends a name (white space, `>`, `/`, or the end of the text).
    private func nameFollows(_ name: String, at index: Int) -> Bool {
        let bytes = Array(name.utf8)
        guard matches(bytes, at: index) else { return false }
        let end = index + bytes.count
        guard end < source.count else { return true }
        switch source[end] {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
             UInt8(ascii: ">"), UInt8(ascii: "/"):
            return true
        default:
            return false
        }
    }

    /// Unicode scalars in `source[start..<end]`: every byte except UTF-8
    /// continuation bytes starts one.
    private func scalarCount(from start: Int, to end: Int) -> Int {
        var scalars = 0
        for index in start..<end where source[index] & 0xC0 != 0x80 {
            scalars += 1
        }
        return scalars
    }
}
