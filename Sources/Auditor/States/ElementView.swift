import AccessibilityModel
import XMLSupport

/// An accessibility element as a projection shows it: each attribute the projection
/// keeps, nil for the rest (and for optional attributes the element lacks).
///
/// The document writes every element through a view (the whole document through a view
/// that keeps everything), so two elements with equal views write equal XML. Comparing
/// views instead of written XML keeps projecting cheap: no numbers are formatted and no
/// speech is composed until a view is written, once per distinct view.
///
/// Equality compares every field; the hash only what is cheap and tells views apart in
/// practice (the id, the numbers, the traits, the lengths of the texts), since a view is
/// hashed for every element a group meets for the first time. Views that differ only in
/// the letters of a text share a hash and are told apart by equality.
struct ElementView: Hashable {
    var id: String?
    var order: Int?
    var traits: AccessibilityTraits?
    var label: String?
    var value: String?
    var hint: String?
    var hidden: Bool?
    var decorative: Bool?
    var interactive: Bool?
    /// The frame and hit region, the attributes layout sets.
    var placement: ElementPlacement
    var group: String?
    var container: String?
    var seriesIndex: Int?
    var seriesCount: Int?
    /// What VoiceOver's speech is composed from, when the speech or its hint is kept.
    var speech: SpeechSource?
    var writesSpeech = false
    var writesSpeechHint = false
    var facts: [FactView]?
    /// Custom actions, each with its name when `name` is kept.
    var actions: [String?]?
    var inks: [InkView]?

    /// The inputs of `Speech(for:)`, and whether the element is hidden (it then says nothing).
    struct SpeechSource: Hashable {
        var label: String
        var value: String
        var hint: String
        var traits: AccessibilityTraits
        var customActions: [String]
        var seriesPosition: SeriesPosition?
        var isHidden: Bool
    }

    struct FactView: Hashable {
        var name: String?
        var value: String?
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        var mix = HashMix()
        mix.add(order ?? -1)
        mix.add(Int(traits?.rawValue ?? .max))
        mix.add(Self.flag(hidden) | Self.flag(decorative) << 2 | Self.flag(interactive) << 4
            | (writesSpeech ? 64 : 0) | (writesSpeechHint ? 128 : 0))
        placement.mix(into: &mix)
        mix.add(Self.length(label) << 40 ^ Self.length(value) << 20 ^ Self.length(hint))
        mix.add(Self.length(group) << 20 ^ Self.length(container))
        mix.add((seriesIndex ?? -1) << 32 ^ (seriesCount ?? -1))
        mix.add(Int(speech?.traits.rawValue ?? .max))
        mix.add(facts?.count ?? -1)
        for fact in facts ?? [] { mix.add(Self.length(fact.value)) }
        mix.add(actions?.count ?? -1)
        mix.add(inks?.count ?? -1)
        for ink in inks ?? [] { ink.mix(into: &mix) }
        hasher.combine(mix.value)
    }

    /// An optional flag as two bits: whether it is kept, and its value.
    private static func flag(_ value: Bool?) -> Int { value.map { $0 ? 3 : 1 } ?? 0 }

    /// A text's length in bytes, -1 when not kept: constant time for Swift's own strings.
    fileprivate static func length(_ text: String?) -> Int { text?.utf8.count ?? -1 }

    /// An ink as a projection shows it; written with its element's id, so a finding about
    /// it names the element.
    struct InkView: Hashable {
        var id: String?
        var kind: String?
        var label: String?
        var token: String?
        /// Colours are kept as colours and written as hex: formatted once per distinct view,
        /// not for every ink viewed. Two colours with the same hex write the same XML.
        var foreground: SRGBColor?
        var background: SRGBColor?
        var inside: SRGBColor?
        var pointSize: Double?
        var weight: String?
        var x: Double?
        var y: Double?
        var width: Double?
        var height: Double?

        init(_ ink: Ink, of element: String, keeping projection: Projection) {
            typealias Attribute = StateDocument.Attribute
            func kept<T>(_ attribute: Attribute, _ value: T?) -> T? { projection.keeps(attribute) ? value : nil }
            id = kept(.id, element)
            kind = kept(.kind, ink.kind.rawValue)
            label = kept(.label, ink.text)
            token = kept(.token, ink.token)
            foreground = kept(.foreground, ink.foreground)
            background = kept(.background, ink.background)
            inside = kept(.inside, ink.inside)
            pointSize = kept(.pointSize, ink.pointSize)
            weight = kept(.weight, ink.weight)
            x = kept(.x, ink.frame.x)
            y = kept(.y, ink.frame.y)
            width = kept(.width, ink.frame.width)
            height = kept(.height, ink.frame.height)
        }

