/// A colour as sRGB components and an alpha, each from 0 to 1.
///
/// What contrast is measured on: WCAG 2's relative luminance and contrast ratio are
/// defined on sRGB, and a translucent colour is first composited over what is behind it.
public struct SRGBColor: Sendable, Hashable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Components as 0–255 integers, as colour tables write them (`60,60,67,.30`).
    public init(red255 red: Double, green255 green: Double, blue255 blue: Double, alpha: Double = 1) {
        self.init(red: red / 255, green: green / 255, blue: blue / 255, alpha: alpha)
    }

    public static let white = SRGBColor(red: 1, green: 1, blue: 1)
    public static let black = SRGBColor(red: 0, green: 0, blue: 0)
    public static let clear = SRGBColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// `#RRGGBB` or `#RRGGBBAA` (either case); nil for anything else. Read byte by byte:
    /// contrast rules parse two colours per ink they check.
    public init?(hex: String) {
        var hex = hex
        guard let color = hex.withUTF8(Self.color(ofHex:)) else { return nil }
        self = color
    }

    private static func color(ofHex bytes: UnsafeBufferPointer<UInt8>) -> SRGBColor? {
        guard bytes.count == 7 || bytes.count == 9, bytes[0] == UInt8(ascii: "#") else { return nil }
        func digit(_ byte: UInt8) -> Int? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
            default: nil
            }
        }
        /// The `index`th pair of digits, from 0 to 1.
        func component(_ index: Int) -> Double? {
            guard let high = digit(bytes[1 + 2 * index]), let low = digit(bytes[2 + 2 * index]) else { return nil }
            return Double(high * 16 + low) / 255
        }
        guard let red = component(0), let green = component(1), let blue = component(2) else { return nil }
        if bytes.count == 7 { return SRGBColor(red: red, green: green, blue: blue) }
        guard let alpha = component(3) else { return nil }
        return SRGBColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// `#RRGGBBAA`, upper case: how state documents write colours.
    public var hex: String {
        // Written byte by byte: every ink of every render is named by its colours.
        String(unsafeUninitializedCapacity: 9) { buffer in
            func digit(_ value: Int) -> UInt8 { value < 10 ? 48 + UInt8(value) : 55 + UInt8(value) }
            buffer[0] = 35  // "#"
            func write(_ component: Double, at index: Int) {
                let byte = Int((min(max(component, 0), 1) * 255).rounded())
                buffer[1 + 2 * index] = digit(byte / 16)
                buffer[2 + 2 * index] = digit(byte % 16)
            }
            write(red, at: 0)
            write(green, at: 1)
            write(blue, at: 2)
            write(alpha, at: 3)
            return 9
        }
    }

    /// This colour painted over `ground` (source-over); opaque when `ground` is.
    public func composited(over ground: SRGBColor) -> SRGBColor {
        let alpha = self.alpha + ground.alpha * (1 - self.alpha)
        guard alpha > 0 else { return .clear }
        func mix(_ top: Double, _ bottom: Double) -> Double {
            (top * self.alpha + bottom * ground.alpha * (1 - self.alpha)) / alpha
        }
        return SRGBColor(red: mix(red, ground.red), green: mix(green, ground.green), blue: mix(blue, ground.blue),
                         alpha: alpha)
    }

    /// The colour with its alpha multiplied by `opacity`, as `.opacity(_:)` draws it.
    public func faded(by opacity: Double) -> SRGBColor {
        SRGBColor(red: red, green: green, blue: blue, alpha: alpha * opacity)
    }

    /// The colour `fraction` of the way to `other`, each component interpolated in sRGB as
    /// gradients are drawn.
    public func interpolated(to other: SRGBColor, fraction: Double) -> SRGBColor {
        func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * fraction }
        return SRGBColor(red: lerp(red, other.red), green: lerp(green, other.green), blue: lerp(blue, other.blue),
                         alpha: lerp(alpha, other.alpha))
    }

    /// The colour with its hue turned by `degrees`: the hue-rotate matrix of the W3C
    /// Filter Effects specification (`feColorMatrix type="hueRotate"`), applied to the sRGB
    /// components and clamped, which is how `.hueRotation(_:)` is taken to draw.
    public func hueRotated(by degrees: Double) -> SRGBColor {
        guard degrees.truncatingRemainder(dividingBy: 360) != 0 else { return self }
        let angle = degrees * .pi / 180
        let c = cosine(angle), s = sine(angle)
        let matrix: [Double] = [
            0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928,
            0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283,
            0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072,
        ]
        func row(_ at: Int) -> Double {
            min(max(matrix[at] * red + matrix[at + 1] * green + matrix[at + 2] * blue, 0), 1)
        }
        return SRGBColor(red: row(0), green: row(3), blue: row(6), alpha: alpha)
    }

    /// WCAG 2's relative luminance of the colour's components (alpha ignored).
    public var relativeLuminance: Double {
        func linear(_ value: Double) -> Double {
            value <= 0.040_45 ? value / 12.92 : power((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2's contrast ratio, from 1 to 21: `foreground` composited over `background`
    /// (itself taken as opaque), lighter over darker.
    public static func contrastRatio(of foreground: SRGBColor, on background: SRGBColor) -> Double {
        let ground = SRGBColor(red: background.red, green: background.green, blue: background.blue)
        let first = foreground.composited(over: ground).relativeLuminance, second = ground.relativeLuminance
        return (max(first, second) + 0.05) / (min(first, second) + 0.05)
    }
}
