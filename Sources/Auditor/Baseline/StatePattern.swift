import AccessibilityModel

/// The states a baseline entry accepts failures in, as dimension constraints: a state
/// matches when each constrained dimension has one of the listed values.
///
/// Constraints name dimension values, never state ids or element paths, so an entry keeps
/// meaning the same states when a block gains a dimension value or an element is renamed.
/// No constraint matches every state of the block.
public struct StatePattern: Sendable, Hashable, CustomStringConvertible {
    public struct Constraint: Sendable, Hashable {
        public var dimension: String
        public var values: [String]

        public init(dimension: String, values: [String]) {
            self.dimension = dimension
            self.values = values
        }
    }

    public var constraints: [Constraint]

    public init(_ constraints: [Constraint] = []) { self.constraints = constraints }

    /// How the pattern reads in messages: `size ∈ {xS, S}, width = 320`, or `every state`.
    public var description: String {
        guard !constraints.isEmpty else { return "every state" }
        return constraints.map { constraint in
            constraint.values.count == 1
                ? "\(constraint.dimension) = \(constraint.values[0])"
                : "\(constraint.dimension) ∈ {\(constraint.values.joined(separator: ", "))}"
        }.joined(separator: ", ")
    }

    /// The compact form reports carry: `size=xS,S;width=320`, empty for every state.
    public var encoded: String {
        constraints.map { "\($0.dimension)=\($0.values.joined(separator: ","))" }.joined(separator: ";")
    }

    /// Reads ``encoded``; nil when it is not of that form.
    public init?(encoded text: String) {
        var constraints: [Constraint] = []
        for part in text.split(separator: ";") {
            let pieces = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pieces.count == 2, !pieces[0].isEmpty, !pieces[1].isEmpty else { return nil }
            constraints.append(Constraint(dimension: pieces[0], values: pieces[1].split(separator: ",").map(String.init)))
        }
        self.init(constraints)
    }

    /// The pattern as a test on a state's space-wide value indices (``ValueTally/Indexer``).
    /// Dimensions and values the space lacks match nothing; the loader rejects them first.
    public func matcher(in space: StateSpace) -> Matcher {
        Matcher(tests: constraints.map { constraint in
            guard let index = space.dimensions.firstIndex(where: { $0.name == constraint.dimension }) else {
                return (index: -1, allowed: [])
            }
            return (index: index, allowed: space.dimensions[index].values.map(constraint.values.contains))
        })
    }

    /// A compiled pattern: per constrained dimension, whether each value is allowed.
    public struct Matcher: Sendable {
        let tests: [(index: Int, allowed: [Bool])]

        /// Whether the state with these value indices matches; a few array reads, cheap
        /// enough to run for every failing state in the workers.
        @inline(__always)
        public func matches(_ values: [Int]) -> Bool {
            for test in tests {
                guard test.index >= 0, test.index < values.count else { return false }
                let value = values[test.index]
                guard value < test.allowed.count, test.allowed[value] else { return false }
            }
            return true
        }
    }
}
