import Foundation
import Synchronization

/// Every failure an audit finds, one JSON object a line (`audit --findings FILE`, hidden:
/// for cross-checks, not for people).
///
/// Reports keep counts and a few samples per rule; showing that memoisation, or another
/// evaluator, finds exactly the same failures needs all of them. A line is
/// `{"rule":…,"state":…,"subject":…,"message":…}`, one per failing subject and assertion.
/// Lines are written as workers find them, through a buffer of at most ``flushSize``
/// bytes, so memory stays flat however many failures there are; their order depends on
/// how workers interleave, so readers sort them. State ids name their block's dimensions.
///
/// The log is process-wide while an audit runs (the engine's workers reach it through
/// ``RuleOutcome``); when none is open, recording costs one uncontended lock per failing
/// state and rule.
enum FindingsLog {
    static let flushSize = 1 << 20

    private struct Sink {
        var path: String
        var handle: FileHandle
        var buffer = Data()
        /// The first write that failed, reported when the log is closed.
        var failure: String?
    }

    private static let sink = Mutex<Sink?>(nil)
    /// Whether `sink` holds a log, readable without its lock: workers ask for every failing
    /// run of states.
    private static let opened = Atomic<Bool>(false)

    /// Starts writing every failure to `path` (created or emptied).
    static func open(_ path: String) throws(InputError) {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw InputError(file: path, "cannot write the findings log")
            }
            let handle = try FileHandle(forWritingTo: url)
            sink.withLock { $0 = Sink(path: path, handle: handle) }
            opened.store(true, ordering: .releasing)
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(file: path, "cannot write the findings log: \(error.localizedDescription)")
        }
    }

    /// Writes what is buffered and stops logging.
    static func close() throws(InputError) {
        guard let open = sink.withLock({ current -> Sink? in
            defer {
                current = nil
                opened.store(false, ordering: .releasing)
            }
            return current
        }) else { return }
        do {
            try open.handle.write(contentsOf: open.buffer)
            try open.handle.close()
        } catch {
            throw InputError(file: open.path, "cannot write the findings log: \(error.localizedDescription)")
        }
        if let failure = open.failure { throw InputError(file: open.path, "cannot write the findings log: \(failure)") }
    }

    /// Whether a log is open: a run of states is logged state by state only then.
    static var isOpen: Bool { opened.load(ordering: .acquiring) }

    /// Logs one state's failures of one rule, when a log is open.
    static func record(rule: String, stateID: () -> String, failures: [CompiledRule.Failure]) {
        sink.withLock { open in
            guard open != nil else { return }
            let state = stateID()
            for failure in failures {
                open!.buffer.append(contentsOf: "{\"rule\":\(quoted(rule)),\"state\":\(quoted(state)),\"subject\":\(quoted(failure.subject)),\"message\":\(quoted(failure.message))}\n".utf8)
            }
            if open!.buffer.count >= flushSize {
                do { try open!.handle.write(contentsOf: open!.buffer) } catch {
                    open!.failure = open!.failure ?? error.localizedDescription
                }
                open!.buffer.removeAll(keepingCapacity: true)
            }
        }
    }

    /// A JSON string literal.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
