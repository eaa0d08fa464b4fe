/// A problem in an XML input, located where libxml2 located it.
///
/// Lines and columns are 1-based; 0 means libxml2 (or this module) could not
/// tell. Callers that know better (for example the file an XPath expression
/// came from) fill in `file` and `line` themselves.
public struct XMLError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Path or caller-given name of the input (for example `"<string>"`).
    public var file: String
    /// 1-based line; 0 when unknown.
    public var line: Int
    /// 1-based column (in Unicode scalars); 0 when unknown.
    public var column: Int
    /// libxml2's message, trimmed, first letter as given.
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`, the form compilers and editors understand.
    public var description: String {
        "\(file):\(line):\(column): \(message)"
    }
}

extension String {
    /// The string without leading and trailing white space; libxml2 ends its
    /// messages with a newline.
    var trimmingXMLWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }
}
