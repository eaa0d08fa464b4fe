/// One accepted failure: a rule failing in some states of a block, with why and until when.
public struct BaselineEntry: Sendable, Hashable {
    public var block: String
    public var rule: String
    public var pattern: StatePattern
    public var reason: String
    /// The last day the entry holds; from the next day its failures gate again.
    public var expires: CalendarDate
    /// Where the entry is written, for messages (`line` 0 when unknown).
    public var file: String
    public var line: Int

    public init(block: String, rule: String, pattern: StatePattern, reason: String, expires: CalendarDate,
                file: String, line: Int = 0) {
        self.block = block
        self.rule = rule
        self.pattern = pattern
        self.reason = reason
        self.expires = expires
        self.file = file
        self.line = line
    }

    public func isExpired(on today: CalendarDate) -> Bool { today > expires }

    /// `file:line`, as messages point at the entry.
    public var location: String { line > 0 ? "\(file):\(line)" : file }
}
