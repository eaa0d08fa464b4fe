/// What VoiceOver says when it lands on an element: one implementation of the grammar.
///
/// The grammar is shared reference `voiceover.md`, "The parts, in the order VoiceOver speaks
/// them". Its anchors:
/// - **AccessibilitySnapshot** (cashapp, `UIAccessibility+SnapshotAdditions.swift`): which parts
///   are spoken, in which order, the trait words and trait hints (its English strings were
///   recorded from real VoiceOver), and the edge cases (hint-only elements, suppressed hints).
///   Its punctuation ("Label: Value. Button.") is a display format and is *not* reproduced.
/// - **Real VoiceOver captions** (the caption panel; `pymobiledevice3 developer accessibility
///   list-items`): parts separated by commas, "Wi-Fi, Switch button, on". ``description``
///   follows that style.
///
/// The parts, in order:
/// 1. "Selected" when the element has the selected trait.
/// 2. The label, unless it is "Back" on a back button (the "Back Button" trait word says it).
/// 3. The value when non-empty. A switch speaks its value as its state instead (step 4).
/// 4. The trait words of ``traitWords``, in that fixed order; after "Switch Button" the state
///    ``switchStateWords`` gives for the value ("1" → "On"), or the raw value.
/// 5. The position in a series, "2 of 4", when the element has one (tab-bar tabs).
/// 6. After a pause, the ``hint``: the element's hint, then the trait hints (``TraitHints``),
///    then "Actions available" when custom actions exist.
///
/// When nothing precedes the trait words (no "Selected", label or value), VoiceOver speaks the
/// element's hint in their place, before the trait words, and not again after the pause; an
/// adjustable element then drops its adjustable hint (AccessibilitySnapshot,
/// `DescriptionEdgeCasesViewController`: "Hint. Button.", "Hint. Adjustable.").
public struct Speech: Sendable, Hashable {
    /// The parts spoken on landing, joined by ", " (caption style): "Selected, Following, 4 new, Button".
    public var description: String
    /// What is spoken after the pause, sentences joined by a space; "" when nothing is.
    /// Includes the trait hints ("Double tap to toggle setting.") and "Actions available".
    public var hint: String
    /// The transcript line: the description, then the hint in parentheses after a space, which
    /// marks the pause: "Selected, Unread, Button (Adds this filter to the feed.)". Only the
    /// parenthesised hint when the description is empty; "" when nothing is spoken.
    public var line: String
    /// The words and numbers of ``description`` then ``hint``, as ``tokens(of:)`` gives them.
    public var tokens: [String] { Self.tokens(of: description) + Self.tokens(of: hint) }

    public init(for element: AccessibilityElement) {
        self.init(label: element.label, value: element.value, hint: element.hint, traits: element.traits,
                  customActions: element.customActions, seriesPosition: element.seriesPosition,
                  expansion: element.expansion, isEditing: element.isEditing)
    }

