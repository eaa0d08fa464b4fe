/// The inks of a snapshot's elements under each appearance and Increase Contrast setting,
/// as one render draws them: the model kit lays a body out once for the four settings and
/// changes nothing between them but its inks' colours, so a snapshot can carry its colour
/// twins' inks and an auditor need not make their snapshots to read them.
///
/// Element by element in the snapshot's order. The inks' frames are as the render placed
/// them, before any right-to-left mirroring: what the variants are for is their colours.
///
/// Made from the first setting's inks and every setting's colours (``init(inks:colours:)``),
/// the other settings' inks are made only when asked for: most renders' colour twins are
/// read by their colours alone (``colours(ofElement:appearance:contrast:)``), and making
/// four sets of inks for every render cost more than reading them.
public struct ColourVariants: Sendable {
    private enum Storage: Sendable {
        /// Per setting, each element's inks.
        case inks([[[Ink]]])
        /// The first setting's inks; per setting, each ink's colours, the elements' inks in
        /// turn; and where each element's inks begin among them.
        case recoloured(base: [[Ink]], colours: [[Ink.Colours]], starts: [Int])
    }

    private let storage: Storage

    /// The four settings, in the order variants are listed and numbered (``index(appearance:contrast:)``).
    public static let settings: [(Appearance, ContrastSetting)] = [
        (.light, .standard), (.light, .increased), (.dark, .standard), (.dark, .increased),
    ]

    /// `variants`: per setting in ``settings`` order, each element's inks.
    public init(_ variants: [[[Ink]]]) {
        precondition(variants.count == Self.settings.count, "one list of inks per colour setting")
        storage = .inks(variants)
    }

    /// `inks`: each element's inks under the first of ``settings``; `colours`: per setting in
    /// ``settings`` order, each ink's colours, the elements' inks in turn. The inks differ
    /// between settings in their colours alone.
    public init(inks: [[Ink]], colours: [[Ink.Colours]]) {
        precondition(colours.count == Self.settings.count, "one list of colours per colour setting")
        var starts: [Int] = []
        starts.reserveCapacity(inks.count + 1)
        var count = 0
        for element in inks {
            starts.append(count)
            count += element.count
        }
        starts.append(count)
        precondition(colours.allSatisfy { $0.count == count }, "one colour set per ink under each setting")
        storage = .recoloured(base: inks, colours: colours, starts: starts)
    }

    /// How many elements the variants are of.
    public var elementCount: Int {
        switch storage {
        case .inks(let variants): variants[0].count
        case .recoloured(let base, _, _): base.count
        }
    }

    /// Each element's inks under `appearance` and `contrast`.
    public func inks(appearance: Appearance, contrast: ContrastSetting) -> [[Ink]] {
        let setting = Self.index(appearance: appearance, contrast: contrast)
        switch storage {
        case .inks(let variants):
            return variants[setting]
        case .recoloured(let base, let colours, let starts):
            if setting == 0 { return base }
            return base.indices.map { element in
                base[element].indices.map { index in
                    var ink = base[element][index]
                    ink.colours = colours[setting][starts[element] + index]
                    return ink
                }
            }
        }
    }

    /// The colours of element `element`'s inks under `appearance` and `contrast`, in order.
    public func colours(ofElement element: Int, appearance: Appearance, contrast: ContrastSetting) -> ArraySlice<Ink.Colours> {
        let setting = Self.index(appearance: appearance, contrast: contrast)
        switch storage {
        case .inks(let variants): return variants[setting][element].map(\.colours)[...]
        case .recoloured(_, let colours, let starts): return colours[setting][starts[element]..<starts[element + 1]]
        }
    }

    /// A setting's place in ``settings``.
    public static func index(appearance: Appearance, contrast: ContrastSetting) -> Int {
        (appearance == .light ? 0 : 2) + (contrast == .standard ? 0 : 1)
    }
}
