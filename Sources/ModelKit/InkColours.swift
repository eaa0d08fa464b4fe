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
/// choices makes a cache of its own. Bounded: it starts afresh when full. Layers are
/// numbered per generation of the table, and a render's keys are good only in the
/// generation that numbered its layers: a render whose layers were numbered before another
/// worker started the table afresh neither finds nor files colours.
final class InkColours: Sendable {
    let capacity: Int

    init(capacity: Int = 8_192) {
        self.capacity = capacity
    }

    /// A uniform layer's paint: what its colour is made from, under any colour setting.
    struct LayerPaint: Hashable {
        var token: String
        var hueRotation: Double
        var opacity: Double
        var isStroke: Bool

        /// Through one mix of its fields: every layer of a render is looked up, and a
        /// hasher's round per field cost more than the rest of the lookup.
        func hash(into hasher: inout Hasher) {
            var mix = HashMix()
            mix.add(bytesOf: token)
            mix.add(hueRotation)
            mix.add(opacity)
            mix.add(isStroke ? 1 : 0)
            hasher.combine(mix.value)
        }
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

        /// Through one mix of its fields, as a ``LayerPaint`` is.
        func hash(into hasher: inout Hasher) {
            var mix = HashMix()
            mix.add(kind == .text ? 0 : 1)
            mix.add(bytesOf: token)
            mix.add(opacity)
            mix.add(own)
            mix.add(grounds)
            mix.add(centre)
            hasher.combine(mix.value)
        }
    }

    /// An ink's colours under one setting.
    typealias Colours = Ink.Colours

    private struct Table {
        var paints: [LayerPaint: Int] = [:]
        var colours: [Key: [Colours]] = [:]
        var generation = 0
    }

    private let table = Mutex(Table())

    /// Layers numbered in one generation of the table.
    struct Numbering {
        var generation: Int
        /// Each layer's number among the paints met, or -1 for a layer that is not uniform.
        var paints: [Int]
    }

    func numbering(of layers: [PaintLayer]) -> Numbering {
        table.withLock { table in
            // A layer's number keys colours, so the two start afresh together.
            if table.paints.count > capacity {
                table.paints.removeAll(keepingCapacity: true)
                table.colours.removeAll(keepingCapacity: true)
                table.generation += 1
            }
            return Numbering(generation: table.generation, paints: layers.map { layer in
                guard case .token(let token) = layer.paint else { return -1 }
                let paint = LayerPaint(token: token, hueRotation: layer.hueRotation, opacity: layer.opacity,
                                       isStroke: layer.lineWidth != nil)
                if let known = table.paints[paint] { return known }
                table.paints[paint] = table.paints.count
                return table.paints.count - 1
            })
        }
    }

    /// The colours filed under each key, per setting in ``ColourVariants/settings`` order; nil
    /// where none are, and for every key after the table started afresh.
    func colours(for keys: [Key?], numberedIn generation: Int) -> [[Colours]?] {
        table.withLock { table in
            guard table.generation == generation else { return keys.map { _ in nil } }
            return keys.map { $0.flatMap { table.colours[$0] } }
        }
    }

    /// Files colours under keys numbered in `generation`; nothing when the table has
    /// started afresh since.
    func file(_ colours: [(key: Key, colours: [Colours])], numberedIn generation: Int) {
        guard !colours.isEmpty else { return }
        table.withLock { table in
            guard table.generation == generation else { return }
            if table.colours.count + colours.count > capacity { table.colours.removeAll(keepingCapacity: true) }
            for (key, value) in colours { table.colours[key] = value }
        }
    }
}

extension InkColours.Key {
    /// The key of the ink at `template`, sampled as `samples`, among layers numbered `paints`
    /// (``InkColours/numbering(of:)``); nil when a layer it reads is not uniform.
    init?(_ template: UnsafePointer<InkTemplate>, samples: InkSamples, paints: [Int]) {
        kind = template.pointee.kind
        opacity = template.pointee.opacity
        if template.pointee.kind == .mark {
            guard template.pointee.layer < paints.count, paints[template.pointee.layer] >= 0 else { return nil }
            own = paints[template.pointee.layer]
            token = ""
        } else {
            own = -1
            token = template.pointee.token
        }
        var grounds: [Int] = []
        grounds.reserveCapacity(samples.layers.count + samples.points.count)
        var seen: [ArraySlice<Int>] = []
        seen.reserveCapacity(samples.points.count)
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
