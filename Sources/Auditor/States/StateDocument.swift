import AccessibilityModel
import XMLSupport

/// A snapshot as the XML document rules are written against (`specs/schema/state.xsd`).
///
/// Numbers are written with at most two decimals, so documents are stable to read and to
/// compare; focus order and speech are computed here, once, from the snapshot.
public enum StateDocument {
    public static func element(for snapshot: Snapshot) -> XMLElement {
        XMLElement("state", attributes: [("block", snapshot.block), ("id", snapshot.state.id)],
                   children: children(of: snapshot).map(\.element))
    }

    /// The children of a state's document, in document order, as the model values each
    /// is written from: equal children give equal XML, so they can stand for it.
    static func children(of snapshot: Snapshot) -> [Child] {
        children(of: snapshot, known: { _ in nil })
    }

    /// ``children(of:)``, taking each child `known` gives at its place (nil where it does
    /// not): the elements and what follows them are written out only where one of them is
    /// unknown, since elements need their focus order worked out.
    static func children(of snapshot: Snapshot, known: (Int) -> Child?) -> [Child] {
        var children = leadingChildren(of: snapshot)
        children.reserveCapacity(children.count + snapshot.elements.count + snapshot.scrollRegions.count
                                 + snapshot.transitions.count)
        func add(_ count: Int, _ written: () -> [Child]) {
            let start = children.count
            let reused = (start..<start + count).compactMap(known)
            children += reused.count == count ? reused : written()
        }
        add(snapshot.elements.count) { elementChildren(of: snapshot) }
        add(snapshot.scrollRegions.count + snapshot.transitions.count) { trailingChildren(of: snapshot) }
        return children
    }

    /// The environment, the parameters and the block's facts: what comes before the elements.
    static func leadingChildren(of snapshot: Snapshot) -> [Child] {
        var children: [Child] = [.environment(snapshot.environment)]
        children.reserveCapacity(1 + snapshot.state.valueIndices.count + snapshot.facts.count)
        for (name, value) in snapshot.state.pairs { children.append(.param(name: name, value: value)) }
        for fact in snapshot.facts { children.append(.fact(fact)) }
        return children
    }

    /// The elements, each with its place in VoiceOver's order: the same for every snapshot
    /// of one ``RenderIdentity``.
    static func elementChildren(of snapshot: Snapshot) -> [Child] {
        zip(snapshot.elements, elementOrders(of: snapshot)).map { .element($0, order: $1) }
    }

    /// Each element's place in VoiceOver's order (0 when VoiceOver skips it).
    static func elementOrders(of snapshot: Snapshot) -> [Int] {
        // An element's order is its id's last place in the focus order (ids are unique in
        // practice; this keeps the document well defined when they are not).
        let elements = snapshot.elements
        let positions = FocusOrder.positions(of: elements, direction: snapshot.environment.direction)
        // Ids are told apart by a mix of their bytes, sorted, and only ids whose mixes meet
        // are compared: comparing every pair of ids, or a dictionary by id, cost as much as
        // the focus order itself.
        let mixes = elements.indices.map { HashMix.mix(ofBytesOf: elements[$0].id) }
        let byMix = elements.indices.sorted { (mixes[$0], $0) < (mixes[$1], $1) }
        var orders = positions
        var start = 0
        while start < byMix.count {
            var end = start + 1
            while end < byMix.count, mixes[byMix[end]] == mixes[byMix[start]] { end += 1 }
            let run = byMix[start..<end]
            if run.count > 1 {
                for index in run {
                    orders[index] = run.lazy.filter { elements[$0].id == elements[index].id }.map { positions[$0] }.max() ?? 0
                }
            }
            start = end
        }
        return orders
    }

    /// The scroll regions and the transitions: what comes after the elements.
    static func trailingChildren(of snapshot: Snapshot) -> [Child] {
        var children: [Child] = []
        children.reserveCapacity(snapshot.scrollRegions.count + snapshot.transitions.count)
        for region in snapshot.scrollRegions { children.append(.scroll(region)) }
        for transition in snapshot.transitions { children.append(child(of: transition, from: snapshot.state)) }
        return children
    }

    /// A transition's child in the document of `state`.
    static func child(of transition: Transition, from state: BlockState) -> Child {
        .transition(WrittenTransition(
            action: transition.action, target: transition.target,
            change: change(from: state, to: transition.resultingState),
            changesSelection: transition.changesSelection, haptics: transition.haptics, motions: transition.motions))
    }

