import AccessibilityModel
import Synchronization

/// `Image(systemName:)`: an SF Symbol, sized by the environment's font. VoiceOver names it
/// from the symbol unless it is given a label or hidden.
public func Image(systemName: String) -> View { View(.image(ImageContent(symbol: systemName, isDecorative: false))) }

/// `Image(decorative:)`: an image VoiceOver never reaches.
public func Image(decorative name: String) -> View { View(.image(ImageContent(symbol: name, isDecorative: true))) }

struct ImageContent {
    var symbol: String
    var isDecorative: Bool

    /// The label VoiceOver derives from a symbol name: its words ("fork.knife" → "fork
    /// knife"); a `.fill` variant reads like the plain symbol. Every image placed asks for
    /// it and a block draws a handful of symbols, so each is worked out once per process.
    var spokenName: String {
        if let known = Self.spokenNames.withLock({ $0[symbol] }) { return known }
        let spoken = Self.words(of: symbol)
        Self.spokenNames.withLock { names in
            // A block names its symbols in code: a few dozen at most, unless it makes them up.
            if names.count >= 1_024 { names.removeAll() }
            names[symbol] = spoken
        }
        return spoken
    }

    private static let spokenNames = Mutex<[String: String]>([:])

    /// Symbol names are ASCII, so the words are split at the byte of a full stop, into one
    /// buffer.
    private static func words(of symbol: String) -> String {
        var spoken: [UInt8] = []
        spoken.reserveCapacity(symbol.utf8.count)
        for word in symbol.utf8.split(separator: UInt8(ascii: ".")) where !word.elementsEqual("fill".utf8) {
            if !spoken.isEmpty { spoken.append(UInt8(ascii: " ")) }
            spoken.append(contentsOf: word)
        }
        return String(decoding: spoken, as: UTF8.self)
    }
}

/// SwiftUI's `Image.Scale`.
public enum ImageScale: Sendable, Hashable {
    case small, medium, large

    /// A symbol's height as a multiple of the font's point size. Apple publishes no
    /// figures; these are assumptions measured from SF Symbols' small, medium and large
    /// scales (about 0.8, 1.0 and 1.3 of the cap-height–relative medium size).
    var factor: Double {
        switch self {
        case .small: 0.8
        case .medium: 1.0
        case .large: 1.3
        }
    }
}

enum SymbolLayout {
    /// A symbol's size: as tall as the font's point size times the image scale, and about
    /// 1.1 times as wide (symbols vary from square to slightly wide; an assumption).
    static func size(environment: LayoutEnvironment) -> Size {
        let points = environment.font.pointSize(at: environment.contentSize) * environment.imageScale.factor
        return Size(width: points * 1.1, height: points)
    }
}
