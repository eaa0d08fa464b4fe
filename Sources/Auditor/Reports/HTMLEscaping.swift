/// Text made safe to place in HTML or SVG, in element content and in quoted attributes.
///
/// Rule messages, labels and state ids come from specs and models that anyone can edit, so
/// every piece of text the HTML report writes goes through here.
public enum HTMLEscaping {
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            // Control characters other than tab, newline and carriage return are not allowed
            // in HTML text; they are shown as the replacement character.
            // C1 controls (U+0080…U+009F) are not allowed either.
            case "\u{0}"..."\u{8}", "\u{B}", "\u{C}", "\u{E}"..."\u{1F}", "\u{7F}"..."\u{9F}": result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A fragment identifier made of letters, digits, `-`, `_` and `.`: other characters
    /// become `_`, so ids stay valid and links need no escaping.
    public static func identifier(_ text: String) -> String {
        String(text.unicodeScalars.map { scalar in
            scalar.properties.isAlphabetic && scalar.isASCII || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar)
                ? Character(scalar) : "_"
        })
    }
}
