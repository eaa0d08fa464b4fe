/// The exit codes users script against (fixed, DESIGN.md).
public enum ExitCode: Int32, Sendable {
    /// Nothing gates.
    case success = 0
    /// A gating rule failed.
    case gateFailed = 1
    /// The invocation or an input is wrong.
    case invalidInput = 2
    /// Something inside the tool went wrong.
    case internalError = 3
}
