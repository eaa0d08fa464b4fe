import AccessibilityModel
import Testing

/// A selection dealt out by the values of one dimension: every state in exactly one share,
/// each value of the dimension in one share only, runs in position order.
@Suite("A selection's states dealt out by the values of a dimension")
struct SelectionSharesTests {
    /// Two regions with the text size in the middle.
    static let space = StateSpace(regions: [
        [Dimension("tabs", values: ["few"]), Dimension("selection", values: ["all", "saved"]),
         .contentSize, .motion, .width([320, 393]), .direction],
        [Dimension("tabs", values: ["long"]), Dimension("selection", values: ["essays", "politics", "photos"]),
         .contentSize, .motion, .width([440]), .direction],
    ])

    @Test("every state is in one share; a size's states all in the share its value is dealt to", arguments: [1, 2, 3, 5])
    func everyStateOnce(shares: Int) throws {
        let selection = Self.space.all
        let dealt = try #require(selection.shares(shares, dealingOut: "size"))
        #expect(dealt.count == shares)
        let positions = dealt.flatMap { $0.flatMap { Array($0) } }
        #expect(positions.sorted() == Array(selection.indices))
        for (share, runs) in dealt.enumerated() {
            #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound }, "runs in order, never touching")
            for position in runs.joined() {
                let state = selection[position]
                guard let size = state.dimensions.firstIndex(where: { $0.name == "size" }) else { continue }
                #expect(state.valueIndices[size] % shares == share)
            }
        }
    }

    @Test("a run holds every value of the dimensions after the size, and one size")
    func runs() throws {
        let selection = Self.space.all
        let dealt = try #require(selection.shares(2, dealingOut: "size"))
        // First region: motion 2 × width 2 × direction 2 after the size.
        #expect(dealt[0].first == 0..<8)
        #expect(dealt[1].first == 8..<16)
    }

    @Test("without the dimension, or with one of its values selected, each region is cut into contiguous ranges; one share is the whole selection")
    func withoutTheDimension() throws {
        let selection = Self.space.all
        // Regions of 192 and 144 states.
        #expect(selection.shares(2, dealingOut: "weather") == [[0..<96, 192..<264], [96..<192, 264..<336]])
        let oneSize = Self.space.states(matching: try StateFilter(parsing: ["size=L"], in: Self.space))
        #expect(oneSize.shares(2, dealingOut: "size") == [[0..<8, 16..<22], [8..<16, 22..<28]])
        #expect(selection.shares(1, dealingOut: "size") == [[0..<selection.count]])
    }

    @Test("a strided share of CI jobs is not dealt out: its neighbours are other jobs'")
    func strided() {
        #expect(Self.space.all.strided(from: 0, by: 2).shares(2, dealingOut: "size") == nil)
    }
}