    /// One child of the state element.
    ///
    /// Equality compares everything; hashing only what tells children apart in practice
    /// (ids, the lengths of texts, geometry, traits, inks' colours), since children are
    /// hashed for every state audited.
    enum Child: Hashable {
        case environment(AccessibilityEnvironment)
        case param(name: String, value: String)
        case fact(Fact)
        /// An element and its place in VoiceOver's order (0 when VoiceOver skips it).
        /// Boxed, like a transition, so that children copy cheaply.
        indirect case element(AccessibilityElement, order: Int)
        case scroll(ScrollRegion)
        indirect case transition(WrittenTransition)

        func hash(into hasher: inout Hasher) {
            switch self {
            case .environment(let environment):
                hasher.combine(0)
                hasher.combine(environment)
            case .param(let name, let value):
                hasher.combine(1)
                hasher.combine(name)
                hasher.combine(value)
            case .fact(let fact):
                hasher.combine(2)
                hasher.combine(fact)
            case .element(let element, let order):
                hasher.combine(3)
                hasher.combine(Self.mixed(element: element, order: order))
            case .scroll(let region):
                hasher.combine(4)
                hasher.combine(region)
            case .transition(let transition):
                hasher.combine(5)
                hasher.combine(transition.action)
                hasher.combine(transition.target)
                hasher.combine(transition.change)
                hasher.combine(transition.haptics.count)
                hasher.combine(transition.motions.count)
            }
        }

        /// The kinds of children, in the order a document lists them.
        enum Kind: UInt8, CaseIterable {
            case environment, param, fact, element, scroll, transition

            /// Whether local rules take children of this kind one at a time, as units
            /// (``RuleFootprint/unitNames``).
            var isUnit: Bool {
                switch self {
                case .element, .scroll, .transition: true
                case .environment, .param, .fact: false
                }
            }

            var name: String {
                switch self {
                case .environment: "environment"
                case .param: "param"
                case .fact: "fact"
                case .element: "element"
                case .scroll: "scroll"
                case .transition: "transition"
                }
            }

            /// The kind as one bit, for sets of kinds.
            var bit: UInt8 { 1 << rawValue }
        }

        var kind: Kind {
            switch self {
            case .environment: .environment
            case .param: .param
            case .fact: .fact
            case .element: .element
            case .scroll: .scroll
            case .transition: .transition
            }
        }

        /// The child's element name in the document.
        var name: String { kind.name }

        var element: XMLElement { element(keeping: .everything) }

        /// The child's XML with only what a projection keeps.
        func element(keeping projection: Projection) -> XMLElement {
            var attributes = Attributes(projection)
            switch self {
            case .environment(let environment):
                attributes.add(.contentSize, environment.contentSize.name)
                attributes.add(.contentSizeIndex, String(environment.contentSize.rawValue))
                attributes.add(.reduceMotion, String(environment.reduceMotion))
                attributes.add(.width, number(environment.width))
                attributes.add(.direction, environment.direction.rawValue)
                return XMLElement("environment", attributes: attributes.pairs)
            case .param(let name, let value):
                attributes.add(.name, name)
                attributes.add(.value, value)
                return XMLElement("param", attributes: attributes.pairs)
            case .fact(let fact):
                return StateDocument.fact(fact, keeping: projection)
            case .element(let element, let order):
                return StateDocument.element(for: element, order: order, keeping: projection)
            case .scroll(let region):
                attributes.add(.id, region.id)
                attributes.add(.axis, region.axis.rawValue)
                attributes.add(.contentLength, number(region.contentLength))
                attributes.add(.viewportLength, number(region.viewportLength))
                attributes.add(.overflows, String(region.overflows))
                attributes.add(.scrollEnabled, String(region.isScrollEnabled))
                attributes.add(.offset, number(region.offset))
                return XMLElement("scroll", attributes: attributes.pairs)
            case .transition(let transition):
                return transition.element(keeping: projection)
            }
        }
    }

    /// A transition as its document shows it: the resulting state only as the pairs that change.
    struct WrittenTransition: Hashable {
        var action: Transition.Action
        var target: String
        var change: String
        var changesSelection: Bool
        var haptics: [Haptic]
        var motions: [Motion]

        func element(keeping projection: Projection) -> XMLElement {
            var attributes = Attributes(projection)
            attributes.add(.action, action.rawValue)
            attributes.add(.target, target)
            attributes.add(.to, change)
            attributes.add(.changesSelection, String(changesSelection))
            var children: [XMLElement] = []
            if projection.keeps(.haptic) {
                for haptic in haptics {
                    var written = Attributes(projection)
                    written.add(.kind, haptic.kind)
                    if !haptic.style.isEmpty { written.add(.style, haptic.style) }
                    children.append(XMLElement("haptic", attributes: written.pairs))
                }
            }
            if projection.keeps(.motion) {
                for motion in motions {
                    var written = Attributes(projection)
                    written.add(.subject, motion.subject)
                    written.add(.kind, motion.kind.rawValue)
                    written.add(.token, motion.token)
                    written.add(.duration, number(motion.duration))
                    written.add(.followsFinger, String(motion.followsFinger))
                    children.append(XMLElement("motion", attributes: written.pairs))
                }
            }
            return XMLElement("transition", attributes: attributes.pairs, children: children)
        }
    }

