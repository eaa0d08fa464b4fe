/// Every state a block can be in: a product of named dimensions, or a union of such
/// products when one dimension's domain depends on another (a selection among a
/// fixture's own tabs).
///
/// The space is never materialised. A state is a mixed-radix number over its region's
/// dimensions (the last dimension varies fastest), so any state can be made from its
/// position, and any selection of states can be walked, counted and split without listing
/// them. Every region has the same dimension names in the same order, so state ids read
/// alike across regions.
public struct StateSpace: Sendable, Hashable {
    /// The products whose union is the space.
    public let regions: [[Dimension]]
    /// Each dimension with the values it takes in any region, in first-seen order.
    public let dimensions: [Dimension]

    /// A space that is one product.
    public init(_ dimensions: [Dimension]) {
        self.init(regions: [dimensions])
    }

    /// A space that is a union of products over the same dimension names.
    public init(regions: [[Dimension]]) {
        precondition(!regions.isEmpty, "a state space needs at least one region")
        let names = regions[0].map(\.name)
        precondition(Set(names).count == names.count, "dimension names must be unique")
        precondition(regions.allSatisfy { $0.map(\.name) == names }, "every region must have the same dimensions")
        self.regions = regions
        dimensions = names.indices.map { index in
            var values: [String] = []
            for region in regions {
                for value in region[index].values where !values.contains(value) { values.append(value) }
            }
            return Dimension(names[index], values: values, summary: regions[0][index].summary)
        }
    }

    /// How many states there are.
    public var count: Int { regions.reduce(0) { $0 + $1.reduce(1) { $0 * $1.values.count } } }

    public func dimension(named name: String) -> Dimension? { dimensions.first { $0.name == name } }

    /// Where a dimension sits in every state of the space: every region lists the same names
    /// in the same order.
    public func position(of name: String) -> Int? { dimensions.firstIndex { $0.name == name } }

    /// The region a state belongs to, or nil for a state of another space. A state made by
    /// the space shares its region's dimensions, so this is quick for the space's own states.
    public func region(of state: BlockState) -> Int? { regions.firstIndex { $0 == state.dimensions } }

    /// Every state, lazily, in order.
    public var all: StateSelection { states(matching: StateFilter()) }

    /// The states matching every constraint of `filter`.
    public func states(matching filter: StateFilter) -> StateSelection {
        StateSelection(parts: regions.map { region in
            StateSelection.Part(dimensions: region, allowed: region.map { dimension in
                let domain = Array(dimension.values.indices)
                guard let allowed = filter.allowed[dimension.name] else { return domain }
                return domain.filter { allowed.contains(dimension.values[$0]) }
            })
        })
    }

    /// The state of region `region` with these value indices, one per dimension in order.
    public func state(region: Int, valueIndices: [Int]) -> BlockState {
        let dimensions = regions[region]
        precondition(valueIndices.count == dimensions.count
                     && zip(dimensions, valueIndices).allSatisfy { $0.values.indices.contains($1) },
                     "value indices \(valueIndices) do not fit region \(region)")
        return BlockState(dimensions: dimensions, valueIndices: valueIndices)
    }

    /// The state with the given id (`scope=following;chips=sample;…`).
    public func state(id: String) throws(StateSpaceError) -> BlockState {
        let filter = try StateFilter(parsing: [id], in: self)
        let missing = dimensions.map(\.name).filter { filter.allowed[$0] == nil }
        let selection = states(matching: filter)
        guard missing.isEmpty, selection.count == 1 else {
            throw StateSpaceError.incompleteState(id: id, missing: missing)
        }
        return selection[0]
    }
}

/// A problem naming a state, dimension or value, with the valid choices.
public enum StateSpaceError: Error, Sendable, Equatable, CustomStringConvertible {
    case malformedConstraint(String)
    case unknownDimension(String, valid: [String])
    case unknownValue(String, dimension: String, valid: [String])
    case incompleteState(id: String, missing: [String])

    public var description: String {
        switch self {
        case .malformedConstraint(let text):
            "'\(text)' is not DIM=VALUE or a state id (DIM=VALUE;DIM=VALUE;…)"
        case .unknownDimension(let name, let valid):
            "unknown dimension '\(name)'; valid dimensions: \(valid.joined(separator: ", "))"
        case .unknownValue(let value, let dimension, let valid):
            "unknown value '\(value)' for dimension '\(dimension)'; valid values: \(valid.joined(separator: ", "))"
        case .incompleteState(let id, let missing):
            missing.isEmpty
                ? "'\(id)' is not a state of this block"
                : "'\(id)' is not a whole state id; missing: \(missing.joined(separator: ", "))"
        }
    }
}
