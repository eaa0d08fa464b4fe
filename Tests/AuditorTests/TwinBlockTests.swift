import AccessibilityModel
@testable import Auditor
import ModelKit
import Testing

/// A representative counts every state folded onto it, a block at a time: each rule group's
/// results once for each class of states the group cannot tell apart (`TwinBlock`).
@Suite("Twin blocks: a representative's states counted class by class")
struct TwinBlockTests {
    /// Dimensions scope (3 values), motion (2), width (3), direction (2), appearance (2): the
    /// folded ones are motion, direction and appearance, with width between them.
    static let allowed = [[0, 1, 2], [0, 1], [0, 1, 2], [0, 1], [0, 1]]
    static let folded: [(position: Int, setting: Folding.Setting)] = [(1, .motion), (3, .direction), (4, .appearance)]

    @Test("a block's combinations lie where positions count them, the last folded dimension fastest")
    func shape() throws {
        let shape = try #require(TwinBlock.Shape(allowed: Self.allowed, folded: Self.folded))
        #expect(shape.count == 8)
        // A motion step is width × direction × appearance = 12 positions; direction 2; appearance 1.
        #expect(shape.axes.map(\.stride) == [12, 2, 1])
        #expect(shape.offsets == [0, 1, 2, 3, 12, 13, 14, 15])
        #expect(shape.differing[5] == Folding.Setting.motion.bit | Folding.Setting.appearance.bit)
        // Direction and appearance end the region; motion does not.
        #expect(shape.trailingAxes == 2)
    }

    /// Members as bits over the combinations (motion, direction, appearance digits, the last
    /// fastest), and the member that differs from the representative only in what is seen.
    @Test("a group's classes are the combinations that agree in the settings it sees", arguments: [
        (Folding.Setting.direction.bit, [UInt64(0b1100_1100), 0b0011_0011], [0, 2]),
        (0, [0b1111_1111], [0]),
        (Folding.Setting.motion.bit | Folding.Setting.appearance.bit,
         [0b0000_0101, 0b0000_1010, 0b0101_0000, 0b1010_0000], [0, 1, 4, 5]),
    ] as [(UInt8, [UInt64], [Int])])
    func classes(_ seen: UInt8, _ members: [UInt64], _ canonical: [Int]) throws {
        let shape = try #require(TwinBlock.Shape(allowed: Self.allowed, folded: Self.folded))
        let classes = shape.classes[Int(seen)]
        #expect(Set(classes.map(\.members)) == Set(members))
        #expect(classes.map(\.canonical) == canonical)
    }

    @Test("a block of one state, or of more than 64, is not counted as one")
    func sizes() {
        #expect(TwinBlock.Shape(allowed: [[0], [1]], folded: [(1, .motion)]) == nil)
        #expect(TwinBlock.Shape(allowed: Array(repeating: [0, 1], count: 7), folded: (0..<7).map { ($0, .motion) }) == nil)
    }

    /// Every class of every group's view counts, by moving the representative's counts,
    /// what counting its members one by one counts.
    @Test("a class is counted as its members are, one by one", arguments: 0...15)
    func classTally(_ seen: Int) throws {
        let space = StateSpace([
            Dimension("scope", values: ["a", "b", "c"]), .motion, .width([320, 393, 440]), .direction, .appearance,
        ])
        let selection = space.states(matching: StateFilter())
        let representative = try space.state(id: "scope=b;motion=full;width=393;direction=ltr;appearance=light")
        let indexer = ValueTally.Indexer(space)
        let shape = try #require(TwinBlock.Shape(allowed: Self.allowed, folded: Self.folded))
        let block = TwinBlock(representative: representative, position: try #require(selection.position(of: representative)),
                              values: indexer.values(of: representative), shape: shape)
        for (members, canonical) in shape.classes[seen] {
            var together = ValueTally(), oneByOne = ValueTally()
            let twins = TwinClass(block: block, members: members, canonical: canonical, sees: UInt8(seen))
            twins.add(to: &together)
            for offset in 0..<twins.length {
                oneByOne.add(indexer.values(of: twins.state(at: offset)))
                #expect(twins.values(at: offset) == indexer.values(of: twins.state(at: offset)))
                #expect(twins.position(at: offset) == selection.position(of: twins.state(at: offset)))
                #expect(offset == 0 || twins.position(at: offset) > twins.position(at: offset - 1))
            }
            #expect(together.counts == oneByOne.counts)
        }
    }

    /// A block whose body reads the layout direction: the kit cannot vouch that a
    /// right-to-left twin shows its representative's document but for the settings.
    struct DirectionReader: BlockModel {
        let name = "DirectionReader"
        let summary = "A button whose label names the layout direction"
        let sourcePath = "Tests/AuditorTests/TwinBlockTests.swift"
        let stateSpace = StateSpace([Dimension("tone", values: ["a", "b"]), .contentSize, .motion, .width([393]),
                                     .direction, .appearance, .contrast])
        private let renders = RenderCache()
        var reviewScenarios: [ReviewScenario] { [] }

        func snapshot(of state: BlockState) -> Snapshot {
            renders.snapshot(
                of: state, block: name, environment: EnvironmentTable(stateSpace).environment(of: state), choices: .defaults,
                proposal: { ProposedSize(width: $0.width, height: nil) },
                body: { context in
                    Button(action: .external) {
                        Text(context.direction == .rightToLeft ? "Back" : "Next").frame(minWidth: 44, minHeight: 44)
                    }
                    .accessibilityIdentifier("probe.button")
                },
                additions: { _ in SnapshotAdditions() })
        }
    }

    @Test("a representative whose render read a folded setting counts its twins state by state, with the same outcome")
    func stateByState() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("probe.xml", ruleFile("""
            <rule id="probe-next" severity="error" blocks="DirectionReader">
              <title>Probe: the button says Next</title>
              <context>element[@id = 'probe.button']</context>
              <assert test="@label = 'Next'">says {@label}</assert>
              <pass><state><element id="probe.button" label="Next"/></state></pass>
              <fail><state><element id="probe.button" label="Back"/></state></fail>
            </rule>
            """))
        let spec = try RuleSpec.load(files: [file], schemaDirectory: Checkout.schemaDirectory, knownBlocks: ["DirectionReader"])
        func outcome(folds: Bool, memoizes: Bool, jobs: Int) throws -> BlockOutcome {
            var engine = AuditEngine(spec: spec, jobs: jobs, memoizes: memoizes)
            engine.folds = folds
            return try #require(try engine.audit([try request(DirectionReader(), ["size=L"])]).blocks.first)
        }
        let folded = try outcome(folds: true, memoizes: true, jobs: 2)
        #expect(folded.states == 2 * 16)
        #expect(folded.rules.first?.failingStates == 16)
        #expect(FoldingTests.summary(folded) == FoldingTests.summary(try outcome(folds: false, memoizes: false, jobs: 1)))
    }
}