        /// What ``ElementView``'s hash takes of an ink: its numbers and colours, and the
        /// lengths of its texts.
        func mix(into mix: inout HashMix) {
            mix.add(pointSize)
            mix.add(x)
            mix.add(y)
            mix.add(width)
            mix.add(height)
            mix.add(foreground)
            mix.add(background)
            mix.add(inside)
            mix.add(ElementView.length(id) << 40 ^ ElementView.length(kind) << 30 ^ ElementView.length(label) << 20
                ^ ElementView.length(token) << 10 ^ ElementView.length(weight))
        }

        func narrowed(to projection: Projection) -> InkView {
            var view = self
            func keep<T>(_ attribute: StateDocument.Attribute, _ field: inout T?) { if !projection.keeps(attribute) { field = nil } }
            keep(.id, &view.id)
            keep(.kind, &view.kind)
            keep(.label, &view.label)
            keep(.token, &view.token)
            keep(.foreground, &view.foreground)
            keep(.background, &view.background)
            keep(.inside, &view.inside)
            keep(.pointSize, &view.pointSize)
            keep(.weight, &view.weight)
            keep(.x, &view.x)
            keep(.y, &view.y)
            keep(.width, &view.width)
            keep(.height, &view.height)
            return view
        }

        var element: XMLElement {
            var attributes: [XMLAttribute] = []
            attributes.reserveCapacity(keptCount)
            func add(_ name: String, _ value: String?) { if let value { attributes.append(XMLAttribute(name, value)) } }
            add("id", id)
            add("kind", kind)
            add("label", label)
            add("token", token)
            add("foreground", foreground?.hex)
            add("background", background?.hex)
            add("inside", inside?.hex)
            add("point-size", pointSize.map(StateDocument.number))
            add("weight", weight)
            add("x", x.map(StateDocument.number))
            add("y", y.map(StateDocument.number))
            add("width", width.map(StateDocument.number))
            add("height", height.map(StateDocument.number))
            return XMLElement("ink", attributes: attributes)
        }

        /// How many attributes ``element`` writes: its array is made once at that size.
        private var keptCount: Int {
            var count = 0
            if id != nil { count += 1 }
            if kind != nil { count += 1 }
            if label != nil { count += 1 }
            if token != nil { count += 1 }
            if weight != nil { count += 1 }
            if foreground != nil { count += 1 }
            if background != nil { count += 1 }
            if inside != nil { count += 1 }
            if pointSize != nil { count += 1 }
            if x != nil { count += 1 }
            if y != nil { count += 1 }
            if width != nil { count += 1 }
            if height != nil { count += 1 }
            return count
        }
    }

    init(_ element: AccessibilityElement, order: Int, keeping projection: Projection) {
        typealias Attribute = StateDocument.Attribute
        func kept<T>(_ attribute: Attribute, _ value: T?) -> T? { projection.keeps(attribute) ? value : nil }
        id = kept(.id, element.id)
        self.order = kept(.order, order)
        traits = kept(.traits, element.traits)
        label = kept(.label, element.label)
        value = kept(.value, element.value)
        hint = kept(.hint, element.hint)
        hidden = kept(.hidden, element.isHidden)
        decorative = kept(.decorative, element.isDecorative)
        interactive = kept(.interactive, element.isInteractive)
        placement = ElementPlacement(element, keeping: projection)
        group = kept(.group, element.group)
        container = kept(.container, element.container)
        seriesIndex = kept(.seriesIndex, element.seriesPosition?.index)
        seriesCount = kept(.seriesCount, element.seriesPosition?.count)
        writesSpeech = projection.keeps(.speech)
        writesSpeechHint = projection.keeps(.speechHint)
        if writesSpeech || writesSpeechHint {
            speech = SpeechSource(label: element.label, value: element.value, hint: element.hint, traits: element.traits,
                                  customActions: element.customActions, seriesPosition: element.seriesPosition,
                                  isHidden: element.isHidden)
        }
        if projection.keeps(StateDocument.Nested.fact) {
            facts = element.facts.compactMap { fact in
                projection.keepsFact(named: fact.name) ? FactView(name: kept(.name, fact.name), value: kept(.value, fact.value)) : nil
            }
        }
        if projection.keeps(StateDocument.Nested.action) {
            actions = element.customActions.map { kept(.name, $0) }
        }
        if projection.keeps(StateDocument.Nested.ink) {
            inks = element.inks.map { InkView($0, of: element.id, keeping: projection) }
        }
    }

