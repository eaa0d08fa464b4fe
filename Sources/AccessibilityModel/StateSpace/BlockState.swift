/// One state of a block: a value for every dimension of its region of the state space.
public struct BlockState: Sendable, Hashable, CustomStringConvertible {
    /// The dimensions of the region the state belongs to.
    public let dimensions: [Dimension]
    /// The index of each dimension's value, in dimension order.
    public internal(set) var valueIndices: [Int]

    init(dimensions: [Dimension], valueIndices: [Int]) {
        self.dimensions = dimensions
        self.valueIndices = valueIndices
    }

    /// The value of a dimension. Asking for a dimension the space lacks is a model bug.
    public subscript(_ name: String) -> String {
        guard let dimension = dimensions.firstIndex(where: { $0.name == name }) else {
            preconditionFailure("no dimension '\(name)' in this state space")
        }
        return dimensions[dimension].values[valueIndices[dimension]]
    }

    /// The same state with one dimension set to another value of the same region.
    public func with(_ name: String, _ value: String) -> BlockState {
        guard let dimension = dimensions.firstIndex(where: { $0.name == name }),
              let index = dimensions[dimension].values.firstIndex(of: value) else {
            preconditionFailure("no value '\(value)' for '\(name)' in this state's region")
        }
        var indices = valueIndices
        indices[dimension] = index
        return BlockState(dimensions: dimensions, valueIndices: indices)
    }

    /// The same state with the dimension at `position` set to its value at `valueIndex`:
    /// ``with(_:_:)`` for a caller that has looked the dimension and the value up once, so
    /// that no state it makes searches by name.
    public func with(dimensionAt position: Int, valueAt valueIndex: Int) -> BlockState {
        precondition(dimensions[position].values.indices.contains(valueIndex),
                     "no value at \(valueIndex) for '\(dimensions[position].name)' in this state's region")
        var indices = valueIndices
        indices[position] = valueIndex
        return BlockState(dimensions: dimensions, valueIndices: indices)
    }

    /// The same state with each dimension `changes` names set to its value there, by
    /// position and value index: the indices copied once however many change, where
    /// ``with(dimensionAt:valueAt:)`` in turn copied them for each.
    public func with(_ changes: [(position: Int, value: Int)]) -> BlockState {
        guard !changes.isEmpty else { return self }
        var indices = valueIndices
        for change in changes {
            precondition(dimensions[change.position].values.indices.contains(change.value),
                         "no value at \(change.value) for '\(dimensions[change.position].name)' in this state's region")
            indices[change.position] = change.value
        }
        return BlockState(dimensions: dimensions, valueIndices: indices)
    }

    /// The state's `dimension=value` pairs, in dimension order.
    public var pairs: [(name: String, value: String)] {
        zip(dimensions, valueIndices).map { ($0.name, $0.values[$1]) }
    }

    /// The stable id: `dimension=value` pairs in the space's order, joined by `;`.
    public var id: String {
        pairs.map { "\($0.name)=\($0.value)" }.joined(separator: ";")
    }

    public var description: String { id }

    /// The environment dimensions every block shares (`size`, `motion`, `width`,
    /// `direction`, `appearance`, `contrast`), with defaults for the ones a space lacks.
    public var environment: AccessibilityEnvironment {
        let colours = colourSettings
        return AccessibilityEnvironment(
            contentSize: value(of: "size").flatMap(ContentSizeCategory.init(token:)) ?? .large,
            reduceMotion: value(of: "motion") == "reduced",
            width: value(of: "width").flatMap(Double.init) ?? 393,
            direction: value(of: "direction").flatMap(LayoutDirection.init(rawValue:)) ?? .leftToRight,
            appearance: colours.appearance, contrast: colours.contrast)
    }

    /// The appearance and Increase Contrast setting of ``environment``, read alone: a
    /// state that differs from another only in colour needs no more of it.
    public var colourSettings: (appearance: Appearance, contrast: ContrastSetting) {
        (value(of: "appearance").flatMap(Appearance.init(rawValue:)) ?? .light,
         value(of: "contrast").flatMap(ContrastSetting.init(rawValue:)) ?? .standard)
    }

    /// The value of the dimension `name`; nil when the region lacks it.
    private func value(of name: String) -> String? {
        dimensions.firstIndex { $0.name == name }.map { dimensions[$0].values[valueIndices[$0]] }
    }
}
