import AccessibilityModel
import Testing

/// The index-based ways of reading and changing states agree with the name-based ones.
@Suite("States can be read and changed by position")
struct StateLookupTests {
    let space = StateSpace(regions: [
        [Dimension("tabs", values: ["few"]), Dimension("selection", values: ["all", "saved"]),
         .contentSize, .motion, .width([320, 393]), .direction],
        [Dimension("tabs", values: ["long"]), Dimension("selection", values: ["essays", "politics", "photos"]),
         .contentSize, .motion, .width([440]), .direction],
    ])

    @Test("the environment table gives every state the environment its values name")
    func environmentTable() {
        let table = EnvironmentTable(space)
        for state in space.all {
            #expect(table.environment(of: state) == state.environment)
        }
    }

    @Test("the environment table reads a space without environment dimensions as the defaults")
    func environmentDefaults() {
        let bare = StateSpace([Dimension("scope", values: ["a", "b"])])
        #expect(EnvironmentTable(bare).environment(of: bare.all[1]) == AccessibilityEnvironment())
    }

    @Test("a state changed by position is the state changed by name")
    func withByPosition() throws {
        let position = try #require(space.position(of: "selection"))
        for state in space.all {
            let values = state.dimensions[position].values
            for (index, value) in values.enumerated() {
                #expect(state.with(dimensionAt: position, valueAt: index) == state.with("selection", value))
            }
        }
    }

    @Test("a state changed in several positions at once is the state changed in each in turn")
    func withSeveral() throws {
        let selection = try #require(space.position(of: "selection"))
        let direction = try #require(space.position(of: "direction"))
        let size = try #require(space.position(of: "size"))
        for state in space.all {
            #expect(state.with([]) == state)
            for value in state.dimensions[selection].values.indices {
                let changes = [(position: selection, value: value), (position: direction, value: 1),
                               (position: size, value: 0), (position: direction, value: 0)]
                let inTurn = changes.reduce(state) { $0.with(dimensionAt: $1.position, valueAt: $1.value) }
                #expect(state.with(changes) == inTurn)
                #expect(state.with(Array(changes.prefix(2))) == inTurn.with(dimensionAt: direction, valueAt: 1)
                    .with(dimensionAt: size, valueAt: state.valueIndices[size]))
            }
        }
    }

    @Test("each state lies in the region that made it, and a state of another space in none")
    func regions() {
        for state in space.all {
            let region = space.region(of: state)
            #expect(region == (state["tabs"] == "few" ? 0 : 1))
        }
        let other = StateSpace([Dimension("scope", values: ["a"])])
        #expect(space.region(of: other.all[0]) == nil)
    }
}
