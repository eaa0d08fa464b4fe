import AccessibilityModel
import Foundation

/// The folders of transcripts reviewers approved: `<folder>/<Block>/<scenario>.txt`, by
/// default `specs/transcripts/` beside the bundled rules.
///
/// Checking renders each review scenario with ``Transcript`` and compares it with its file;
/// recording writes the rendering over the file once people have approved the change. A
/// team's package keeps its blocks' transcripts in a folder of its own, searched before the
/// bundled one (``bundled(after:)``): each block's transcripts are read from the first folder
/// that has the block's subfolder, and a block no folder has yet is recorded in the first.
public struct ApprovedTranscripts: Sendable, Hashable {
    /// The folders, searched in order; never empty.
    public private(set) var directories: [URL]

    public init(directory: URL) { directories = [directory] }

    /// The given folders, searched in order; the first receives new blocks' recordings.
    public init(directories: [URL]) {
        precondition(!directories.isEmpty, "approved transcripts need at least one folder")
        self.directories = directories
    }

    /// `transcripts/` of the specs folder ``SpecLocation`` finds.
    public static func bundled() -> ApprovedTranscripts? {
        SpecLocation.specsDirectory().map { ApprovedTranscripts(directory: $0.appendingPathComponent("transcripts")) }
    }

    /// A team's folder (its blocks' transcripts) searched first, then the bundled one (the
    /// built-in blocks'); the team's folder alone when no bundled specs are found.
    public static func bundled(after teamFolder: URL) -> ApprovedTranscripts {
        ApprovedTranscripts(directories: [teamFolder] + (bundled()?.directories ?? []))
    }

    /// The block's folder: in the first folder that has one, else in the first folder.
    public func folder(for block: String) -> URL {
        let folders = directories.map { $0.appendingPathComponent(block, isDirectory: true) }
        return folders.first { FileManager.default.fileExists(atPath: $0.path) } ?? folders[0]
    }

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
