import Foundation
import XMLSupport

/// A finding's message: text with `{expression}` parts, each replaced by the XPath string
/// value of the expression at the failing subject (`{@id} is {ax:pt(@hit-width)} pt wide`).
struct MessageTemplate {
    enum Part {
        case text(String)
        /// An expression, and the same evaluated in Swift where ``NativeExpression`` takes
        /// it: libxml2 spent several thousand instructions on each part of a message.
        case expression(XPathExpression, native: NativeExpression?)
    }

    let parts: [Part]

    /// Compiles every expression of the template; errors point into the spec.
    init(_ template: Located<String>) throws(InputError) {
        var parts: [Part] = []
        var rest = Substring(template.value)
        // Scalars before `rest`, counted as the template is walked (not from its start for
        // each part, which would make long templates quadratic).
        var restOffset = 0
        while let open = rest.firstIndex(of: "{") {
            if open > rest.startIndex { parts.append(.text(String(rest[..<open]))) }
            let openOffset = restOffset + rest.unicodeScalars[..<open].count
            guard let close = rest[open...].firstIndex(of: "}") else {
                let place = template.position(ofDecodedOffset: openOffset)
                throw InputError(file: template.file, line: place.line, column: place.column,
                                 "message template has '{' without a closing '}'")
            }
            let source = String(rest[rest.index(after: open)..<close])
            do {
                let compiled = try XPathExpression(source, namespaces: RuleFunctions.namespaces, functions: RuleFunctions.all)
                parts.append(.expression(compiled, native: NativeExpression(source, namespaces: RuleFunctions.namespaces,
                                                                            functions: RuleFunctions.all)))
            } catch {
                let place = template.position(ofDecodedOffset: openOffset + max(error.column, 1))
                throw InputError(file: template.file, line: place.line, column: place.column,
                                 "in message expression '\(source)': \(error.message)")
            }
            let next = rest.index(after: close)
            restOffset += rest.unicodeScalars[..<next].count
            rest = rest[next...]
        }
        if !rest.isEmpty { parts.append(.text(String(rest))) }
        self.parts = parts
    }

    /// The sources of a template's `{expression}` parts, for analysis.
    static func expressionSources(in template: String) -> [String] {
        var sources: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            sources.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return sources
    }

    func render(at node: XMLNode, with evaluator: XPathEvaluator) -> String {
        var message = ""
        for part in parts {
            switch part {
            case .text(let text): message += text
            case .expression(let expression, let native):
                message += (try? native?.string(at: node)) ?? (try? evaluator.string(expression, at: node)) ?? "?"
            }
        }
        return Self.joiningLines(message)
    }

    /// The text's lines, each without the spaces and tabs around it, joined by one space:
    /// a template written over several lines of a rule file reads as one.
    ///
    /// Most messages are ASCII, and for them this walks the bytes once, turning to the
    /// general path at the first byte that is not: Foundation's trimming took most of a
    /// message's rendering. The result is the same as splitting at newlines, dropping empty
    /// lines and trimming `CharacterSet.whitespaces` from each, which any other text still
    /// goes through.
    static func joiningLines(_ text: String) -> String {
        // One ASCII line with nothing to trim, as a message of a one-line template is: itself.
        let isOneLine = text.utf8.withContiguousStorageIfAvailable { bytes in
            func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
            guard let first = bytes.first, let last = bytes.last, !isBlank(first), !isBlank(last) else { return false }
            for byte in bytes where byte >= 0x80 || (byte >= 0x0A && byte <= 0x0D) { return false }
            return true
        }
        if isOneLine == true { return text }
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        var line: [UInt8] = []
        var lines = 0
        // A space or a tab is trimmed from either end of a line.
        func endLine() {
            guard !line.isEmpty else { return }
            let start = line.firstIndex { $0 != 0x20 && $0 != 0x09 } ?? line.endIndex
            let end = line.lastIndex { $0 != 0x20 && $0 != 0x09 }.map { $0 + 1 } ?? start
            if lines > 0 { result.append(0x20) }
            result.append(contentsOf: line[start..<max(start, end)])
            lines += 1
            line.removeAll(keepingCapacity: true)
        }
        // The ASCII newlines (line feed, vertical tab, form feed, carriage return) end lines.
        for byte in text.utf8 {
            guard byte < 0x80 else {
                return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            }
            if (0x0A...0x0D).contains(byte) { endLine() } else { line.append(byte) }
        }
        endLine()
        return String(decoding: result, as: UTF8.self)
    }
}
