import AccessibilityModel
import BlockModels
import ModelKit
import Testing

/// The built-in bodies keep parts between renders (`RenderContext.reused`): a part that
/// depended on something it neither read nor named in its key would show another state's
/// view. Every snapshot of runs of neighbouring states, where parts are reused, must be the
/// snapshot a block that builds every part makes.
@Suite("Parts kept between renders change no snapshot")
struct KeptPartsTests {
    enum Block: String, CaseIterable, CustomTestStringConvertible {
        case scopeHeader = "ScopeHeader", topTabs = "TopTabs", scrollingTabStrip = "ScrollingTabStrip"

        /// A block of its own, with a render cache of its own.
        func make() -> any BlockModel {
            switch self {
            case .scopeHeader: ScopeHeader()
            case .topTabs: TopTabs()
            case .scrollingTabStrip: ScrollingTabStrip()
            }
        }

        var testDescription: String { rawValue }
    }

    @Test("runs of neighbouring states, spread over the whole space, render alike with parts kept and without",
          arguments: Block.allCases)
    func sameSnapshots(block: Block) {
        let kept = block.make(), built = block.make()
        let states = kept.stateSpace.all
        // Runs of 300 neighbours (a few text sizes and widths of one body input), at 40
        // places across the space.
        let runs = 40, length = 300
        var compared = 0
        for run in 0..<runs {
            let start = states.count * run / runs
            for position in start..<min(start + length, states.count) {
                let state = states[position]
                let withParts = kept.snapshot(of: state)
                let without = RenderContext.$reusesParts.withValue(false) { built.snapshot(of: state) }
                guard withParts.elements == without.elements, withParts.scrollRegions == without.scrollRegions,
                      withParts.transitions == without.transitions, withParts.facts == without.facts,
                      withParts.assumptionsRead == without.assumptionsRead,
                      withParts.dimensionsRead == without.dimensionsRead else {
                    Issue.record("\(block.rawValue) \(state.id) differs with parts kept")
                    return
                }
                compared += 1
            }
        }
        #expect(compared >= min(states.count, runs * length / 2))
    }
}
