/// What each colour token of a theme is in every appearance and contrast setting.
///
/// A palette is a value the auditor builds from a theme file and hands to the model, so
/// the model layer reads no files. A token the palette lacks resolves to nil: the model
/// then reports the token without a value rather than guess one.
public struct Palette: Sendable, Hashable {
    /// One token's four variants.
    public struct Variants: Sendable, Hashable {
        public var light: SRGBColor
        public var dark: SRGBColor
        public var lightIncreased: SRGBColor
        public var darkIncreased: SRGBColor

        public init(light: SRGBColor, dark: SRGBColor, lightIncreased: SRGBColor? = nil, darkIncreased: SRGBColor? = nil) {
            self.light = light
            self.dark = dark
            self.lightIncreased = lightIncreased ?? light
            self.darkIncreased = darkIncreased ?? dark
        }

        public func color(_ appearance: Appearance, _ contrast: ContrastSetting) -> SRGBColor {
            switch (appearance, contrast) {
            case (.light, .standard): light
            case (.dark, .standard): dark
            case (.light, .increased): lightIncreased
            case (.dark, .increased): darkIncreased
            }
        }
    }

    public private(set) var tokens: [String: Variants]

    /// The empty palette: every token unresolved.
    public static let empty = Palette()

    public init(_ tokens: [String: Variants] = [:]) { self.tokens = tokens }

    /// The colour of `token` under `appearance` and `contrast`; nil when the palette lacks it.
    public func color(_ token: String, _ appearance: Appearance, _ contrast: ContrastSetting) -> SRGBColor? {
        tokens[token]?.color(appearance, contrast)
    }

    /// This palette with `other`'s tokens added, `other` winning where both name one.
    public func overlaid(with other: Palette) -> Palette {
        Palette(tokens.merging(other.tokens) { $1 })
    }

    public var isEmpty: Bool { tokens.isEmpty }
}
