/// The environments of a space's states, with each value of `size`, `motion`, `width`,
/// `direction`, `appearance` and `contrast` read once.
///
/// ``BlockState/environment`` finds those dimensions by name and parses their values;
/// a block that renders every state of its space would repeat that for each state. The
/// table gives the same environment for every state.
public struct EnvironmentTable: Sendable {
    private let regions: [Region]
    private let space: StateSpace

    public init(_ space: StateSpace) {
        self.space = space
        regions = space.regions.map(Region.init)
    }

    /// The state's environment, as ``BlockState/environment`` reads it.
    public func environment(of state: BlockState) -> AccessibilityEnvironment {
        guard let region = space.region(of: state) else { return state.environment }
        return regions[region].environment(at: state.valueIndices)
    }

    /// One region's environment dimensions, each value already parsed.
    private struct Region: Sendable {
        let contentSize: Column<ContentSizeCategory>
        let reduceMotion: Column<Bool>
        let width: Column<Double>
        let direction: Column<LayoutDirection>
        let appearance: Column<Appearance>
        let contrast: Column<ContrastSetting>

        init(_ dimensions: [Dimension]) {
            contentSize = Column("size", in: dimensions, absent: .large) { ContentSizeCategory(token: $0) ?? .large }
            reduceMotion = Column("motion", in: dimensions, absent: false) { $0 == "reduced" }
            width = Column("width", in: dimensions, absent: 393) { Double($0) ?? 393 }
            direction = Column("direction", in: dimensions, absent: .leftToRight) {
                LayoutDirection(rawValue: $0) ?? .leftToRight
            }
            appearance = Column("appearance", in: dimensions, absent: .light) { Appearance(rawValue: $0) ?? .light }
            contrast = Column("contrast", in: dimensions, absent: .standard) { ContrastSetting(rawValue: $0) ?? .standard }
        }

        func environment(at valueIndices: [Int]) -> AccessibilityEnvironment {
            AccessibilityEnvironment(
                contentSize: contentSize.value(at: valueIndices), reduceMotion: reduceMotion.value(at: valueIndices),
                width: width.value(at: valueIndices), direction: direction.value(at: valueIndices),
                appearance: appearance.value(at: valueIndices), contrast: contrast.value(at: valueIndices))
        }
    }

    /// One environment dimension: where it sits and what each of its values sets, or the
    /// default when the region lacks it.
    private struct Column<Value: Sendable>: Sendable {
        let position: Int?
        let values: [Value]
        let absent: Value

        init(_ name: String, in dimensions: [Dimension], absent: Value, parse: (String) -> Value) {
            position = dimensions.firstIndex { $0.name == name }
            values = position.map { dimensions[$0].values.map(parse) } ?? []
            self.absent = absent
        }

        func value(at valueIndices: [Int]) -> Value {
            guard let position else { return absent }
            return values[valueIndices[position]]
        }
    }
}
