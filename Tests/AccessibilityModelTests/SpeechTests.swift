import Foundation  // only to read the shared peer file
import Testing
@testable import AccessibilityModel

/// The VoiceOver grammar for one element, rule by rule (shared reference `voiceover.md`,
/// "The parts, in the order VoiceOver speaks them"), then the peer cases of AccessibilitySnapshot.
@Suite("What VoiceOver says for one element")
struct SpeechTests {

    /// An element and what VoiceOver says for it: on landing, then after the pause.
    struct Example: Sendable, CustomTestStringConvertible {
        var label: String
        var value = ""
        var hint = ""
        var traits: AccessibilityTraits = []
        var customActions: [String] = []
        var position: SeriesPosition? = nil
        var says: String
        var afterPause = ""

        var speech: Speech {
            Speech(label: label, value: value, hint: hint, traits: traits,
                   customActions: customActions, seriesPosition: position)
        }

        var testDescription: String {
            var given = ["label '\(label)'"]
            if !value.isEmpty { given.append("value '\(value)'") }
            if !hint.isEmpty { given.append("hint '\(hint)'") }
            if !traits.isEmpty { given.append("traits '\(traits.tokens)'") }
            if !customActions.isEmpty { given.append("\(customActions.count) custom actions") }
            if let position { given.append("position \(position.index)/\(position.count)") }
            return given.joined(separator: ", ") + " → \"\(says)\"" + (afterPause.isEmpty ? "" : " + \"\(afterPause)\"")
        }
    }

    private func check(_ example: Example, sourceLocation: SourceLocation = #_sourceLocation) {
        let speech = example.speech
        #expect(speech.description == example.says, sourceLocation: sourceLocation)
        #expect(speech.hint == example.afterPause, sourceLocation: sourceLocation)
    }

    // MARK: - voiceover.md examples

    @Test("The examples of voiceover.md", arguments: [
        Example(label: "Reading", traits: .header, says: "Reading, Heading"),
        Example(label: "Following", value: "4 new", traits: [.button, .selected], says: "Selected, Following, 4 new, Button"),
        Example(label: "Filters", value: "2 on", traits: .button, says: "Filters, 2 on, Button"),
        Example(label: "Wi-Fi", value: "1", traits: [.button, .switchButton],
                says: "Wi-Fi, Switch Button, On", afterPause: "Double tap to toggle setting."),
    ])
    func voiceOverMdExamples(_ example: Example) { check(example) }

    // MARK: - 1. Selected

    @Test("'Selected' is spoken first, before the label and value", arguments: [
        Example(label: "Following", traits: .selected, says: "Selected, Following"),
        Example(label: "Following", value: "4 new", traits: [.selected, .button], says: "Selected, Following, 4 new, Button"),
        Example(label: "Unread", traits: [.selected, .button, .notEnabled], says: "Selected, Unread, Dimmed, Button"),
        Example(label: "", traits: .selected, says: "Selected"),
    ])
    func selectedIsSpokenFirst(_ example: Example) { check(example) }

    // MARK: - 2 and 3. Label, then value

    @Test("The value follows the label, before the trait words", arguments: [
        Example(label: "Volume", value: "50%", says: "Volume, 50%"),
        Example(label: "Inbox", value: "12", traits: .button, says: "Inbox, 12, Button"),
        Example(label: "Quantity", value: "3", traits: .adjustable,
                says: "Quantity, 3, Adjustable", afterPause: Speech.TraitHints.adjustable),
    ])
    func valueFollowsLabel(_ example: Example) { check(example) }

    @Test("An empty label or value is left out; blank text counts as empty", arguments: [
        Example(label: "", says: ""),
        Example(label: "   ", value: " ", says: ""),
        Example(label: "", value: "Value", says: "Value"),
        Example(label: "Label", value: "", says: "Label"),
        Example(label: "", traits: .button, says: "Button"),
        Example(label: "", value: "Value", hint: "Hint", says: "Value", afterPause: "Hint"),
    ])
    func emptyLabelAndValueAreLeftOut(_ example: Example) { check(example) }