    /// The view a narrower projection gives, from this one: the same as viewing the
    /// element through that projection, provided this view keeps all it keeps. Consuming:
    /// the view is narrowed where it lies, not copied a second time to be changed.
    consuming func narrowed(to projection: Projection) -> ElementView {
        typealias Attribute = StateDocument.Attribute
        var view = consume self
        func keep<T>(_ attribute: Attribute, _ field: inout T?) { if !projection.keeps(attribute) { field = nil } }
        keep(.id, &view.id)
        keep(.order, &view.order)
        keep(.traits, &view.traits)
        keep(.label, &view.label)
        keep(.value, &view.value)
        keep(.hint, &view.hint)
        keep(.hidden, &view.hidden)
        keep(.decorative, &view.decorative)
        keep(.interactive, &view.interactive)
        view.placement = view.placement.narrowed(to: projection)
        keep(.group, &view.group)
        keep(.container, &view.container)
        keep(.seriesIndex, &view.seriesIndex)
        keep(.seriesCount, &view.seriesCount)
        view.writesSpeech = projection.keeps(.speech)
        view.writesSpeechHint = projection.keeps(.speechHint)
        if !view.writesSpeech && !view.writesSpeechHint { view.speech = nil }
        if projection.keeps(StateDocument.Nested.fact) {
            view.facts = view.facts?.compactMap { fact in
                guard fact.name.map(projection.keepsFact(named:)) ?? (projection.facts == nil) else { return nil }
                return FactView(name: projection.keeps(.name) ? fact.name : nil,
                                value: projection.keeps(.value) ? fact.value : nil)
            }
        } else {
            view.facts = nil
        }
        if projection.keeps(StateDocument.Nested.action) {
            if !projection.keeps(.name) { view.actions = view.actions?.map { _ in nil } }
        } else {
            view.actions = nil
        }
        view.inks = projection.keeps(StateDocument.Nested.ink) ? view.inks?.map { $0.narrowed(to: projection) } : nil
        return view
    }

    /// The element as the document writes it.
    var element: XMLElement {
        var attributes: [XMLAttribute] = []
        attributes.reserveCapacity(keptCount)
        func add(_ name: String, _ value: String?) { if let value { attributes.append(XMLAttribute(name, value)) } }
        add("id", id)
        add("order", order.map(String.init))
        add("traits", traits?.tokens)
        add("label", label)
        add("value", value)
        add("hint", hint)
        add("hidden", hidden.map(String.init))
        add("decorative", decorative.map(String.init))
        add("interactive", interactive.map(String.init))
        add("x", placement.x.map(StateDocument.number))
        add("y", placement.y.map(StateDocument.number))
        add("width", placement.width.map(StateDocument.number))
        add("height", placement.height.map(StateDocument.number))
        add("hit-x", placement.hitX.map(StateDocument.number))
        add("hit-y", placement.hitY.map(StateDocument.number))
        add("hit-width", placement.hitWidth.map(StateDocument.number))
        add("hit-height", placement.hitHeight.map(StateDocument.number))
        add("hit-uncertainty", placement.hitUncertainty.map(StateDocument.number))
        add("group", group)
        add("container", container)
        add("series-index", seriesIndex.map(String.init))
        add("series-count", seriesCount.map(String.init))
        if let speech {
            let spoken = speech.isHidden ? (speech: "", hint: "") : SpokenTexts.of(speech)
            if writesSpeech { add("speech", spoken.speech) }
            if writesSpeechHint { add("speech-hint", spoken.hint) }
        }
        var children: [XMLElement] = []
        children.reserveCapacity((facts?.count ?? 0) + (actions?.count ?? 0) + (inks?.count ?? 0))
        for fact in facts ?? [] {
            var written: [XMLAttribute] = []
            written.reserveCapacity(2)
            if let name = fact.name { written.append(XMLAttribute("name", name)) }
            if let value = fact.value { written.append(XMLAttribute("value", value)) }
            children.append(XMLElement("fact", attributes: written))
        }
        for action in actions ?? [] {
            children.append(XMLElement("action", attributes: action.map { [XMLAttribute("name", $0)] } ?? []))
        }
        for ink in inks ?? [] { children.append(ink.element) }
        return XMLElement("element", attributes: attributes, children: children)
    }

    /// How many attributes ``element`` writes, at most: its array is made once at that
    /// size, not grown by doubling for every element written.
    private var keptCount: Int {
        // At most: the speech is written only when composed (comparing it with nil would copy it).
        var count = (writesSpeech ? 1 : 0) + (writesSpeechHint ? 1 : 0)
        if id != nil { count += 1 }
        if order != nil { count += 1 }
        if traits != nil { count += 1 }
        if label != nil { count += 1 }
        if value != nil { count += 1 }
        if hint != nil { count += 1 }
        if hidden != nil { count += 1 }
        if decorative != nil { count += 1 }
        if interactive != nil { count += 1 }
        count += placement.keptCount
        if group != nil { count += 1 }
        if container != nil { count += 1 }
        if seriesIndex != nil { count += 1 }
        if seriesCount != nil { count += 1 }
        return count
    }
}
