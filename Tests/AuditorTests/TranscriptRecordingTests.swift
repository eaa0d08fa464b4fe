import AccessibilityModel
import Auditor
import BlockModels
import Foundation
import Testing

/// How a recording is written: the JSON `pymobiledevice3 developer accessibility list-items`
/// prints, or plain text with one utterance a line.
enum RecordingForm: String, CaseIterable, Sendable {
    case pymobiledevice3JSON, plainText

    var fileName: String { self == .plainText ? "recording.txt" : "recording.json" }

    func file(_ utterances: [String]) -> String {
        switch self {
        case .plainText:
            return utterances.joined(separator: "\n") + "\n"
        case .pymobiledevice3JSON:
            let items = utterances.enumerated().map { index, text in
                let object: [String: String] = ["platform_identifier": "0x\(index)", "estimated_uid": "uid-\(index)",
                                                "caption": text, "spoken_description": text]
                let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
                return "  " + String(decoding: data, as: UTF8.self)
            }
            return "[\n" + items.joined(separator: ",\n") + "\n]\n"
        }
    }
}

/// Comparing the model with what VoiceOver said on a device.
@Suite("Device recordings")
struct TranscriptRecordingTests {
    static let block = ScopeHeader()
    static let arguments = ["transcript", "ScopeHeader", "--scenario", "default", "--compare"]

    /// What the model says in ScopeHeader's default scenario, stop by stop.
    static func modelLines() throws -> [String] {
        let state = try block.stateSpace.state(id: try scenarioStateID(block, "default"))
        return block.snapshot(of: state).focusOrder.map { Speech(for: $0).line }
    }

    static func compare(_ contents: String, form: RecordingForm) throws -> Invocation {
        let files = try TemporaryDirectory("recording")
        return runTool(arguments + [try files.write(form.fileName, contents)])
    }

    @Test("a recording that says what the model says compares clean", arguments: RecordingForm.allCases)
    func matchingRecording(form: RecordingForm) throws {
        let lines = try Self.modelLines()
        #expect(lines.count == 9 && lines[2] == "Selected, Following, 4 new, Button")
        let run = try Self.compare(form.file(lines), form: form)
        #expect(run.code == .success, "\(run)")
        #expect(run.output.hasSuffix("(9 focus stops)\nThe recording agrees with the model.\n"), "\(run)")
    }

    @Test("words decide, not punctuation or case, and a device may leave hints out", arguments: RecordingForm.allCases)
    func wordsNotPunctuation(form: RecordingForm) throws {
        let state = try Self.block.stateSpace.state(id: try scenarioStateID(Self.block, "default"))
        let speech = Self.block.snapshot(of: state).focusOrder.map(Speech.init(for:))
        let spoken = speech.enumerated().map { index, speech in
            index.isMultiple(of: 2)
                ? speech.description.uppercased().replacingOccurrences(of: ", ", with: ". ") + "."
                : [speech.description, speech.hint].filter { !$0.isEmpty }.joined(separator: ", ")
        }
        #expect(spoken[4] == "SELECTED. UNREAD. BUTTON.")
        let run = try Self.compare(form.file(spoken), form: form)
        #expect(run.code == .success, "\(run)")
    }

