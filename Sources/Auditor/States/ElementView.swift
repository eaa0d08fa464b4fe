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

    /// Whether the views at `a` and `b` are equal, each field read where it lies: a group
    /// compares the view of every element it meets with those it met, and read out of a
    /// list for the derived `==`, each was copied first, its strings and lists retained and
    /// released. `ElementViewEqualityTests` checks that every field is compared.
    static func equal(_ a: UnsafePointer<ElementView>, _ b: UnsafePointer<ElementView>) -> Bool {
        a.pointee.order == b.pointee.order && a.pointee.traits == b.pointee.traits && a.pointee.hidden == b.pointee.hidden
            && a.pointee.decorative == b.pointee.decorative && a.pointee.interactive == b.pointee.interactive
            && a.pointee.placement == b.pointee.placement && a.pointee.seriesIndex == b.pointee.seriesIndex
            && a.pointee.seriesCount == b.pointee.seriesCount && a.pointee.writesSpeech == b.pointee.writesSpeech
            && a.pointee.writesSpeechHint == b.pointee.writesSpeechHint && a.pointee.id == b.pointee.id
            && a.pointee.label == b.pointee.label && a.pointee.value == b.pointee.value && a.pointee.hint == b.pointee.hint
            && a.pointee.group == b.pointee.group && a.pointee.container == b.pointee.container
            && a.pointee.speech == b.pointee.speech && a.pointee.actions == b.pointee.actions
            && equalInPlace(a.pointee.facts, b.pointee.facts) && equalInPlace(a.pointee.inks, b.pointee.inks)
    }

    /// Two optional lists compared element by element where they lie (``InPlaceEquality``).
    private static func equalInPlace<Element: Equatable>(_ first: [Element]?, _ second: [Element]?) -> Bool {
        guard let first, let second else { return first == nil && second == nil }
        return InPlaceEquality.equal(first, second) { $0.pointee == $1.pointee }
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

    /// The view a narrower projection gives of the view at `source`: the same as viewing
    /// the element through that projection, provided the source keeps all it keeps. Made
    /// field by field where the source lies: only the fields kept are copied, where a
    /// copy of the whole view, narrowed, retained and released every string and list it holds.
    init(narrowing source: UnsafePointer<ElementView>, to projection: Projection) {
        typealias Attribute = StateDocument.Attribute
        func kept<T>(_ attribute: Attribute, _ value: T?) -> T? { projection.keeps(attribute) ? value : nil }
        id = kept(.id, source.pointee.id)
        order = kept(.order, source.pointee.order)
        traits = kept(.traits, source.pointee.traits)
        label = kept(.label, source.pointee.label)
        value = kept(.value, source.pointee.value)
        hint = kept(.hint, source.pointee.hint)
        hidden = kept(.hidden, source.pointee.hidden)
        decorative = kept(.decorative, source.pointee.decorative)
        interactive = kept(.interactive, source.pointee.interactive)
        placement = source.pointee.placement.narrowed(to: projection)
        group = kept(.group, source.pointee.group)
        container = kept(.container, source.pointee.container)
        seriesIndex = kept(.seriesIndex, source.pointee.seriesIndex)
        seriesCount = kept(.seriesCount, source.pointee.seriesCount)
        writesSpeech = projection.keeps(.speech)
        writesSpeechHint = projection.keeps(.speechHint)
        if writesSpeech || writesSpeechHint { speech = source.pointee.speech }
        if projection.keeps(StateDocument.Nested.fact) {
            facts = source.pointee.facts?.compactMap { fact in
                guard fact.name.map(projection.keepsFact(named:)) ?? (projection.facts == nil) else { return nil }
                return FactView(name: projection.keeps(.name) ? fact.name : nil,
                                value: projection.keeps(.value) ? fact.value : nil)
            }
        }
        if projection.keeps(StateDocument.Nested.action) {
            actions = projection.keeps(.name) ? source.pointee.actions : source.pointee.actions?.map { _ in nil }
        }
        if projection.keeps(StateDocument.Nested.ink) { inks = source.pointee.inks?.map { $0.narrowed(to: projection) } }
    }

    /// The element as the document writes it.
    var element: XMLElement {
        withUnsafePointer(to: self) { Self.element(of: $0) }
    }

    /// The element the view at `view` writes, at `placement` instead of its own when given:
    /// read where the view lies, since one read out of a list to be written was copied first.
    static func element(of view: UnsafePointer<ElementView>, placedAt placement: ElementPlacement? = nil) -> XMLElement {
        let placement = placement ?? view.pointee.placement
        var attributes: [XMLAttribute] = []
        attributes.reserveCapacity(keptCount(of: view, placedAt: placement))
        func add(_ name: String, _ value: String?) { if let value { attributes.append(XMLAttribute(name, value)) } }
        add("id", view.pointee.id)
        add("order", view.pointee.order.map(String.init))
        add("traits", view.pointee.traits?.tokens)
        add("label", view.pointee.label)
        add("value", view.pointee.value)
        add("hint", view.pointee.hint)
        add("hidden", view.pointee.hidden.map(String.init))
        add("decorative", view.pointee.decorative.map(String.init))
        add("interactive", view.pointee.interactive.map(String.init))
        add("x", placement.x.map(StateDocument.number))
        add("y", placement.y.map(StateDocument.number))
        add("width", placement.width.map(StateDocument.number))
        add("height", placement.height.map(StateDocument.number))
        add("hit-x", placement.hitX.map(StateDocument.number))
        add("hit-y", placement.hitY.map(StateDocument.number))
        add("hit-width", placement.hitWidth.map(StateDocument.number))
        add("hit-height", placement.hitHeight.map(StateDocument.number))
        add("hit-uncertainty", placement.hitUncertainty.map(StateDocument.number))
        add("group", view.pointee.group)
        add("container", view.pointee.container)
        add("series-index", view.pointee.seriesIndex.map(String.init))
        add("series-count", view.pointee.seriesCount.map(String.init))
        if let speech = view.pointee.speech {
            let spoken = speech.isHidden ? (speech: "", hint: "") : SpokenTexts.of(speech)
            if view.pointee.writesSpeech { add("speech", spoken.speech) }
            if view.pointee.writesSpeechHint { add("speech-hint", spoken.hint) }
        }
        var children: [XMLElement] = []
        children.reserveCapacity((view.pointee.facts?.count ?? 0) + (view.pointee.actions?.count ?? 0)
            + (view.pointee.inks?.count ?? 0))
        for fact in view.pointee.facts ?? [] {
            var written: [XMLAttribute] = []
            written.reserveCapacity(2)
            if let name = fact.name { written.append(XMLAttribute("name", name)) }
            if let value = fact.value { written.append(XMLAttribute("value", value)) }
            children.append(XMLElement("fact", attributes: written))
        }
        for action in view.pointee.actions ?? [] {
            children.append(XMLElement("action", attributes: action.map { [XMLAttribute("name", $0)] } ?? []))
        }
        for ink in view.pointee.inks ?? [] { children.append(ink.element) }
        return XMLElement("element", attributes: attributes, children: children)
    }

    /// How many attributes ``element`` writes, at most: its array is made once at that
    /// size, not grown by doubling for every element written.
    private static func keptCount(of view: UnsafePointer<ElementView>, placedAt placement: ElementPlacement) -> Int {
        // At most: the speech is written only when composed (comparing it with nil would copy it).
        var count = (view.pointee.writesSpeech ? 1 : 0) + (view.pointee.writesSpeechHint ? 1 : 0)
        if view.pointee.id != nil { count += 1 }
        if view.pointee.order != nil { count += 1 }
        if view.pointee.traits != nil { count += 1 }
        if view.pointee.label != nil { count += 1 }
        if view.pointee.value != nil { count += 1 }
        if view.pointee.hint != nil { count += 1 }
        if view.pointee.hidden != nil { count += 1 }
        if view.pointee.decorative != nil { count += 1 }
        if view.pointee.interactive != nil { count += 1 }
        count += placement.keptCount
        if view.pointee.group != nil { count += 1 }
        if view.pointee.container != nil { count += 1 }
        if view.pointee.seriesIndex != nil { count += 1 }
        if view.pointee.seriesCount != nil { count += 1 }
        return count
    }
}
