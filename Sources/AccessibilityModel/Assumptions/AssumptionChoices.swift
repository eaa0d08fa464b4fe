/// The answers an audit uses for named assumptions: each assumption's default unless the
/// audit chose another (`--assume NAME=VALUE`).
public struct AssumptionChoices: Sendable, Hashable {
    private var chosen: [String: String]
    /// The theme's colours: the values its tokens are assumed to have (a team's own theme
    /// file states its real ones).
    public var palette: Palette = .empty

    /// Every assumption at its default.
    public static let defaults = AssumptionChoices()

    public init(_ chosen: [String: String] = [:]) { self.chosen = chosen }

    /// The value in force for `assumption`.
    public func value(of assumption: Assumption) -> String { chosen[assumption.name] ?? assumption.defaultValue }

    /// Whether `assumption` is answered with `value`.
    public func holds(_ assumption: Assumption, _ value: String) -> Bool { self.value(of: assumption) == value }

    /// The choices with `assumption` answered by `value`.
    public func with(_ name: String, _ value: String) -> AssumptionChoices {
        var copy = self
        copy.chosen[name] = value
        return copy
    }

    /// The explicit choices, sorted by name (defaults are not listed).
    public var explicit: [(name: String, value: String)] {
        chosen.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
    }

    public var isEmpty: Bool { chosen.isEmpty }
}
