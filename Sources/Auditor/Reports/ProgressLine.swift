import Dispatch
import Foundation

/// The line an audit redraws on a terminal while it runs: states done of all, the rate and
/// the time left ("Rating … 48,000 / 203,088 states (24 %), 3,120 states/s, about 50 s left").
///
/// It is drawn only where a person watches: on a terminal (stderr is a TTY) and outside CI
/// (no `CI` variable), never into a log. A ticker on a low-priority queue redraws it at most
/// five times a second with `\r`, and clears it before the summary is printed.
public final class ProgressLine: Sendable {
    private let progress: AuditProgress
    private let write: @Sendable (String) -> Void
    private let stopped = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    /// Seconds between redraws.
    static let interval = 0.2

    /// Whether a progress line belongs on this stderr: a terminal, and not a CI job.
    public static func isWanted(stderrIsTerminal: Bool, environment: [String: String]) -> Bool {
        stderrIsTerminal && environment["CI"] == nil
    }

    /// Starts redrawing; call ``stop()`` when the audit is done.
    public init(progress: AuditProgress, write: @escaping @Sendable (String) -> Void) {
        self.progress = progress
        self.write = write
        let started = DispatchTime.now()
        DispatchQueue.global(qos: .utility).async { [self] in
            var width = 0
            while stopped.wait(timeout: .now() + Self.interval) == .timedOut {
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
                let text = Self.text(done: progress.completed, total: progress.total, seconds: elapsed)
                write("\r" + text + String(repeating: " ", count: max(0, width - text.count)))
                width = text.count
            }
            if width > 0 { write("\r" + String(repeating: " ", count: width) + "\r") }
            finished.signal()
        }
    }

    /// Stops redrawing and clears the line; returns once it is cleared.
    public func stop() {
        stopped.signal()
        finished.wait()
    }

    /// The line for `done` of `total` states after `seconds`.
    public static func text(done: Int, total: Int, seconds: Double) -> String {
        let share = total > 0 ? done * 100 / total : 100
        var text = "audit: \(grouped(done)) / \(grouped(total)) states (\(share) %)"
        guard seconds > 0, done > 0 else { return text }
        let rate = Double(done) / seconds
        text += ", \(grouped(Int(rate.rounded()))) states/s"
        if done < total { text += ", about \(duration(Double(total - done) / rate)) left" }
        return text
    }

    /// A whole number with thin groups of three: 203,088.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return (number < 0 ? "-" : "") + result
    }

    /// A duration as a person reads it: 8 s, 2 min 05 s, 1 h 04 min.
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        if whole < 60 { return "\(whole) s" }
        if whole < 3600 { return "\(whole / 60) min \(String(format: "%02d", whole % 60)) s" }
        return "\(whole / 3600) h \(String(format: "%02d", whole / 60 % 60)) min"
    }
}