    public static func document(for snapshot: Snapshot) -> XMLDocument {
        XMLDocument(root: element(for: snapshot))
    }

    static func element(for element: AccessibilityElement, order: Int,
                        keeping projection: Projection = .everything) -> XMLElement {
        ElementView(element, order: order, keeping: projection).element
    }

    /// The pairs of `resulting` that differ from `current`: what an interaction changes
    /// (`scope=saved`), empty when it changes nothing.
    static func change(from current: BlockState, to resulting: BlockState) -> String {
        guard current.valueIndices != resulting.valueIndices || current.dimensions != resulting.dimensions else { return "" }
        guard current.dimensions == resulting.dimensions else {
            let before = current.pairs
            return resulting.pairs.enumerated()
                .filter { $0.offset >= before.count || before[$0.offset] != $0.element }
                .map { "\($0.element.name)=\($0.element.value)" }.joined(separator: ";")
        }
        // Written into one string: an interaction changes one or two values, and this is
        // worked out for every transition of every state numbered.
        var changes = ""
        for (position, dimension) in resulting.dimensions.enumerated()
        where resulting.valueIndices[position] != current.valueIndices[position] {
            let value = dimension.values[resulting.valueIndices[position]]
            guard value != dimension.values[current.valueIndices[position]] else { continue }
            if !changes.isEmpty { changes += ";" }
            changes += dimension.name
            changes += "="
            changes += value
        }
        return changes
    }

    static func fact(_ fact: Fact, keeping projection: Projection = .everything) -> XMLElement {
        var attributes = Attributes(projection)
        attributes.add(.name, fact.name)
        attributes.add(.value, fact.value)
        return XMLElement("fact", attributes: attributes.pairs)
    }

    /// A decimal with at most two places, no exponent, no trailing zeros.
    static func number(_ value: Double) -> String {
        let hundredths = (value * 100).rounded()
        guard hundredths == hundredths.rounded(.towardZero), abs(hundredths) < 1e15 else { return "0" }
        let whole = Int(hundredths)
        let magnitude = whole.magnitude
        let (integer, fraction) = magnitude.quotientAndRemainder(dividingBy: 100)
        // Written digit by digit: documents write several numbers per element, and an
        // interpolated string costs several times as much.
        var divisor: UInt = 1
        var length = (whole < 0 ? 2 : 1) + (fraction == 0 ? 0 : fraction % 10 == 0 ? 2 : 3)
        while divisor <= integer / 10 {
            divisor *= 10
            length += 1
        }
        // The exact length, so that a short number is held in the string itself.
        return String(unsafeUninitializedCapacity: length) { buffer in
            var count = 0
            func append(_ byte: UInt8) {
                buffer[count] = byte
                count += 1
            }
            if whole < 0 { append(UInt8(ascii: "-")) }
            while divisor > 0 {
                append(UInt8(ascii: "0") + UInt8(integer / divisor % 10))
                divisor /= 10
            }
            if fraction > 0 {
                append(UInt8(ascii: "."))
                append(UInt8(ascii: "0") + UInt8(fraction / 10))
                if fraction % 10 != 0 { append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
            }
            return count
        }
    }
}

extension StateDocument.Child {
    /// `.element(element, order: order)` folded into one word, without making the child:
    /// what ``hash(into:)`` feeds the hasher for it, and what a ``ChildTable`` files it by
    /// (``ChildTable/number(ofElement:order:)``), since a hasher's rounds over the id and the
    /// mix cost more than the mix.
    static func mixed(element: AccessibilityElement, order: Int) -> Int {
        withUnsafePointer(to: element) { mixed(element: $0, order: order) }
    }

    /// The same for the element at `element`, read where it lies rather than copied.
    static func mixed(element: UnsafePointer<AccessibilityElement>, order: Int) -> Int {
        var mix = HashMix()
        mix.add(bytesOf: element.pointee.id)
        mix.add(contentOf: element, order: order)
        mix.add(element.pointee.frame)
        mix.add(element.pointee.hitRegion)
        return mix.number
    }

    /// What a ``ChildTable`` files the child by: an element by its mix, so that it is found
    /// whether it was numbered as a child or as an element; any other child by its hash.
    var tableHash: Int {
        if case .element(let element, let order) = self { return Self.mixed(element: element, order: order) }
        return hashValue
    }

}