    @Test("A back button does not repeat the label 'Back'", arguments: [
        Example(label: "Back", traits: [.button, .backButton], says: "Back Button"),
        Example(label: "Settings", traits: [.button, .backButton], says: "Settings, Back Button"),
        Example(label: "Back", traits: .button, says: "Back, Button"),
    ])
    func backButtonDropsBackLabel(_ example: Example) { check(example) }

    @Test("A hint-only element speaks its hint in the label's place, not after the pause", arguments: [
        Example(label: "", hint: "Hint", says: "Hint"),
        Example(label: "", hint: "Hint", traits: .button, says: "Hint, Button"),
        // …and an adjustable one then drops the adjustable hint.
        Example(label: "", hint: "Hint", traits: .adjustable, says: "Hint, Adjustable"),
        // Anything before the trait words keeps the hint after the pause.
        Example(label: "", hint: "Hint", traits: .selected, says: "Selected", afterPause: "Hint"),
    ])
    func hintOnlyElement(_ example: Example) { check(example) }

    // MARK: - 4. Trait words

    @Test("Trait words are spoken in the fixed order, whatever order they are given in", arguments: [
        Example(label: "A", traits: [.image, .button], says: "A, Button, Image"),
        Example(label: "A", traits: [.link, .header], says: "A, Heading, Link"),
        Example(label: "A", traits: [.searchField, .image, .adjustable, .link, .header, .notEnabled, .button],
                says: "A, Dimmed, Button, Heading, Link, Adjustable, Image, Search Field"),
        Example(label: "A", traits: [.textEntry, .tab, .header], says: "A, Tab, Text Field, Heading",
                afterPause: Speech.TraitHints.textEntry),
        Example(label: "A", traits: [.backButton, .notEnabled], says: "A, Dimmed, Back Button"),
        Example(label: "A", traits: [.searchField, .textEntry], says: "A, Text Field, Search Field",
                afterPause: Speech.TraitHints.textEntry),
    ])
    func traitWordsInFixedOrder(_ example: Example) { check(example) }

