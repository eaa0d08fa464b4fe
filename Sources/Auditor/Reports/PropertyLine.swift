/// One machine-readable property value: a head word, then `key=value` fields, the last of
/// which may be free text (`rule-id states=4 failing=2 message=any text`).
///
/// Field values other than the free text have `%`, spaces and line breaks percent-encoded,
/// so the value splits on spaces; the free text runs to the end as written. XML attribute
/// escaping keeps line breaks and tabs in the free text intact.
struct PropertyLine: Equatable {
    var head: String
    var fields: [(key: String, value: String)]

    init(_ head: String, _ fields: [(key: String, value: String)]) {
        self.head = head
        self.fields = fields
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.head == rhs.head && lhs.fields.elementsEqual(rhs.fields) { $0 == $1 }
    }

    /// The value text; a field named `text` is written last, unencoded.
    func encoded(text: String? = nil) -> String {
        var words = [Self.escape(head)]
        for field in fields where field.key != text { words.append("\(field.key)=\(Self.escape(field.value))") }
        if let text, let field = fields.first(where: { $0.key == text }) { words.append("\(text)=\(field.value)") }
        return words.joined(separator: " ")
    }

    /// Reads a value written by ``encoded(text:)``; nil when a word is not `key=value`.
    init?(parsing value: String, text: String? = nil) {
        var rest = Substring(value)
        func word() -> Substring {
            let end = rest.firstIndex(of: " ") ?? rest.endIndex
            defer { rest = end < rest.endIndex ? rest[rest.index(after: end)...] : rest[end...] }
            return rest[..<end]
        }
        guard let head = Self.unescape(word()), !head.isEmpty else { return nil }
        self.head = head
        fields = []
        while !rest.isEmpty {
            if let text, rest.hasPrefix("\(text)=") {
                fields.append((text, String(rest.dropFirst(text.count + 1))))
                break
            }
            let next = word()
            guard let equals = next.firstIndex(of: "="), let decoded = Self.unescape(next[next.index(after: equals)...]) else {
                return nil
            }
            fields.append((String(next[..<equals]), decoded))
        }
    }

    subscript(key: String) -> String? { fields.first { $0.key == key }?.value }

    /// A whole number field within ``OutcomeProperties/maximumCount``, or nil.
    func number(_ key: String) -> Int? { self[key].flatMap(OutcomeProperties.count) }

    private static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": result += "%25"
            case " ": result += "%20"
            case "\n": result += "%0A"
            case "\r": result += "%0D"
            case "\t": result += "%09"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func unescape(_ text: Substring) -> String? {
        guard text.contains("%") else { return String(text) }
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let first = utf8.index(after: index)
                guard first < utf8.endIndex, utf8.index(after: first) < utf8.endIndex,
                      let value = UInt8(String(decoding: [utf8[first], utf8[utf8.index(after: first)]], as: UTF8.self), radix: 16)
                else { return nil }
                bytes.append(value)
                index = utf8.index(first, offsetBy: 2)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
