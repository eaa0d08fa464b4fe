import AccessibilityModel
import XMLSupport

/// A snapshot as the XML document rules are written against (`specs/schema/state.xsd`).
///
/// Numbers are written with at most two decimals, so documents are stable to read and to
/// compare; focus order and speech are computed here, once, from the snapshot.
public enum StateDocument {
    public static func element(for snapshot: Snapshot) -> XMLElement {
        let environment = snapshot.environment
        var children: [XMLElement] = [
            XMLElement("environment", attributes: [
                ("content-size", environment.contentSize.name),
                ("content-size-index", String(environment.contentSize.rawValue)),
                ("reduce-motion", String(environment.reduceMotion)),
                ("width", number(environment.width)),
                ("direction", environment.direction.rawValue),
            ]),
        ]
        for (name, value) in snapshot.state.pairs {
            children.append(XMLElement("param", attributes: [("name", name), ("value", value)]))
        }
        children += snapshot.facts.map(fact)

        var order: [String: Int] = [:]
        for (position, element) in snapshot.focusOrder.enumerated() { order[element.id] = position + 1 }
        children += snapshot.elements.map { element(for: $0, order: order[$0.id] ?? 0) }

        children += snapshot.scrollRegions.map { region in
            XMLElement("scroll", attributes: [
                ("id", region.id), ("axis", region.axis.rawValue),
                ("content-length", number(region.contentLength)), ("viewport-length", number(region.viewportLength)),
                ("overflows", String(region.overflows)), ("scroll-enabled", String(region.isScrollEnabled)),
                ("offset", number(region.offset)),
            ])
        }
        children += snapshot.transitions.map { transition in
            XMLElement("transition", attributes: [
                ("action", transition.action.rawValue), ("target", transition.target),
                ("to", change(from: snapshot.state, to: transition.resultingState)),
                ("changes-selection", String(transition.changesSelection)),
            ], children: transition.haptics.map { haptic in
                XMLElement("haptic", attributes: haptic.style.isEmpty
                           ? [("kind", haptic.kind)] : [("kind", haptic.kind), ("style", haptic.style)])
            } + transition.motions.map { motion in
                XMLElement("motion", attributes: [
                    ("subject", motion.subject), ("kind", motion.kind.rawValue),
                    ("token", motion.token), ("duration", number(motion.duration)),
                    ("follows-finger", String(motion.followsFinger)),
                ])
            })
        }
        return XMLElement("state", attributes: [("block", snapshot.block), ("id", snapshot.state.id)], children: children)
    }

    public static func document(for snapshot: Snapshot) -> XMLDocument {
        XMLDocument(root: element(for: snapshot))
    }

    static func element(for element: AccessibilityElement, order: Int) -> XMLElement {
        let speech = Speech(for: element)
        var attributes: [(name: String, value: String)] = [
            ("id", element.id), ("order", String(order)), ("traits", element.traits.tokens),
            ("label", element.label), ("value", element.value), ("hint", element.hint),
            ("hidden", String(element.isHidden)), ("decorative", String(element.isDecorative)),
            ("interactive", String(element.isInteractive)),
            ("x", number(element.frame.x)), ("y", number(element.frame.y)),
            ("width", number(element.frame.width)), ("height", number(element.frame.height)),
        ]
        if let hit = element.hitRegion {
            attributes += [("hit-x", number(hit.x)), ("hit-y", number(hit.y)),
                           ("hit-width", number(hit.width)), ("hit-height", number(hit.height)),
                           ("hit-uncertainty", number(element.hitRegionUncertainty))]
        }
        if let group = element.group { attributes.append(("group", group)) }
        if let container = element.container { attributes.append(("container", container)) }
        if let position = element.seriesPosition {
            attributes += [("series-index", String(position.index)), ("series-count", String(position.count))]
        }
        attributes += [("speech", element.isHidden ? "" : speech.description),
                       ("speech-hint", element.isHidden ? "" : speech.hint)]
        return XMLElement("element", attributes: attributes,
                          children: element.facts.map(fact) + element.customActions.map {
                              XMLElement("action", attributes: [("name", $0)])
                          })
    }

    /// The pairs of `resulting` that differ from `current`: what an interaction changes
    /// (`scope=saved`), empty when it changes nothing.
    static func change(from current: BlockState, to resulting: BlockState) -> String {
        guard current.valueIndices != resulting.valueIndices || current.dimensions != resulting.dimensions else { return "" }
        let before = current.pairs
        return resulting.pairs.enumerated()
            .filter { $0.offset >= before.count || before[$0.offset] != $0.element }
            .map { "\($0.element.name)=\($0.element.value)" }.joined(separator: ";")
    }

    static func fact(_ fact: Fact) -> XMLElement {
        XMLElement("fact", attributes: [("name", fact.name), ("value", fact.value)])
    }

    /// A decimal with at most two places, no exponent, no trailing zeros.
    static func number(_ value: Double) -> String {
        let hundredths = (value * 100).rounded()
        if hundredths == hundredths.rounded(.towardZero), abs(hundredths) < 1e15 {
            let whole = Int(hundredths)
            let sign = whole < 0 ? "-" : ""
            let magnitude = abs(whole)
            let fraction = magnitude % 100
            if fraction == 0 { return "\(sign)\(magnitude / 100)" }
            let digits = fraction % 10 == 0 ? String(fraction / 10) : (fraction < 10 ? "0\(fraction)" : String(fraction))
            return "\(sign)\(magnitude / 100).\(digits)"
        }
        return "0"
    }
}
