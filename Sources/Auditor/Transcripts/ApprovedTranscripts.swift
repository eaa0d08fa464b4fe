import AccessibilityModel
import Foundation

/// The folder of transcripts reviewers approved: `<folder>/<Block>/<scenario>.txt`, by
/// default `specs/transcripts/` beside the bundled rules.
///
/// Checking renders each review scenario with ``Transcript`` and compares it with its file;
/// recording writes the rendering over the file once people have approved the change. The
/// folder is a value so tests and other checkouts can point elsewhere.
public struct ApprovedTranscripts: Sendable, Hashable {
    public var directory: URL

    public init(directory: URL) { self.directory = directory }

    /// `specs/transcripts` of the checkout ``SpecLocation`` finds.
    public static func bundled() -> ApprovedTranscripts? {
        SpecLocation.specsDirectory().map { ApprovedTranscripts(directory: $0.appendingPathComponent("transcripts")) }
    }

    public func folder(for block: String) -> URL { directory.appendingPathComponent(block, isDirectory: true) }

    public func file(block: String, scenario: String) -> URL {
        folder(for: block).appendingPathComponent("\(scenario).txt")
    }

    /// A file's path as reports show it: relative to the current directory when inside it.
    public func displayPath(_ url: URL) -> String { SpecLocation.displayPath(url.path) }

    /// The model's transcript of each scenario next to the approved one.
    public func review(_ block: any BlockModel, scenarios: [ReviewScenario]) throws(InputError) -> [ScenarioReview] {
        var reviews: [ScenarioReview] = []
        for scenario in scenarios {
            let state = try scenario.state(in: block)
            let transcript = Transcript.text(for: block.snapshot(of: state), scenario: scenario)
            let file = file(block: block.name, scenario: scenario.name)
            let approved = (try? Data(contentsOf: file)).map { String(decoding: $0, as: UTF8.self) }
            reviews.append(ScenarioReview(block: block.name, scenario: scenario, stateID: state.id,
                                          path: displayPath(file), transcript: transcript, approved: approved))
        }
        return reviews
    }

    /// Writes a reviewed transcript as approved, atomically, creating folders as needed.
    public func record(_ review: ScenarioReview) throws(InputError) {
        try AtomicFile.write(Data(review.transcript.utf8), to: file(block: review.block, scenario: review.scenario.name).path)
    }

    /// Approved files of a block that no scenario names any more (a renamed or retired
    /// scenario), so they can be deleted rather than kept as if still reviewed.
    public func orphans(of block: any BlockModel) -> [String] {
        let folder = folder(for: block.name)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let known = Set(block.reviewScenarios.map { "\($0.name).txt" })
        return names.filter { $0.hasSuffix(".txt") && !known.contains($0) }.sorted()
            .map { displayPath(folder.appendingPathComponent($0)) }
    }
}

/// One review scenario's transcript from the model beside its approved file.
public struct ScenarioReview: Sendable {
    public var block: String
    public var scenario: ReviewScenario
    public var stateID: String
    /// The approved file, as reports show it.
    public var path: String
    /// What the model says now.
    public var transcript: String
    /// The approved text; nil when the file is missing.
    public var approved: String?

    public enum Verdict: Sendable, Hashable {
        case matches
        case missing
        case differs(TranscriptDiff)
    }

    public var verdict: Verdict {
        guard let approved else { return .missing }
        let diff = TranscriptDiff(approved: approved, model: transcript)
        return diff.isEmpty ? .matches : .differs(diff)
    }

    /// One line on the verdict, naming the file.
    public var headline: String {
        switch verdict {
        case .matches: "\(path) matches the model"
        case .missing: "\(path) is missing; review `a11y-audit transcript \(block) --scenario \(scenario.name)` and record it with --record"
        case .differs(let diff): "\(path) differs from the model (\(diff.summary)); approve with `a11y-audit transcript \(block) --record --scenario \(scenario.name)`"
        }
    }
}
