/// Something drawn that a user has to see: a run of text, or a mark that carries meaning
/// (a selection underline, an indicator, a control's only boundary), with the colours it
/// is drawn in and the colour behind it.
///
/// `background` is the worst case over the area the ink covers: of the grounds behind
/// each point (fills stacked, translucency composited, gradients evaluated where they lie),
/// the one the foreground contrasts with least. Colours are nil where the theme lacks a
/// token the ink reads.
public struct Ink: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case text, mark

        /// By case, not by raw string (`Hasher.combine(caseOf:)`).
        public func hash(into hasher: inout Hasher) { hasher.combine(caseOf: self) }
    }

    public var kind: Kind
    /// The text drawn, or what the mark conveys (`selection`, `boundary`…).
    public var text: String
    public var frame: Rect
    /// The foreground's theme token, and its colour (translucent as the theme gives it).
    public var token: String
    public var foreground: SRGBColor?
    /// The ground it contrasts with least, opaque.
    public var background: SRGBColor?
    /// For a boundary: the colour inside it, which may set the control apart by itself.
    public var inside: SRGBColor?
    /// For text: its size in points at the state's Dynamic Type size, and its weight.
    public var pointSize: Double?
    public var weight: String?

    public init(kind: Kind, text: String, frame: Rect, token: String, foreground: SRGBColor?, background: SRGBColor?,
                inside: SRGBColor? = nil, pointSize: Double? = nil, weight: String? = nil) {
        self.kind = kind
        self.text = text
        self.frame = frame
        self.token = token
        self.foreground = foreground
        self.background = background
        self.inside = inside
        self.pointSize = pointSize
        self.weight = weight
    }

    /// What an ink's colours are: its foreground, the ground behind it and, for a
    /// boundary, what is inside it. An ink's colour settings differ in these alone.
    public struct Colours: Sendable, Hashable {
        public var foreground: SRGBColor?
        public var background: SRGBColor?
        public var inside: SRGBColor?

        public init(foreground: SRGBColor?, background: SRGBColor?, inside: SRGBColor? = nil) {
            self.foreground = foreground
            self.background = background
            self.inside = inside
        }
    }

    /// The ink's colours, read or set together.
    public var colours: Colours {
        get { Colours(foreground: foreground, background: background, inside: inside) }
        set {
            foreground = newValue.foreground
            background = newValue.background
            inside = newValue.inside
        }
    }

    /// The WCAG contrast ratio of the foreground on the background, when both are known.
    public var contrastRatio: Double? {
        guard let foreground, let background else { return nil }
        return SRGBColor.contrastRatio(of: foreground, on: background)
    }
}
