import XMLSupport

/// A problem with an input the user gave: a rule file, a baseline, a recording.
///
/// It names the file, line and column when there is a file, and says what was expected.
public struct InputError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String?
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String? = nil, line: Int = 0, column: Int = 0, _ message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    init(_ error: XMLError) {
        self.init(file: error.file, line: error.line, column: error.column, error.message)
    }

    public var description: String {
        guard let file else { return message }
        return line > 0 ? "\(file):\(line):\(max(column, 1)): \(message)" : "\(file): \(message)"
    }
}
