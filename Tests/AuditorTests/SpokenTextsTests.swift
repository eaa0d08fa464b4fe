import AccessibilityModel
@testable import Auditor
import BlockModels
import Testing

/// What VoiceOver says of an element, kept between the elements written, is what composing
/// it says, the first time and every time after.
@Suite("Spoken texts: kept speech is composed speech")
struct SpokenTextsTests {
    @Test("every element of states spread over each block's space speaks as composed, from the cache too",
          arguments: BuiltInBlocks.all.map(\.name))
    func keptIsComposed(block name: String) throws {
        let block = try #require(BuiltInBlocks.all.first { $0.name == name })
        let states = block.stateSpace.all
        var sources = 0
        for position in stride(from: 0, to: states.count, by: max(1, states.count / 25)) {
            for element in block.snapshot(of: states[position]).elements {
                let source = ElementView.SpeechSource(label: element.label, value: element.value, hint: element.hint,
                                                      traits: element.traits, customActions: element.customActions,
                                                      seriesPosition: element.seriesPosition, isHidden: element.isHidden)
                let composed = Speech(label: element.label, value: element.value, hint: element.hint, traits: element.traits,
                                      customActions: element.customActions, seriesPosition: element.seriesPosition)
                for _ in 0..<2 {
                    let kept = SpokenTexts.of(source)
                    #expect(kept.speech == composed.description, "\(element.id)")
                    #expect(kept.hint == composed.hint, "\(element.id)")
                }
                sources += 1
            }
        }
        #expect(sources > 0)
    }
}