    public init(label: String, value: String, hint: String, traits: AccessibilityTraits,
                customActions: [String] = [], seriesPosition: SeriesPosition? = nil,
                expansion: Expansion? = nil, isEditing: Bool = false) {
        let label = Self.trimmed(label)
        let value = Self.trimmed(value)
        let userHint = Self.trimmed(hint)
        var parts: [String] = []

        // 1. Selected, first.
        if traits.contains(.selected) { parts.append(Self.selectedWord) }
        // 2. The label; a back button does not repeat "Back".
        if !label.isEmpty, !(traits.contains(.backButton) && label == Self.backLabel) { parts.append(label) }
        // 3. The value; a switch speaks it as its state, among the trait words.
        if !value.isEmpty, !traits.contains(.switchButton) { parts.append(value) }

        // A hint-only element speaks its hint where the label would be.
        var hintSentences: [String] = []
        let hintTakesLabelPlace = parts.isEmpty && !userHint.isEmpty
        if hintTakesLabelPlace {
            parts.append(userHint)
        } else if !userHint.isEmpty {
            hintSentences.append(userHint)
        }

        // 4. Trait words (a text field being edited says so after "Text Field"), the
        // expansion state, then 5. the position in a series.
        parts += Self.spokenTraitWords(for: traits, value: value)
        if isEditing, traits.contains(.textEntry) {
            parts.insert(Self.editingWords, at: (parts.firstIndex(of: "Text Field") ?? parts.count - 1) + 1)
        }
        if let expansion { parts.append(Self.expansionWords[expansion]!) }
        if let position = seriesPosition {
            parts.append("\(position.index) of \(position.count)")
        }

        // 6. After the pause: the hint, trait hints, then custom actions.
        hintSentences = TraitHints.apply(to: hintSentences, traits: traits, hintTookLabelPlace: hintTakesLabelPlace)
        if !customActions.isEmpty { hintSentences.append(Self.actionsAvailable) }

        let description = parts.joined(separator: ", ")
        let spokenHint = Self.joinSentences(hintSentences)
        self.description = description
        self.hint = spokenHint
        switch (description.isEmpty, spokenHint.isEmpty) {
        case (_, true): self.line = description
        case (true, false): self.line = "(\(spokenHint))"
        case (false, false): self.line = "\(description) (\(spokenHint))"
        }
    }

    /// Words and numbers in order, lowercased, punctuation and case ignored (shared by peer
    /// comparisons and, later, device comparisons).
    ///
    /// A token is a run of letters and digits. An apostrophe between letters is dropped
    /// ("don't" → "dont"); a "." or "," between digits stays ("4.5", "1,000"). Everything
    /// else separates tokens and is dropped: "Selected: 07. Button." → ["selected", "07", "button"].
    public static func tokens(of text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            if character.isLetter || character.isNumber {
                current.append(character)
                continue
            }
            if !current.isEmpty, index + 1 < characters.count {
                let previous = characters[index - 1], next = characters[index + 1]
                if character == "'" || character == "\u{2019}", previous.isLetter, next.isLetter { continue }
                if character == "." || character == ",", previous.isNumber, next.isNumber {
                    current.append(character)
                    continue
                }
            }
            if !current.isEmpty {
                tokens.append(current.lowercased())
                current = ""
            }
        }
        if !current.isEmpty { tokens.append(current.lowercased()) }
        return tokens
    }
}

// MARK: - The words

extension Speech {
    /// A word VoiceOver says for a trait, and the traits that silence it.
    public struct TraitWord: Sendable, Hashable {
        public var trait: AccessibilityTraits
        public var word: String
        /// The word is not said when the element has any of these traits.
        public var silencedBy: AccessibilityTraits

        public init(_ trait: AccessibilityTraits, _ word: String, silencedBy: AccessibilityTraits = []) {
            self.trait = trait
            self.word = word
            self.silencedBy = silencedBy
        }
    }

    /// The trait words, in the fixed order VoiceOver speaks them (`voiceover.md`, part 4;
    /// AccessibilitySnapshot's `traitSpecifiers` order and `trait.*.description` strings).
    /// "Button" is not said for a tab-bar item, a switch, a back button or a keyboard key.
    /// Traits without a word (playsSound, staticText, summaryElement, updatesFrequently,
    /// startsMediaSession, allowsDirectInteraction, causesPageTurn, the tabBar container
    /// trait) are not spoken. A text field being edited adds "Is editing" after "Text Field"
    /// (VoiceOver: "Name, Text field, is editing"); the model has no secure-text-field trait.
    ///
    /// "Switch Button" is said whenever the element has `switchButton`: in this model the trait
    /// means "is a switch". (AccessibilitySnapshot says it only when `.button` is present too,
    /// for UIKit views that pass the private bit through from a contained switch.)
    public static let traitWords: [TraitWord] = [
        TraitWord(.notEnabled, "Dimmed"),
        TraitWord(.button, "Button", silencedBy: [.tab, .switchButton, .backButton, .keyboardKey]),
        TraitWord(.backButton, "Back Button"),
        TraitWord(.switchButton, "Switch Button"),  // followed by the switch state
        TraitWord(.tab, "Tab"),
        TraitWord(.textEntry, "Text Field"),
        TraitWord(.header, "Heading"),
        TraitWord(.link, "Link"),
        TraitWord(.adjustable, "Adjustable"),
        TraitWord(.image, "Image"),
        TraitWord(.searchField, "Search Field"),
    ]

