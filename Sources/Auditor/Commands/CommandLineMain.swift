import AccessibilityModel
import Foundation
import Synchronization

extension CommandLineTool {
    /// Runs the whole `a11y-audit` command line over `blocks` with this process's
    /// arguments, standard streams and environment, and exits with its code: the one call
    /// an executable makes (`CommandLineTool.main(blocks: builtIn + [MyBlock()])`).
    ///
    /// A standard stream that is closed is opened on /dev/null first, so that no file the run
    /// opens takes its descriptor. Messages that cannot be written to stderr are dropped (the
    /// exit code still says how the run went); data that cannot be written to stdout makes the
    /// run exit 2 with a message, never a crash.
    public static func main(blocks: [any BlockModel], approvedTranscripts: ApprovedTranscripts? = nil) -> Never {
        let closedOutput = fcntl(STDOUT_FILENO, F_GETFD) < 0
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) < 0 {
            let null = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if null >= 0, null != descriptor {
                dup2(null, descriptor)
                close(null)
            }
        }
        let output = StandardOutput(isClosed: closedOutput)
        let tool = CommandLineTool(
            output: { output.append($0) },
            errors: { _ = StandardOutput.writeAll(Array($0.utf8), to: STDERR_FILENO) },
            blocks: blocks, approvedTranscripts: approvedTranscripts,
            errorsAreTerminal: isatty(STDERR_FILENO) != 0)
        var code = tool.run(Array(CommandLine.arguments.dropFirst())).rawValue
        if let reason = output.finish() {
            _ = StandardOutput.writeAll(Array("a11y-audit: error: cannot write to standard output: \(reason)\n".utf8),
                                        to: STDERR_FILENO)
            code = ExitCode.invalidInput.rawValue
        }
        exit(code)
    }
}

/// Data for stdout, written in blocks of 64 KB from any thread; the first failure is kept.
private final class StandardOutput: Sendable {
    private let pending = Mutex<(bytes: [UInt8], failure: String?)>(([], nil))
    private let isClosed: Bool

    init(isClosed: Bool) { self.isClosed = isClosed }

    func append(_ text: String) {
        pending.withLock { state in
            state.bytes += text.utf8
            if state.bytes.count >= 64 * 1024 { flush(&state) }
        }
    }

    /// Writes what is left; the reason stdout could not be written, if it could not.
    func finish() -> String? {
        pending.withLock { state in
            flush(&state)
            return state.failure
        }
    }

    private func flush(_ state: inout (bytes: [UInt8], failure: String?)) {
        if state.failure == nil, !state.bytes.isEmpty {
            if isClosed {
                state.failure = "standard output is closed"
            } else if !Self.writeAll(state.bytes, to: STDOUT_FILENO) {
                state.failure = String(cString: strerror(errno))
            }
        }
        state.bytes.removeAll(keepingCapacity: true)
    }

    /// Writes all of `text` to `descriptor`; false when it cannot.
    static func writeAll(_ text: [UInt8], to descriptor: Int32) -> Bool {
        var bytes = text[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            bytes = bytes.dropFirst(written)
        }
        return true
    }
}
