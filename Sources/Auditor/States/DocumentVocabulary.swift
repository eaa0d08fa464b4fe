import XMLSupport

extension StateDocument {
    /// Every attribute the document writer writes. Knowing them all lets a projection be a
    /// set of bits, checked as each attribute is written.
    enum Attribute: Int, CaseIterable {
        // The environment.
        case contentSize, contentSizeIndex, reduceMotion, width, direction
        // Parameters, facts and custom actions.
        case name, value
        // Elements (`width` and `value` above too).
        case id, order, traits, label, hint, hidden, decorative, interactive, x, y, height
        case hitX, hitY, hitWidth, hitHeight, hitUncertainty
        case group, container, seriesIndex, seriesCount, speech, speechHint
        // Scroll regions.
        case axis, contentLength, viewportLength, overflows, scrollEnabled, offset
        // Transitions, haptics and motions.
        case action, target, to, changesSelection, kind, style, subject, token, duration, followsFinger
        // Inks (`kind`, `label`, `token` and the frame above too).
        case foreground, background, inside, pointSize, weight

        var name: String {
            switch self {
            case .contentSize: "content-size"
            case .contentSizeIndex: "content-size-index"
            case .reduceMotion: "reduce-motion"
            case .width: "width"
            case .direction: "direction"
            case .name: "name"
            case .value: "value"
            case .id: "id"
            case .order: "order"
            case .traits: "traits"
            case .label: "label"
            case .hint: "hint"
            case .hidden: "hidden"
            case .decorative: "decorative"
            case .interactive: "interactive"
            case .x: "x"
            case .y: "y"
            case .height: "height"
            case .hitX: "hit-x"
            case .hitY: "hit-y"
            case .hitWidth: "hit-width"
            case .hitHeight: "hit-height"
            case .hitUncertainty: "hit-uncertainty"
            case .group: "group"
            case .container: "container"
            case .seriesIndex: "series-index"
            case .seriesCount: "series-count"
            case .speech: "speech"
            case .speechHint: "speech-hint"
            case .axis: "axis"
            case .contentLength: "content-length"
            case .viewportLength: "viewport-length"
            case .overflows: "overflows"
            case .scrollEnabled: "scroll-enabled"
            case .offset: "offset"
            case .action: "action"
            case .target: "target"
            case .to: "to"
            case .changesSelection: "changes-selection"
            case .kind: "kind"
            case .style: "style"
            case .subject: "subject"
            case .token: "token"
            case .duration: "duration"
            case .followsFinger: "follows-finger"
            case .foreground: "foreground"
            case .background: "background"
            case .inside: "inside"
            case .pointSize: "point-size"
            case .weight: "weight"
            }
        }

        var bit: UInt64 { 1 << UInt64(rawValue) }

        static let named: [String: Attribute] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })
    }

    /// The elements written inside the children of a state.
    enum Nested: Int, CaseIterable {
        case fact, action, haptic, motion, ink

        var name: String {
            switch self {
            case .fact: "fact"
            case .action: "action"
            case .haptic: "haptic"
            case .motion: "motion"
            case .ink: "ink"
            }
        }

        var bit: UInt8 { 1 << UInt8(rawValue) }

        static let named: [String: Nested] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })
    }

    /// Attributes as they are written, leaving out those a projection drops; a value is
    /// computed only when it is kept.
    struct Attributes {
        let projection: Projection
        private(set) var pairs: [XMLAttribute] = []

        init(_ projection: Projection) {
            self.projection = projection
            // One allocation for the attributes a projection keeps, not one per doubling.
            pairs.reserveCapacity(min(projection.attributes.nonzeroBitCount, 24))
        }

        mutating func add(_ attribute: Attribute, _ value: @autoclosure () -> String) {
            if projection.keeps(attribute) { pairs.append(XMLAttribute(attribute.name, value())) }
        }
    }
}
