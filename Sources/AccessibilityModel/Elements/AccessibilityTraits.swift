/// UIKit's accessibility traits, as VoiceOver sees them.
///
/// Each trait has a token, its UIKit name, used in state documents
/// (`traits="button selected"`) and in rules (`ax:has-trait('button')`).
/// `backButton`, `switchButton` and `textEntry` are private UIKit bits that VoiceOver
/// nonetheless speaks; they are here so speech can be modelled for them too.
public struct AccessibilityTraits: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let button = Self(rawValue: 1 << 0)
    public static let link = Self(rawValue: 1 << 1)
    public static let header = Self(rawValue: 1 << 2)
    public static let searchField = Self(rawValue: 1 << 3)
    public static let image = Self(rawValue: 1 << 4)
    public static let selected = Self(rawValue: 1 << 5)
    public static let playsSound = Self(rawValue: 1 << 6)
    public static let keyboardKey = Self(rawValue: 1 << 7)
    public static let staticText = Self(rawValue: 1 << 8)
    public static let summaryElement = Self(rawValue: 1 << 9)
    public static let notEnabled = Self(rawValue: 1 << 10)
    public static let updatesFrequently = Self(rawValue: 1 << 11)
    public static let startsMediaSession = Self(rawValue: 1 << 12)
    public static let adjustable = Self(rawValue: 1 << 13)
    public static let allowsDirectInteraction = Self(rawValue: 1 << 14)
    public static let causesPageTurn = Self(rawValue: 1 << 15)
    public static let tabBar = Self(rawValue: 1 << 16)
    public static let tab = Self(rawValue: 1 << 17)
    public static let backButton = Self(rawValue: 1 << 18)
    public static let switchButton = Self(rawValue: 1 << 19)
    public static let textEntry = Self(rawValue: 1 << 20)

    /// Every trait with its token, in a fixed order (the order tokens are written in).
    public static let named: [(token: String, trait: AccessibilityTraits)] = [
        ("button", .button), ("link", .link), ("header", .header), ("searchField", .searchField),
        ("image", .image), ("selected", .selected), ("playsSound", .playsSound),
        ("keyboardKey", .keyboardKey), ("staticText", .staticText), ("summaryElement", .summaryElement),
        ("notEnabled", .notEnabled), ("updatesFrequently", .updatesFrequently),
        ("startsMediaSession", .startsMediaSession), ("adjustable", .adjustable),
        ("allowsDirectInteraction", .allowsDirectInteraction), ("causesPageTurn", .causesPageTurn),
        ("tabBar", .tabBar), ("tab", .tab), ("backButton", .backButton),
        ("switchButton", .switchButton), ("textEntry", .textEntry),
    ]

    /// The space-separated tokens of the traits present, in ``named`` order.
    /// Appended in one string: an element's document is written with them for every view
    /// of it met, and a filtered list, a mapped one and their joining cost four times as much.
    public var tokens: String {
        var text = ""
        for named in Self.named where contains(named.trait) {
            if !text.isEmpty { text += " " }
            text += named.token
        }
        return text
    }

    /// Parses tokens separated by spaces or commas; `nil` names the first unknown token.
    public init(tokens: String) throws(UnknownTrait) {
        var traits = AccessibilityTraits()
        for token in tokens.split(whereSeparator: { $0 == " " || $0 == "," }) {
            guard let match = Self.named.first(where: { $0.token == token }) else {
                throw UnknownTrait(token: String(token))
            }
            traits.insert(match.trait)
        }
        self = traits
    }

    public struct UnknownTrait: Error, Sendable, CustomStringConvertible {
        public var token: String
        public var description: String {
            "unknown trait '\(token)'; known traits: \(AccessibilityTraits.named.map(\.token).joined(separator: ", "))"
        }
    }
}
