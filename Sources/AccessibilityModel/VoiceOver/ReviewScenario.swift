/// A state an accessibility reviewer reads before a release, by name.
///
/// A block's whole state space is far too large to read; its review scenarios are the few
/// states whose VoiceOver transcripts people approve (`specs/transcripts/<Block>/<name>.txt`)
/// and compare with recordings from a device. Each names exactly one state through
/// `--where`-style constraints, so the approved transcript always has a single source.
public struct ReviewScenario: Sendable, Hashable {
    /// A short, file-name-safe name: `default`, `loading`, `largest-text`.
    public var name: String
    /// One line on what a reviewer should listen for in this state.
    public var purpose: String
    /// `DIM=VALUE` pairs (or whole state ids) that together select exactly one state.
    public var constraints: [String]

    public init(_ name: String, purpose: String, where constraints: [String]) {
        self.name = name
        self.purpose = purpose
        self.constraints = constraints
    }

    /// A scenario that is this one with some dimensions set otherwise, so scenarios read as
    /// "the default, but loading" and stay whole when a dimension is added to the block.
    public func variant(_ name: String, purpose: String, changing changes: [String]) -> ReviewScenario {
        var constraints = self.constraints
        for change in changes {
            let dimension = Self.dimension(of: change)
            if let index = constraints.firstIndex(where: { Self.dimension(of: $0) == dimension }) {
                constraints[index] = change
            } else {
                constraints.append(change)
            }
        }
        return ReviewScenario(name, purpose: purpose, where: constraints)
    }

    /// The states of `space` the constraints select; a well-formed scenario selects one.
    public func selection(in space: StateSpace) throws(StateSpaceError) -> StateSelection {
        space.states(matching: try StateFilter(parsing: constraints, in: space))
    }

    private static func dimension(of constraint: String) -> Substring {
        constraint.split(separator: "=", maxSplits: 1).first ?? Substring(constraint)
    }
}
