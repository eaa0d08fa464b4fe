import AccessibilityModel
import Testing

@Suite("A state space is a lazy product of named dimensions")
struct StateSpaceTests {
    let space = StateSpace([
        Dimension("scope", values: ["for-you", "following", "saved"]),
        Dimension("chips", values: ["loading", "none", "sample"]),
        .motion,
    ])

    @Test("its count is the product of the dimensions' sizes")
    func count() {
        #expect(space.count == 3 * 3 * 2)
        #expect(space.all.count == space.count)
    }

    @Test("a state id joins dimension=value pairs in dimension order")
    func stateID() {
        #expect(space.all[0].id == "scope=for-you;chips=loading;motion=full")
        #expect(space.all[space.count - 1].id == "scope=saved;chips=sample;motion=reduced")
    }

    @Test("every state's id leads back to it", arguments: 0..<18)
    func roundTrip(position: Int) throws {
        let state = space.all[position]
        #expect(try space.state(id: state.id) == state)
    }

    @Test("ids are unique across the space")
    func uniqueIDs() {
        #expect(Set(space.all.map(\.id)).count == space.count)
    }

    @Test("--where DIM=VALUE selects the states with that value")
    func whereOnePair() throws {
        let filter = try StateFilter(parsing: ["chips=none"], in: space)
        let selected = space.states(matching: filter)
        #expect(selected.count == 6)
        #expect(selected.allSatisfy { $0["chips"] == "none" })
    }

    @Test("repeated --where constraints must all match")
    func whereAll() throws {
        let both = try StateFilter(parsing: ["chips=none", "motion=reduced"], in: space)
        #expect(space.states(matching: both).count == 3)
        let contradictory = try StateFilter(parsing: ["chips=none", "chips=sample"], in: space)
        #expect(space.states(matching: contradictory).isEmpty)
    }

    @Test("--where takes a whole state id")
    func whereWholeID() throws {
        let filter = try StateFilter(parsing: ["scope=saved;chips=sample;motion=full"], in: space)
        #expect(space.states(matching: filter).map(\.id) == ["scope=saved;chips=sample;motion=full"])
    }

    @Test("an unknown dimension lists the valid ones")
    func unknownDimension() {
        #expect(throws: StateSpaceError.unknownDimension("colour", valid: ["scope", "chips", "motion"])) {
            try StateFilter(parsing: ["colour=red"], in: space)
        }
        #expect(StateSpaceError.unknownDimension("colour", valid: ["scope", "chips"]).description
            == "unknown dimension 'colour'; valid dimensions: scope, chips")
    }

    @Test("an unknown value lists the valid ones")
    func unknownValue() {
        #expect(throws: StateSpaceError.unknownValue("all", dimension: "chips", valid: ["loading", "none", "sample"])) {
            try StateFilter(parsing: ["chips=all"], in: space)
        }
    }

    @Test("a constraint that is not DIM=VALUE is rejected", arguments: ["chips", "=none", "chips:none"])
    func malformed(text: String) {
        #expect(throws: StateSpaceError.self) { try StateFilter(parsing: [text], in: space) }
    }

    @Test("a state id that leaves out a dimension is not a state")
    func partialID() {
        #expect(throws: StateSpaceError.incompleteState(id: "scope=saved", missing: ["chips", "motion"])) {
            try space.state(id: "scope=saved")
        }
    }

    @Test("with() changes one dimension and keeps the rest")
    func with() {
        let state = space.all[0].with("motion", "reduced")
        #expect(state.id == "scope=for-you;chips=loading;motion=reduced")
    }

    @Test("a union of products lets one dimension's domain depend on another")
    func regions() throws {
        let space = StateSpace(regions: [
            [Dimension("tabs", values: ["few"]), Dimension("selection", values: ["a", "b", "c"])],
            [Dimension("tabs", values: ["many"]), Dimension("selection", values: ["a", "b", "c", "d", "e"])],
        ])
        #expect(space.count == 8)
        #expect(space.dimension(named: "selection")?.values == ["a", "b", "c", "d", "e"])
        #expect(space.all.map(\.id).last == "tabs=many;selection=e")
        let filter = try StateFilter(parsing: ["selection=d"], in: space)
        #expect(space.states(matching: filter).map(\.id) == ["tabs=many;selection=d"])
        #expect(throws: StateSpaceError.self) { try space.state(id: "tabs=few;selection=e") }
    }

    /// Stepping from the state before is how an auditor walks its positions: it must land
    /// where random access does, across the ends of a dimension's values, of a region, of a
    /// job's share and of a selection that allows one value of a dimension.
    @Test("each state, stepped on from the one before, is the state at its position", arguments: [
        [], ["chips=loading"], ["motion=reduced"], ["selection=b"],
    ])
    func steppedStates(constraints: [String]) throws {
        let space = StateSpace(regions: [
            [Dimension("tabs", values: ["few"]), Dimension("selection", values: ["a", "b", "c"]),
             Dimension("chips", values: ["loading", "none", "sample"]), .motion],
            [Dimension("tabs", values: ["many"]), Dimension("selection", values: ["a", "b", "c", "d", "e"]),
             Dimension("chips", values: ["loading", "none", "sample"]), .motion],
        ])
        let filter = try StateFilter(parsing: constraints, in: space)
        let selections = [space.states(matching: filter), space.states(matching: filter).strided(from: 1, by: 2)]
        for selection in selections where selection.count > 1 {
            for position in 1..<selection.count {
                #expect(selection.state(at: position, after: selection[position - 1]) == selection[position])
            }
            // Stepped in place, a state keeps value semantics: a copy taken before a step
            // keeps the values it had.
            var walked = selection[0]
            for position in 1..<selection.count {
                let before = walked
                selection.advance(&walked, to: position)
                #expect(walked == selection[position])
                #expect(before == selection[position - 1])
            }
            // Stepped on by more than one position, within a region and across into the next.
            for start in 0..<selection.count {
                for target in (start + 1)..<min(selection.count, start + 12) {
                    var jumped = selection[start]
                    selection.advance(&jumped, from: start, to: target)
                    #expect(jumped == selection[target], "from \(start) to \(target)")
                }
            }
        }
    }

    /// A region is looked for by its list's storage first, then by value: a list equal to a
    /// region's but made apart from it is the same region.
    @Test("a dimension list is its own storage, and not an equal list made apart")
    func dimensionListStorage() {
        let list = [Dimension("tabs", values: ["few", "many"]), Dimension.motion]
        let shared = list
        let apart = [Dimension("tabs", values: ["few", "many"]), Dimension.motion]
        #expect(list.isStorage(of: shared))
        #expect(!list.isStorage(of: apart))
        #expect(list == apart)
        #expect(!list.isStorage(of: Array(list.prefix(1))))
    }

    @Test("the environment comes from the shared dimensions")
    func environment() throws {
        let space = StateSpace([.contentSize, .motion, .width([320, 440]), .direction])
        let state = try space.state(id: "size=AX3;motion=reduced;width=320;direction=rtl")
        #expect(state.environment == AccessibilityEnvironment(
            contentSize: .accessibility3, reduceMotion: true, width: 320, direction: .rightToLeft))
    }
}
