/// A selection of states by dimension values, as given by `--where`.
///
/// Each constraint is `DIM=VALUE` or a whole state id (its pairs joined by `;`). A state
/// matches when it matches every constraint, so two constraints on one dimension leave
/// only the values they share.
public struct StateFilter: Sendable, Hashable {
    /// Allowed values per constrained dimension; an absent dimension allows every value.
    public private(set) var allowed: [String: Set<String>] = [:]

    public init() {}

    /// Parses constraints against a space, rejecting unknown dimensions and values with the
    /// valid choices.
    public init(parsing constraints: [String], in space: StateSpace) throws(StateSpaceError) {
        for constraint in constraints {
            for pair in constraint.split(separator: ";", omittingEmptySubsequences: true) {
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, !parts[0].isEmpty else { throw .malformedConstraint(String(pair)) }
                guard let dimension = space.dimension(named: parts[0]) else {
                    throw .unknownDimension(parts[0], valid: space.dimensions.map(\.name))
                }
                guard dimension.values.contains(parts[1]) else {
                    throw .unknownValue(parts[1], dimension: parts[0], valid: dimension.values)
                }
                allowed[parts[0], default: [parts[1]]].formIntersection([parts[1]])
            }
        }
    }

    public var isEmpty: Bool { allowed.isEmpty }
}
