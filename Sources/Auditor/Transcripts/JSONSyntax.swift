/// A JSON syntax check that says where the text goes wrong, by line and column.
///
/// Foundation's `JSONSerialization` reads the values but, on Linux, reports a failure as a
/// character offset in prose at best ("around character 38") or not at all ("Unexpected end
/// of file"). A recording's author needs the line, so the text is checked here first; it
/// also gives the line each top-level array item starts on, for the comparison to cite.
struct JSONSyntax {
    struct Failure: Error, Sendable, Hashable {
        var line: Int
        var column: Int
        var message: String
    }

    /// The line each item of a top-level array starts on; empty when the root is not an array.
    private(set) var itemLines: [Int] = []

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private static let maximumDepth = 512

    /// Checks `bytes` (UTF-8) and throws the first syntax error found.
    init(checking bytes: [UInt8]) throws(Failure) {
        self.bytes = bytes
        skipWhitespace()
        let rootIsArray = peek == UInt8(ascii: "[")
        try value(depth: 0, recordItems: rootIsArray)
        skipWhitespace()
        if index < bytes.count { throw failure("unexpected text after the JSON value") }
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func failure(_ message: String) -> Failure {
        // Columns count characters: UTF-8 continuation bytes do not start one.
        let column = bytes[lineStart..<min(index, bytes.count)].filter { $0 & 0xC0 != 0x80 }.count + 1
        return Failure(line: line, column: column, message: message)
    }

    private func describe(_ byte: UInt8?) -> String {
        guard let byte else { return "the end of the file" }
        if byte >= 0x20, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return byte == 0x0A ? "a line break" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private mutating func advance() {
        if bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }

    private mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { advance() }
    }

    private mutating func expect(_ character: Character, _ context: String) throws(Failure) {
        guard peek == character.asciiValue else {
            throw failure("expected '\(character)' \(context), found \(describe(peek))")
        }
        advance()
    }

    private mutating func value(depth: Int, recordItems: Bool = false) throws(Failure) {
        guard depth < Self.maximumDepth else { throw failure("nested deeper than \(Self.maximumDepth) levels") }
        switch peek {
        case UInt8(ascii: "{"): try object(depth: depth)
        case UInt8(ascii: "["): try array(depth: depth, recordItems: recordItems)
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case let byte? where byte == UInt8(ascii: "-") || (byte >= 0x30 && byte <= 0x39): try number()
        default: throw failure("expected a value, found \(describe(peek))")
        }
    }

    private mutating func object(depth: Int) throws(Failure) {
        try sequence(closing: "}", name: "an object") { parser throws(Failure) in
            guard parser.peek == UInt8(ascii: "\"") else {
                throw parser.failure("expected a quoted key, found \(parser.describe(parser.peek))")
            }
            try parser.string()
            parser.skipWhitespace()
            try parser.expect(":", "after a key")
            parser.skipWhitespace()
            try parser.value(depth: depth + 1)
        }
    }

    private mutating func array(depth: Int, recordItems: Bool) throws(Failure) {
        try sequence(closing: "]", name: "an array") { parser throws(Failure) in
            if recordItems { parser.itemLines.append(parser.line) }
            try parser.value(depth: depth + 1)
        }
    }

    /// The items of an object or array, separated by commas, up to `closing`; the opening
    /// bracket is at hand.
    private mutating func sequence(closing: Character, name: String,
                                   item: (inout JSONSyntax) throws(Failure) -> Void) throws(Failure) {
        advance()
        skipWhitespace()
        if peek == closing.asciiValue { advance(); return }
        while true {
            try item(&self)
            skipWhitespace()
            if peek == UInt8(ascii: ",") {
                advance()
                skipWhitespace()
                continue
            }
            guard peek == closing.asciiValue else {
                throw failure("expected ',' or '\(closing)' in \(name), found \(describe(peek))")
            }
            advance()
            return
        }
    }

    private mutating func string() throws(Failure) {
        advance()
        while let byte = peek {
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                return
            case UInt8(ascii: "\\"):
                advance()
                guard let escaped = peek else { break }
                if escaped == UInt8(ascii: "u") {
                    advance()
                    for _ in 0..<4 {
                        guard let digit = peek, Character(Unicode.Scalar(digit)).isHexDigit else {
                            throw failure("expected four hex digits after \\u, found \(describe(peek))")
                        }
                        advance()
                    }
                } else {
                    guard "\"\\/bfnrt".utf8.contains(escaped) else { throw failure("invalid escape \\\(describe(escaped))") }
                    advance()
                }
            case 0x00..<0x20:
                throw failure(byte == 0x0A ? "a string runs past the end of the line (missing '\"'?)" : "a control character in a string")
            default:
                advance()
            }
        }
        throw failure("a string is not closed before the end of the file")
    }

    private mutating func literal(_ word: String) throws(Failure) {
        for expected in word.utf8 {
            guard peek == expected else { throw failure("expected '\(word)', found \(describe(peek))") }
            advance()
        }
    }

    private mutating func number() throws(Failure) {
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        if peek == UInt8(ascii: "-") { advance() }
        guard isDigit(peek) else { throw failure("expected a digit, found \(describe(peek))") }
        if peek == UInt8(ascii: "0") { advance() } else { while isDigit(peek) { advance() } }
        if peek == UInt8(ascii: ".") {
            advance()
            guard isDigit(peek) else { throw failure("expected a digit after '.', found \(describe(peek))") }
            while isDigit(peek) { advance() }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            advance()
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { advance() }
            guard isDigit(peek) else { throw failure("expected a digit in the exponent, found \(describe(peek))") }
            while isDigit(peek) { advance() }
        }
    }
}
