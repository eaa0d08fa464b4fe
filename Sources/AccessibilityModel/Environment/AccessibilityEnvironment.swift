/// The settings a block is rendered under: what a user can change on the device.
public struct AccessibilityEnvironment: Sendable, Hashable {
    /// The dimensions a state's environment is read from (``BlockState/environment``).
    public static let dimensionNames: Set<String> = ["size", "motion", "width", "direction", "appearance", "contrast"]

    public var contentSize: ContentSizeCategory
    public var reduceMotion: Bool
    /// Screen width in points (portrait); see `dynamic-type.md` for the devices behind each.
    public var width: Double
    public var direction: LayoutDirection
    public var appearance: Appearance
    /// Increase Contrast.
    public var contrast: ContrastSetting

    public init(contentSize: ContentSizeCategory = .large, reduceMotion: Bool = false,
                width: Double = 393, direction: LayoutDirection = .leftToRight,
                appearance: Appearance = .light, contrast: ContrastSetting = .standard) {
        self.appearance = appearance
        self.contrast = contrast
        self.contentSize = contentSize
        self.reduceMotion = reduceMotion
        self.width = width
        self.direction = direction
    }
}
