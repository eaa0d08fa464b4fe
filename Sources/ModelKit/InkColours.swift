import AccessibilityModel
import Synchronization

/// Ink colours already worked out, shared by the renders of one ``RenderCache``: an ink's
/// colours under the four colour settings depend on its token and on the colours of the
/// layers under its samples, not on where it lies, so a chip's title on its fill resolves
/// once, whatever the Dynamic Type size, the width or the chip's place.
///
/// An ink is looked up by what decides its colours when every layer it reads is one colour
/// throughout (a token's, with its hue rotation and opacity): its kind and token, its own
/// layer for a mark, and the distinct lists of layers under its samples, in the order
/// first met. A sample whose list was met before cannot change the result: with one
/// foreground and uniform layers, equal lists give equal grounds and equal ratios, and the
/// worst ground is the first met at the least ratio. An ink that reads a gradient is
/// resolved every time.
///
/// Like the render cache it belongs to, it serves one palette: a block copy under other
/// choices makes a cache of its own. Bounded: it starts afresh when full.
final class InkColours: Sendable {
    static let capacity = 8_192

    /// A uniform layer's paint: what its colour is made from, under any colour setting.
    struct LayerPaint: Hashable {
        var token: String
        var hueRotation: Double
        var opacity: Double
        var isStroke: Bool
    }

    /// What decides an ink's colours when its layers are uniform.
    struct Key: Hashable {
        var kind: Ink.Kind
        var token: String
        var opacity: Double
        /// A mark's own layer (-1 for a text).
        var own: Int
        /// The distinct lists of layers under the samples, each ended by -1.
        var grounds: [Int]
        /// A boundary's layers under its centre.
        var centre: [Int]
    }

    /// An ink's colours under one setting.
    struct Colours {
        var foreground: SRGBColor?
        var background: SRGBColor?
        var inside: SRGBColor?
    }

    private struct Table {
        var paints: [LayerPaint: Int] = [:]
        var colours: [Key: [Colours]] = [:]
    }

    private let table = Mutex(Table())

    /// Each layer's number among the paints met, or -1 for a layer that is not uniform.
    func numbers(of layers: [PaintLayer]) -> [Int] {
        table.withLock { table in
            // A layer's number keys colours, so the two start afresh together.
            if table.paints.count > Self.capacity {
                table.paints.removeAll(keepingCapacity: true)
                table.colours.removeAll(keepingCapacity: true)
            }
            return layers.map { layer in
                guard case .token(let token) = layer.paint else { return -1 }
                let paint = LayerPaint(token: token, hueRotation: layer.hueRotation, opacity: layer.opacity,
                                       isStroke: layer.lineWidth != nil)
                if let known = table.paints[paint] { return known }
                table.paints[paint] = table.paints.count
                return table.paints.count - 1
            }
        }
    }

    /// The colours filed under each key, per setting in ``InkVariants/settings`` order; nil
    /// where none are.
    func colours(for keys: [Key?]) -> [[Colours]?] {
        table.withLock { table in keys.map { $0.flatMap { table.colours[$0] } } }
    }

    func file(_ colours: [(key: Key, colours: [Colours])]) {
        guard !colours.isEmpty else { return }
        table.withLock { table in
            if table.colours.count + colours.count > Self.capacity { table.colours.removeAll(keepingCapacity: true) }
            for (key, value) in colours { table.colours[key] = value }
        }
    }
}

extension InkColours.Key {
    /// The key of `template`, sampled as `samples`, among layers numbered `paints`
    /// (``InkColours/numbers(of:)``); nil when a layer it reads is not uniform.
    init?(_ template: InkTemplate, samples: InkSamples, paints: [Int]) {
        kind = template.kind
        opacity = template.opacity
        if template.kind == .mark {
            guard template.layer < paints.count, paints[template.layer] >= 0 else { return nil }
            own = paints[template.layer]
            token = ""
        } else {
            own = -1
            token = template.token
        }
        var grounds: [Int] = []
        var seen: [ArraySlice<Int>] = []
        for index in samples.points.indices {
            let run = samples.layers[samples.run(index)]
            if seen.contains(where: { $0.elementsEqual(run) }) { continue }
            seen.append(run)
            for layer in run {
                guard paints[layer] >= 0 else { return nil }
                grounds.append(paints[layer])
            }
            grounds.append(-1)
        }
        self.grounds = grounds
        var centre: [Int] = []
        for layer in samples.centreCovering {
            guard paints[layer] >= 0 else { return nil }
            centre.append(paints[layer])
        }
        self.centre = centre
    }
}
