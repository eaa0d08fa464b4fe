@testable import Auditor
import Foundation
import Testing

/// A message template written over several lines of a rule file reads as one line: its
/// lines, trimmed, joined by one space.
@Suite("Message templates: lines joined")
struct MessageTemplateTests {
    /// The rule as Foundation states it: split at newlines, empty lines dropped, each line
    /// trimmed of `CharacterSet.whitespaces`, joined by one space.
    static func reference(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    @Test("the lines of a message are trimmed and joined as Foundation would", arguments: [
        "",
        "one line",
        "  padded  ",
        "\ttabbed\t",
        "{@id} is\n      {ax:pt(@width)} pt wide,\n      needs 44",
        "windows\r\nline ends\r\n",
        "blank\n\n\nlines",
        "a line of spaces\n   \nbetween",
        "vertical\u{0B}tab and form\u{0C}feed\rreturn",
        "\n\n  leading newlines",
        "trailing newlines  \n\n",
        "inner   spaces   kept",
        "x",
        " ",
        "ends in a space ",
        // Not ASCII: the general path.
        "«Filters», 2 on\n    — selected",
        "no-break\u{00A0}space\u{00A0}\n\u{2028}line separator",
        "emoji 👍🏽\n  next",
        "«Filters», 2 on",
        "next\u{2029}paragraph",
    ])
    func joinsLines(_ text: String) {
        #expect(MessageTemplate.joiningLines(text) == Self.reference(text))
    }
}
