import Foundation

/// What VoiceOver said on a real device, one utterance per focus stop in swipe order, read
/// from a file.
///
/// Two forms are read:
/// - the JSON `pymobiledevice3 developer accessibility list-items` prints: an array of
///   objects with `caption` and `spoken_description` (also `platform_identifier` and
///   `estimated_uid`, ignored). `spoken_description` is what was spoken; `caption`, the
///   caption panel's text, stands in when it is missing or empty;
/// - plain text, one utterance per line, as someone types from the caption panel. Blank
///   lines are skipped, and a leading list number ("3. ") is dropped so a numbered list
///   or a copy of a transcript's lines reads too.
///
/// A file that starts with `[` or `{` is JSON. A file that is not UTF-8 text, holds a NUL
/// byte, is not valid JSON or holds no utterance is unreadable: the error names the line.
public struct DeviceRecording: Sendable, Hashable {
    public struct Utterance: Sendable, Hashable {
        public var text: String
        /// Where the utterance is written in the file.
        public var line: Int

        public init(text: String, line: Int) {
            self.text = text
            self.line = line
        }
    }

    public var utterances: [Utterance]

    public init(utterances: [Utterance]) { self.utterances = utterances }

    /// Reads the file at `path`.
    public init(contentsOf path: String) throws(InputError) {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw InputError(file: path, "cannot read the recording: \((error as NSError).localizedDescription)")
        }
        try self.init(data: data, file: path)
    }

    /// Reads a recording's bytes; `file` names it in errors.
    public init(data: Data, file: String) throws(InputError) {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        try Self.checkText(bytes, file: file)
        let text = String(decoding: bytes, as: UTF8.self)
        let first = text.first { !$0.isWhitespace }
        if first == "[" || first == "{" {
            utterances = try Self.json(bytes, file: file)
        } else {
            utterances = Self.plainText(text)
        }
        guard !utterances.isEmpty else { throw InputError(file: file, "the recording holds no utterances") }
    }

    /// Rejects binary files and bytes that are not UTF-8, naming the first bad line.
    private static func checkText(_ bytes: [UInt8], file: String) throws(InputError) {
        var lineNumber = 1
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            if line.contains(0) {
                throw InputError(file: file, line: lineNumber, "the recording is a binary file (it holds a NUL byte), not JSON or text")
            }
            if String(validating: line, as: UTF8.self) == nil {
                throw InputError(file: file, line: lineNumber, "the recording is not UTF-8 text")
            }
            lineNumber += 1
        }
    }

    private static func plainText(_ text: String) -> [Utterance] {
        var utterances: [Utterance] = []
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            utterances.append(Utterance(text: withoutListNumber(trimmed), line: index + 1))
        }
        return utterances
    }

    /// "3. Saved, Button" → "Saved, Button"; "4 new" stays.
    private static func withoutListNumber(_ line: String) -> String {
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        let rest = line.dropFirst(digits.count)
        guard !digits.isEmpty, rest.hasPrefix(". ") || rest.hasPrefix(") ") else { return line }
        return rest.dropFirst(2).trimmingCharacters(in: .whitespaces)
    }

    private static func json(_ bytes: [UInt8], file: String) throws(InputError) -> [Utterance] {
        let syntax: JSONSyntax
        do { syntax = try JSONSyntax(checking: bytes) } catch {
            throw InputError(file: file, line: error.line, column: error.column, "not valid JSON: \(error.message)")
        }
        let root: Any
        do { root = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) } catch {
            throw InputError(file: file, line: 1, "not valid JSON: \((error as NSError).userInfo["NSDebugDescription"] ?? error)")
        }
        let expected = "expected an array of objects with 'spoken_description' or 'caption', as `pymobiledevice3 developer accessibility list-items` prints"
        guard let items = root as? [Any] else { throw InputError(file: file, line: 1, expected) }
        var utterances: [Utterance] = []
        for (index, item) in items.enumerated() {
            let line = index < syntax.itemLines.count ? syntax.itemLines[index] : 1
            guard let object = item as? [String: Any] else {
                throw InputError(file: file, line: line, "item \(index + 1) is not an object; \(expected)")
            }
            let spoken = object["spoken_description"] as? String
            let caption = object["caption"] as? String
            guard let text = [spoken, caption].compactMap({ $0 }).first(where: { !$0.isEmpty }) ?? spoken ?? caption else {
                throw InputError(file: file, line: line, "item \(index + 1) has neither 'spoken_description' nor 'caption' text")
            }
            utterances.append(Utterance(text: text, line: line))
        }
        return utterances
    }
}