    /// What a switch says after "Switch Button" for its value (`trait.switch_button.state_*`).
    /// Any other non-empty value is said as it is, in the same place.
    public static let switchStateWords: [String: String] = ["1": "On", "0": "Off", "2": "Mixed"]

    /// Said after "Text Field" while the user types in it.
    public static let editingWords = "Is editing"

    /// Said after the trait words for a disclosure control. Apple does not document where
    /// VoiceOver places "Expanded"/"Collapsed". The one public transcript found is of iOS
    /// VoiceOver on a web disclosure button: "collapse n.1, button, expanded", state after
    /// the trait, while macOS VoiceOver said "collapsed, button"
    /// (PolymerElements/iron-collapse issue #30, 2015). The model follows iOS and puts it
    /// where a switch's state goes ("Details, Button, Collapsed"); the evidence is old and
    /// from Safari, so rules should not depend on its place.
    public static let expansionWords: [Expansion: String] = [.expanded: "Expanded", .collapsed: "Collapsed"]

    /// Said first for a selected element (`trait.selected.description`).
    public static let selectedWord = "Selected"
    /// The label a back button does not repeat (`back.descriptor`).
    public static let backLabel = "Back"
    /// Said after the hint when the element has custom actions (`custom_actions.description`).
    public static let actionsAvailable = "Actions available"

    /// The hints traits add after the pause (AccessibilitySnapshot `trait.*.hint`; the way they
    /// combine with the element's hint follows its `accessibilityDescription` and the
    /// assertions of its pull request #348).
    public enum TraitHints {
        /// Added after the element's hint for an adjustable element (`trait.adjustable.hint`).
        public static let adjustable = "Swipe up or down with one finger to adjust the value."
        /// Added after the element's hint for a switch (`trait.switch_button.hint`).
        public static let switchButton = "Double tap to toggle setting."
        /// Replaces the element's hint (and a switch hint) for a text field (`trait.text_field.hint`).
        public static let textEntry = "Double tap to edit."

        /// The sentences after the pause once trait hints are applied to the element's hint.
        /// A dimmed element gets no trait hints. A switch or an element whose hint took the
        /// label's place gets no adjustable hint.
        static func apply(to sentences: [String], traits: AccessibilityTraits, hintTookLabelPlace: Bool) -> [String] {
            guard !traits.contains(.notEnabled) else { return sentences }
            var sentences = sentences
            if traits.contains(.switchButton) { sentences.append(switchButton) }
            if traits.contains(.textEntry) { sentences = [textEntry] }
            if traits.contains(.adjustable), !traits.contains(.switchButton), !hintTookLabelPlace {
                sentences.append(adjustable)
            }
            return sentences
        }
    }

    /// The trait words an element with `traits` and `value` says, in order.
    static func spokenTraitWords(for traits: AccessibilityTraits, value: String) -> [String] {
        var words: [String] = []
        for entry in traitWords where traits.contains(entry.trait) && traits.isDisjoint(with: entry.silencedBy) {
            words.append(entry.word)
            if entry.trait == .switchButton, !value.isEmpty {
                words.append(switchStateWords[value] ?? value)
            }
        }
        return words
    }
}

// MARK: - Text

extension Speech {
    private static func trimmed(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
              let last = text.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(text[first...last])
    }

    /// Sentences joined by a space; a sentence followed by another gets a period if it has no
    /// closing punctuation ("Hint" + adjustable → "Hint. Swipe up or down…").
    private static func joinSentences(_ sentences: [String]) -> String {
        sentences.enumerated().map { index, sentence in
            let isLast = index == sentences.count - 1
            let isClosed = sentence.last.map { ".!?…".contains($0) } ?? true
            return isLast || isClosed ? sentence : sentence + "."
        }.joined(separator: " ")
    }
}
