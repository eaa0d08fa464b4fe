/// The inks of a snapshot's elements under each appearance and Increase Contrast setting,
/// as one render draws them: the model kit lays a body out once for the four settings and
/// changes nothing between them but its inks' colours, so a snapshot can carry its colour
/// twins' inks and an auditor need not make their snapshots to read them.
///
/// Element by element in the snapshot's order. The inks' frames are as the render placed
/// them, before any right-to-left mirroring: what the variants are for is their colours.
public struct ColourVariants: Sendable {
    /// Per setting, in `settings` order, each element's inks.
    private let variants: [[[Ink]]]

    /// The four settings, in the order `variants` lists them.
    public static let settings: [(Appearance, ContrastSetting)] = [
        (.light, .standard), (.light, .increased), (.dark, .standard), (.dark, .increased),
    ]

    /// `variants`: per setting in ``settings`` order, each element's inks.
    public init(_ variants: [[[Ink]]]) {
        precondition(variants.count == Self.settings.count, "one list of inks per colour setting")
        self.variants = variants
    }

    /// Each element's inks under `appearance` and `contrast`.
    public func inks(appearance: Appearance, contrast: ContrastSetting) -> [[Ink]] {
        variants[Self.index(appearance: appearance, contrast: contrast)]
    }

    /// A setting's place in ``settings``.
    public static func index(appearance: Appearance, contrast: ContrastSetting) -> Int {
        (appearance == .light ? 0 : 2) + (contrast == .standard ? 0 : 1)
    }
}