    @Test("a changed, a missing and an extra utterance are reported as exactly those three", arguments: RecordingForm.allCases)
    func changedMissingExtra(form: RecordingForm) throws {
        var lines = try Self.modelLines()
        lines[2] = "Selected, Following, 5 new, Button"     // stop 3 differs
        lines.remove(at: 5)                                   // stop 6 (Downloaded) is missing
        lines.insert("Search, Button", at: 7)                 // extra, after stop 8
        let run = try Self.compare(form.file(lines), form: form)
        #expect(run.code == .gateFailed, "\(run)")
        let extraLine = form == .plainText ? 8 : 9
        #expect(Array(run.outputLines.dropFirst()) == [
            "differs    stop 3: Selected, Following, 4 new, Button",
            "           line \(form == .plainText ? 3 : 4) says: Selected, Following, 5 new, Button",
            "missing    stop 6: Downloaded, Button (Adds this filter to the feed.)",
            "           not in the recording",
            "extra      line \(extraLine): Search, Button",
            "           the model has no such stop (after stop 8)",
            "3 differences: 1 differs, 1 missing, 1 extra",
        ], "\(run)")
    }

    @Test("the comparison itself finds exactly a changed, a missing and an extra utterance")
    func comparisonValues() throws {
        let state = try Self.block.stateSpace.state(id: try scenarioStateID(Self.block, "default"))
        let stops = Self.block.snapshot(of: state).focusOrder.map(Speech.init(for:))
        var heard = stops.enumerated().map { DeviceRecording.Utterance(text: $1.line, line: $0 + 1) }
        heard[2].text = "Selected, Following, 5 new, Button"
        heard.remove(at: 5)
        heard.insert(DeviceRecording.Utterance(text: "Search, Button", line: 99), at: 7)
        let comparison = RecordingComparison(model: stops, recording: DeviceRecording(utterances: heard))
        #expect(comparison.differences == [
            .differs(stop: 3, expected: stops[2].line, recorded: heard[2]),
            .missing(stop: 6, expected: stops[5].line),
            .extra(recorded: heard[7], afterStop: 8),
        ])
    }

    @Test("a stop heard out of order is reported as reordered, once")
    func reordered() throws {
        var lines = try Self.modelLines()
        lines.insert(lines.remove(at: 0), at: 3)      // the heading heard after the scopes
        let run = try Self.compare(RecordingForm.plainText.file(lines), form: .plainText)
        #expect(run.code == .gateFailed, "\(run)")
        #expect(run.outputLines.filter { !$0.hasPrefix(" ") }.dropFirst().map { String($0.prefix(10)) } == ["reordered ", "1 differen"], "\(run)")
    }

    @Test("plain text may be a numbered list with blank lines; JSON falls back to the caption")
    func lenientForms() throws {
        let lines = try Self.modelLines()
        let numbered = lines.enumerated().map { "\($0 + 1). \($1)" }.joined(separator: "\n\n")
        #expect(try Self.compare(numbered, form: .plainText).code == .success)

        var json = RecordingForm.pymobiledevice3JSON.file(lines)
        json = json.replacingOccurrences(of: #""spoken_description":"Reading, Heading""#, with: #""spoken_description":"""#)
        json = json.replacingOccurrences(of: #","spoken_description":"Saved, Button""#, with: "")
        #expect(json.contains(#""spoken_description":"""#) && !json.contains("\"spoken_description\":\"Saved"))
        let run = try Self.compare(json, form: .pymobiledevice3JSON)
        #expect(run.code == .success, "\(run)")
    }

    @Test("in pymobiledevice3 JSON, spoken_description is what counts, not the caption")
    func spokenDescriptionWins() throws {
        let lines = try Self.modelLines()
        var json = RecordingForm.pymobiledevice3JSON.file(lines)
        json = json.replacingOccurrences(of: #"{"caption":"Saved, Button""#, with: #"{"caption":"Bookmarks, Button""#)
        #expect(json.contains("Bookmarks"))
        #expect(try Self.compare(json, form: .pymobiledevice3JSON).code == .success)
        json = json.replacingOccurrences(of: #""spoken_description":"Saved, Button""#, with: #""spoken_description":"Bookmarks""#)
        let run = try Self.compare(json, form: .pymobiledevice3JSON)
        #expect(run.code == .gateFailed && run.output.contains("differs    stop 4: Saved, Button\n           line 5 says: Bookmarks\n"), "\(run)")
    }

    @Test("a recording that is not valid JSON exits 2 naming the line", arguments: [
        ("[\n  {\"caption\": \"Reading, Heading\"},\n  {\"caption\": \"For you\",}\n]\n", 3, "expected a quoted key, found '}'"),
        ("[\n  {\"caption\": \"Reading\"}\n  {\"caption\": \"For you\"}\n]\n", 3, "expected ',' or ']' in an array, found '{'"),
        ("[\n  {\"caption\": \"Reading}\n]\n", 2, "a string runs past the end of the line"),
        ("[\n  {\"caption\": \"Reading\"},\n", 3, "expected a value, found the end of the file"),
        ("[{\"caption\": tru}]", 1, "expected 'true', found '}'"),
        ("{\"caption\": \"a\"} x", 1, "unexpected text after the JSON value"),
    ])
    func invalidJSON(text: String, line: Int, message: String) throws {
        let run = try Self.compare(text, form: .pymobiledevice3JSON)
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains("recording.json:\(line):"), "\(run)")
        #expect(run.errors.contains("not valid JSON: \(message)"), "\(run)")
        #expect(run.output.isEmpty)
    }

    @Test("JSON that is not a list of utterances exits 2 naming the item's line", arguments: [
        ("[\n  {\"caption\": \"Reading\"},\n  42\n]", "recording.json:3:1: item 2 is not an object"),
        ("[\n  {\"caption\": \"Reading\"},\n  {\"label\": \"For you\"}\n]", "recording.json:3:1: item 2 has neither 'spoken_description' nor 'caption' text"),
        ("{\"caption\": \"Reading\"}", "recording.json:1:1: expected an array of objects"),
        ("[]", "the recording holds no utterances"),
    ])
    func wrongJSONShape(text: String, message: String) throws {
        let run = try Self.compare(text, form: .pymobiledevice3JSON)
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains(message), "\(run)")
    }

    @Test("a binary, non-UTF-8, empty or missing file exits 2", arguments: [
        (Data("Reading, Heading\nFor you".utf8) + Data([0, 1, 2]), "recording.txt:2:1: the recording is a binary file"),
        (Data("Reading, Heading\nFor you, Butt".utf8) + Data([0xFF, 0xFE]) + Data("on\n".utf8), "recording.txt:2:1: the recording is not UTF-8 text"),
        (Data("\n  \n".utf8), "recording.txt: the recording holds no utterances"),
    ])
    func unreadableFile(data: Data, message: String) throws {
        let files = try TemporaryDirectory("recording")
        let path = files.path("recording.txt")
        try data.write(to: URL(fileURLWithPath: path))
        let run = runTool(Self.arguments + [path])
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains(message), "\(run)")
        let missing = runTool(Self.arguments + [files.path("absent.json")])
        #expect(missing.code == .invalidInput && missing.errors.contains("absent.json: cannot read the recording"), "\(missing)")
    }

    @Test("`--compare` needs exactly one state", arguments: [
        (["transcript", "ScopeHeader", "--where", "size=L", "--compare", "r.txt"],
         "--where size=L selects 55296 states of ScopeHeader; --compare needs exactly one"),
        (["transcript", "ScopeHeader", "--compare", "r.txt"], "--compare needs the state the recording was made in"),
        (["transcript", "ScopeHeader", "--scenario", "default", "--scenario", "stuck", "--compare", "r.txt"],
         "--compare takes one --scenario, not 2"),
        (["transcript", "ScopeHeader", "--scenario", "tiny", "--compare", "r.txt"],
         "unknown review scenario 'tiny' for ScopeHeader; its scenarios: default, loading"),
        (["transcript", "--compare", "r.txt"], "--compare needs one block name"),
    ])
    func compareNeedsOneState(arguments: [String], message: String) {
        let run = runTool(arguments)
        #expect(run.code == .invalidInput, "\(run)")
        #expect(run.errors.contains(message), "\(run)")
    }

    @Test("`--compare` with a whole state id compares that state")
    func compareWithStateID() throws {
        let files = try TemporaryDirectory("recording")
        let path = try files.write("r.txt", RecordingForm.plainText.file(try Self.modelLines()))
        let run = runTool(["transcript", "ScopeHeader", "--where", try scenarioStateID(Self.block, "default"), "--compare", path])
        #expect(run.code == .success, "\(run)")
    }
}
