import Auditor
import Foundation
import Synchronization

// The executable only wires the command line to standard streams and the exit code.
//
// A standard stream that is closed is opened on /dev/null first, so that no file the run
// opens takes its descriptor. Messages that cannot be written to stderr are dropped (the
// exit code still says how the run went); data that cannot be written to stdout makes the
// run exit 2 with a message, never a crash.
let closedOutput = fcntl(STDOUT_FILENO, F_GETFD) < 0
for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) < 0 {
    let null = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
    if null >= 0, null != descriptor {
        dup2(null, descriptor)
        close(null)
    }
}

/// Writes all of `text` to `descriptor`; false when it cannot.
@Sendable func writeAll(_ text: [UInt8], to descriptor: Int32) -> Bool {
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

/// Data for stdout, written in blocks of 64 KB; the first failure is kept.
let pending = Mutex<(bytes: [UInt8], failure: String?)>(([], nil))
@Sendable func flushOutput(_ state: inout (bytes: [UInt8], failure: String?)) {
    if state.failure == nil, !state.bytes.isEmpty {
        if closedOutput {
            state.failure = "standard output is closed"
        } else if !writeAll(state.bytes, to: STDOUT_FILENO) {
            state.failure = String(cString: strerror(errno))
        }
    }
    state.bytes.removeAll(keepingCapacity: true)
}

let tool = CommandLineTool(
    output: { text in
        pending.withLock { state in
            state.bytes += text.utf8
            if state.bytes.count >= 64 * 1024 { flushOutput(&state) }
        }
    },
    errors: { _ = writeAll(Array($0.utf8), to: STDERR_FILENO) },
    errorsAreTerminal: isatty(STDERR_FILENO) != 0)
var code = tool.run(Array(CommandLine.arguments.dropFirst())).rawValue
if let reason = pending.withLock({ state in
    flushOutput(&state)
    return state.failure
}) {
    _ = writeAll(Array("a11y-audit: error: cannot write to standard output: \(reason)\n".utf8), to: STDERR_FILENO)
    code = ExitCode.invalidInput.rawValue
}
exit(code)
