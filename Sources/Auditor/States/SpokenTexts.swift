import AccessibilityModel
import Synchronization

/// What VoiceOver says of each speech source written, and its hint (`Speech`), kept for
/// the elements written after it: composing them cost some 9,500 instructions an element,
/// and most elements written say what an element of an earlier state said, in another
/// place. Shared by the workers through a `Mutex`; bounded, it starts afresh when full.
enum SpokenTexts {
    static let capacity = 4_096

    private static let known = Mutex<[ElementView.SpeechSource: (speech: String, hint: String)]>([:])

    /// The speech and the hint VoiceOver gives an element of `source` (hidden or not: the
    /// caller writes nothing for a hidden one).
    static func of(_ source: ElementView.SpeechSource) -> (speech: String, hint: String) {
        if let texts = known.withLock({ $0[source] }) { return texts }
        let spoken = Speech(label: source.label, value: source.value, hint: source.hint, traits: source.traits,
                            customActions: source.customActions, seriesPosition: source.seriesPosition)
        let texts = (speech: spoken.description, hint: spoken.hint)
        known.withLock { known in
            if known.count >= capacity { known.removeAll(keepingCapacity: true) }
            known[source] = texts
        }
        return texts
    }
}