    @Test("The trait-word table lists the documented order")
    func traitWordTableOrder() {
        #expect(Speech.traitWords.map(\.word) == [
            "Dimmed", "Button", "Back Button", "Switch Button", "Tab", "Text Field",
            "Heading", "Link", "Adjustable", "Image", "Search Field",
        ])
    }

    @Test("Traits without a word are not spoken", arguments: [
        AccessibilityTraits.playsSound, .keyboardKey, .staticText, .summaryElement, .updatesFrequently,
        .startsMediaSession, .allowsDirectInteraction, .causesPageTurn, .tabBar,
    ])
    func silentTraits(_ trait: AccessibilityTraits) {
        let speech = Speech(label: "Label", value: "", hint: "", traits: trait)
        #expect(speech.description == "Label")
        #expect(speech.hint == "")
    }

    @Test("'Button' is not said for a tab-bar item, switch, back button or keyboard key", arguments: [
        Example(label: "Home", traits: [.button, .tab], says: "Home, Tab"),
        Example(label: "Wi-Fi", value: "0", traits: [.button, .switchButton],
                says: "Wi-Fi, Switch Button, Off", afterPause: Speech.TraitHints.switchButton),
        Example(label: "Settings", traits: [.button, .backButton], says: "Settings, Back Button"),
        Example(label: "Q", traits: [.button, .keyboardKey], says: "Q"),
    ])
    func buttonWordSuppressed(_ example: Example) { check(example) }

    @Test("A switch says its state after 'Switch Button', and not its raw value", arguments: [
        Example(label: "Wi-Fi", value: "1", traits: [.button, .switchButton],
                says: "Wi-Fi, Switch Button, On", afterPause: Speech.TraitHints.switchButton),
        Example(label: "Wi-Fi", value: "0", traits: [.button, .switchButton],
                says: "Wi-Fi, Switch Button, Off", afterPause: Speech.TraitHints.switchButton),
        Example(label: "Wi-Fi", value: "2", traits: [.button, .switchButton],
                says: "Wi-Fi, Switch Button, Mixed", afterPause: Speech.TraitHints.switchButton),
        // Another value is said as it is, in the state's place.
        Example(label: "Wi-Fi", value: "Connected", traits: [.button, .switchButton],
                says: "Wi-Fi, Switch Button, Connected", afterPause: Speech.TraitHints.switchButton),
        Example(label: "Wi-Fi", traits: [.button, .switchButton],
                says: "Wi-Fi, Switch Button", afterPause: Speech.TraitHints.switchButton),
    ])
    func switchStateWords(_ example: Example) { check(example) }

    // MARK: - 5. Position

    @Test("A tab in a tab bar says its position after the trait words", arguments: [
        Example(label: "Home", traits: [.button, .tab], position: SeriesPosition(index: 1, count: 4),
                says: "Home, Tab, 1 of 4"),
        Example(label: "Search", traits: [.button, .tab, .selected], position: SeriesPosition(index: 2, count: 4),
                says: "Selected, Search, Tab, 2 of 4"),
        Example(label: "Inbox", value: "3 new", traits: [.tab], position: SeriesPosition(index: 4, count: 4),
                says: "Inbox, 3 new, Tab, 4 of 4"),
    ])
    func tabPosition(_ example: Example) { check(example) }

    // MARK: - 6. After the pause

    @Test("The hint is spoken after the pause, not in the description", arguments: [
        Example(label: "Unread", hint: "Shows only unread articles.", traits: .button,
                says: "Unread, Button", afterPause: "Shows only unread articles."),
        Example(label: "Label", value: "Value", hint: "Hint", says: "Label, Value", afterPause: "Hint"),
    ])
    func hintAfterThePause(_ example: Example) { check(example) }

    @Test("Traits add their hints after the element's hint", arguments: [
        Example(label: "Label", traits: .adjustable, says: "Label, Adjustable", afterPause: Speech.TraitHints.adjustable),
        Example(label: "Label", hint: "Hint", traits: .adjustable,
                says: "Label, Adjustable", afterPause: "Hint. Swipe up or down with one finger to adjust the value."),
        Example(label: "Wi-Fi", value: "1", hint: "Toggles Wi-Fi.", traits: [.button, .switchButton],
                says: "Wi-Fi, Switch Button, On", afterPause: "Toggles Wi-Fi. Double tap to toggle setting."),
        // A switch gets no adjustable hint.
        Example(label: "Level", value: "1", traits: [.switchButton, .adjustable],
                says: "Level, Switch Button, On, Adjustable", afterPause: Speech.TraitHints.switchButton),
        // A text field's hint replaces the element's hint; an adjustable one chains on.
        Example(label: "Email", hint: "Enter your email.", traits: .textEntry,
                says: "Email, Text Field", afterPause: "Double tap to edit."),
        Example(label: "Quantity", value: "3", hint: "Sets quantity.", traits: [.textEntry, .adjustable],
                says: "Quantity, 3, Text Field, Adjustable",
                afterPause: "Double tap to edit. Swipe up or down with one finger to adjust the value."),
        // A dimmed element gets no trait hints, but keeps its own.
        Example(label: "Label", hint: "Hint", traits: [.adjustable, .notEnabled], says: "Label, Dimmed, Adjustable", afterPause: "Hint"),
        Example(label: "Wi-Fi", value: "0", traits: [.button, .switchButton, .notEnabled], says: "Wi-Fi, Dimmed, Switch Button, Off"),
        Example(label: "Email", traits: [.textEntry, .notEnabled], says: "Email, Dimmed, Text Field"),
    ])
    func traitHints(_ example: Example) { check(example) }

    // MARK: - 7. Custom actions

    @Test("'Actions available' is said last, after the hint, when custom actions exist", arguments: [
        Example(label: "Message", customActions: ["Delete"], says: "Message", afterPause: "Actions available"),
        Example(label: "Message", hint: "Opens the message", traits: .button, customActions: ["Delete", "Flag"],
                says: "Message, Button", afterPause: "Opens the message. Actions available"),
        Example(label: "Volume", traits: .adjustable, customActions: ["Mute"], says: "Volume, Adjustable",
                afterPause: "Swipe up or down with one finger to adjust the value. Actions available"),
        Example(label: "Message", customActions: [], says: "Message"),
    ])
    func actionsAvailable(_ example: Example) { check(example) }

    // MARK: - The transcript line and tokens

    @Test("The transcript line puts the hint in parentheses after the description")
    func transcriptLine() {
        let both = Speech(label: "Unread", value: "", hint: "Adds this filter to the feed.", traits: [.button, .selected])
        #expect(both.line == "Selected, Unread, Button (Adds this filter to the feed.)")
        #expect(Speech(label: "Reading", value: "", hint: "", traits: .header).line == "Reading, Heading")
        #expect(Speech(label: "", value: "", hint: "", traits: .switchButton).line == "Switch Button (Double tap to toggle setting.)")
        #expect(Speech(label: "", value: "", hint: "", traits: []).line == "")
    }

    @Test("Tokens are the words and numbers of description then hint, lowercased")
    func speechTokens() {
        let speech = Speech(label: "Wi-Fi", value: "1", hint: "Toggles Wi-Fi.", traits: [.button, .switchButton])
        #expect(speech.tokens == ["wi", "fi", "switch", "button", "on", "toggles", "wi", "fi",
                                  "double", "tap", "to", "toggle", "setting"])
    }

    @Test("Tokenising drops punctuation and case", arguments: [
        ("Selected: 07. Button.", ["selected", "07", "button"]),
        ("Volume: 50%", ["volume", "50"]),
        ("Don’t show again", ["dont", "show", "again"]),
        ("Rated 4.5 of 5, 1,000 reviews.", ["rated", "4.5", "of", "5", "1,000", "reviews"]),
        ("Photo 2 of 5.", ["photo", "2", "of", "5"]),
        ("  …  ", []),
        ("Café — Ünïcode", ["café", "ünïcode"]),
    ])
    func tokensOfText(_ text: String, _ expected: [String]) {
        #expect(Speech.tokens(of: text) == expected)
    }

    @Test("Speech for an element reads its label, value, hint, traits, actions and position")
    func speechForElement() {
        let element = AccessibilityElement(
            id: "tab.search", label: "Search", value: "", hint: "Shows search.", traits: [.button, .tab, .selected],
            frame: .zero, customActions: ["Clear"], seriesPosition: SeriesPosition(index: 2, count: 4))
        let speech = Speech(for: element)
        #expect(speech == Speech(label: "Search", value: "", hint: "Shows search.", traits: [.button, .tab, .selected],
                                 customActions: ["Clear"], seriesPosition: SeriesPosition(index: 2, count: 4)))
        #expect(speech.line == "Selected, Search, Tab, 2 of 4 (Shows search. Actions available)")
    }

    // MARK: - Peer cases (AccessibilitySnapshot)

    /// Peer rows the project deliberately says differently, each with its reason. Keep this
    /// short: a row listed here that starts matching fails the test, so the list cannot rot.
    static let peerExceptions: [PeerException] = [
        PeerException(
            label: "First", value: "", traits: "", hint: "",
            reason: "List context (\"List Start.\") is not modelled: AccessibilityElement carries no list "
                + "membership and voiceover.md's grammar has no list-start part. The row needs a "
                + "container context (note: 'CONTEXT listStart')."),
    ]

    struct PeerException: Sendable {
        var label, value, traits, hint: String
        var reason: String
        func covers(_ row: PeerRow) -> Bool {
            row.label == label && row.value == value && row.traits == traits && row.hint == hint
        }
    }

    struct PeerRow: Sendable {
        var line: Int
        var label, value, traits, hint, expectedDescription, expectedHint, source, note: String

        static let notAsserted = "<not-asserted>"

        /// A series context the note names ("CONTEXT series(index:2,count:5)"): the
        /// project's `seriesPosition`.
        var seriesPosition: SeriesPosition? {
            guard let match = note.firstMatch(of: /series\(index:\s*(\d+),\s*count:\s*(\d+)\)/),
                  let index = Int(match.1), let count = Int(match.2) else { return nil }
            return SeriesPosition(index: index, count: count)
        }
    }

    /// The shared reference directory: `A11Y_SHARED_DIR` when set, otherwise `../shared`
    /// beside the package root (this file is `<root>/Tests/AccessibilityModelTests/SpeechTests.swift`).
    static func sharedDirectory(filePath: String = #filePath,
                                environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let directory = environment["A11Y_SHARED_DIR"], !directory.isEmpty {
            return directory
        }
        let root = URL(fileURLWithPath: filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.deletingLastPathComponent().appendingPathComponent("shared").path
    }

    @Test("The shared reference is found beside the package root, or where A11Y_SHARED_DIR says")
    func sharedDirectoryResolution() {
        let file = "/work/main/Tests/AccessibilityModelTests/SpeechTests.swift"
        #expect(Self.sharedDirectory(filePath: file, environment: [:]) == "/work/shared")
        #expect(Self.sharedDirectory(filePath: file, environment: ["A11Y_SHARED_DIR": "/elsewhere"]) == "/elsewhere")
    }

    static func readPeerRows(at path: String) throws -> [PeerRow] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var rows: [PeerRow] = []
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            guard offset > 0, !line.isEmpty else { continue }  // header
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            #expect(fields.count == 8, "line \(offset + 1) has \(fields.count) columns, expected 8")
            guard fields.count == 8 else { continue }
            rows.append(PeerRow(line: offset + 1, label: fields[0], value: fields[1], traits: fields[2], hint: fields[3],
                                expectedDescription: fields[4], expectedHint: fields[5], source: fields[6], note: fields[7]))
        }
        return rows
    }

    @Test("AccessibilitySnapshot's expectations match by token sequence (when the shared reference is present)")
    func peerCasesMatchByTokenSequence_whenSharedReferencePresent() throws {
        let path = Self.sharedDirectory() + "/reference/peer/accessibilitysnapshot-cases.tsv"
        guard FileManager.default.fileExists(atPath: path) else { return }  // no shared reference: nothing to compare
        let rows = try Self.readPeerRows(at: path)
        #expect(!rows.isEmpty, "no rows in \(path)")

        for row in rows {
            let traits = try AccessibilityTraits(tokens: row.traits)
            let speech = Speech(label: row.label, value: row.value, hint: row.hint, traits: traits,
                                seriesPosition: row.seriesPosition)
            var mismatches: [String] = []
            if row.expectedDescription != PeerRow.notAsserted,
               Speech.tokens(of: speech.description) != Speech.tokens(of: row.expectedDescription) {
                mismatches.append("description \"\(speech.description)\" vs peer \"\(row.expectedDescription)\"")
            }
            if row.expectedHint != PeerRow.notAsserted,
               Speech.tokens(of: speech.hint) != Speech.tokens(of: row.expectedHint) {
                mismatches.append("hint \"\(speech.hint)\" vs peer \"\(row.expectedHint)\"")
            }
            let context = "line \(row.line) (label '\(row.label)', traits '\(row.traits)')"
            if let exception = Self.peerExceptions.first(where: { $0.covers(row) }) {
                #expect(!mismatches.isEmpty,
                        "\(context) now matches the peer: remove it from peerExceptions (\(exception.reason))")
            } else {
                #expect(mismatches.isEmpty, "\(context): \(mismatches.joined(separator: "; "))")
            }
        }
        for exception in Self.peerExceptions {
            let namesARow = rows.contains(where: exception.covers)
            #expect(namesARow, "peer exception for label '\(exception.label)' names no row: remove it")
        }
    }
}
