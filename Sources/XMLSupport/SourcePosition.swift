/// Line and column (1-based, column in Unicode scalars) of a place in a file's bytes.
///
/// A line ends at LF, CRLF or a lone CR, as XML reads them; bytes that are not UTF-8
/// count one column each.
public enum SourcePosition {
    /// Where `offset` is in `bytes`.
    public static func of(offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, column = 1
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte == 0x0D {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 || !isContinuation(bytes, at: index) {
                column += 1
            }
            index += 1
        }
        return (line, column)
    }

    /// Where `needle` first occurs in `bytes` (the start when it does not).
    public static func of(_ needle: [UInt8], in bytes: [UInt8]) -> (line: Int, column: Int) {
        guard !needle.isEmpty, bytes.count >= needle.count else { return (1, 1) }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if Array(bytes[start..<(start + needle.count)]) == needle { return of(offset: start, in: bytes) }
        }
        return (1, 1)
    }

    /// Whether the byte at `index` continues a well-formed UTF-8 sequence.
    private static func isContinuation(_ bytes: [UInt8], at index: Int) -> Bool {
        var start = index
        while start > 0, index - start < 3, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        let lead = bytes[start]
        let length = lead >= 0xF0 && lead < 0xF8 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        return length > 1 && index - start < length
    }
}
