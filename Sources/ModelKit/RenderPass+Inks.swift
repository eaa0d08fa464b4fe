import AccessibilityModel

/// An ink as placed, before its colours are looked up in a palette.
struct InkTemplate: Sendable {
    var kind: Ink.Kind
    var text: String
    var frame: Rect
    /// A text's foreground token.
    var token = ""
    /// A mark's layer; a text's count of layers drawn before it (what lies behind it).
    var layer: Int
    var pointSize: Double?
    var weight: String?
    /// `.opacity(_:)` over the text.
    var opacity = 1.0
    /// The bounds of the scroll views and clipping views around it.
    var clip: Rect?

    /// Of `points`, those inside `clip` (an ink's ``clip``): where the ink can be seen. All
    /// of them when it lies wholly outside (scrolled away), so an ink is always measured
    /// somewhere.
    static func visible(_ points: [Point], within clip: Rect?) -> [Point] {
        guard let clip else { return points }
        let inside = { (point: Point) in point.x >= clip.minX && point.x <= clip.maxX && point.y >= clip.minY && point.y <= clip.maxY }
        // Most inks lie wholly inside: their points are kept as they are, not copied.
        if points.allSatisfy(inside) { return points }
        let seen = points.filter(inside)
        return seen.isEmpty ? points : seen
    }
}

/// Inks: what is drawn to be seen, and the colours behind it.
extension RenderPass {
    /// A text's ink, in the environment's foreground (SwiftUI's `.primary` when none is set).
    mutating func inkOfText(_ string: String, frame: Rect, _ environment: LayoutEnvironment) -> Int {
        inks.append(InkTemplate(kind: .text, text: string, frame: frame, token: environment.foreground ?? "primary",
                                layer: layers.count, pointSize: environment.font.pointSize(at: environment.contentSize),
                                weight: environment.font.resolvedWeight.rawValue))
        return inks.count - 1
    }

    /// Each element's inks under every appearance and contrast setting, in ``ColourVariants/settings`` order.
    ///
    /// Colours met before are taken from where they were filed: this thread's renders' by
    /// the ink's place (``InkPlaces``), the same cache's by what decides them
    /// (``InkColours``). The rest are resolved here and filed in both. Where each ink is
    /// sampled and which layers lie under each sample do not depend on the colours: worked
    /// out once for the four settings.
    func resolvedInks(of kept: [Int]) -> ColourVariants {
        // Each ink read where it lies: passed on as a value, each was copied, its texts
        // retained and released, once for every use.
        inks.withUnsafeBufferPointer { resolvedInks(of: kept, templates: $0) }
    }

    private func resolvedInks(of kept: [Int], templates: UnsafeBufferPointer<InkTemplate>) -> ColourVariants {
        // Only an ink the render has is read, so the list has storage wherever one is.
        func template(_ ink: Int) -> UnsafePointer<InkTemplate> { templates.baseAddress! + ink }
        let palette = context.choices.palette
        let covers = layers.map(\.cover)
        var used: [Int] = []
        used.reserveCapacity(inks.count)
        var isUsed = Array(repeating: false, count: inks.count)
        for element in kept {
            for ink in elementInks[element] where !isUsed[ink] {
                isUsed[ink] = true
                used.append(ink)
            }
        }
        // Per ink, its colours under each setting (empty until known: a resolved ink has one
        // per setting): from this thread's renders where the ink lay at the same place over
        // the same layers, else from the shared table where it has them, else resolved here
        // and filed in both. The samples and keys of the inks not found at their place are
        // kept beside `missed`, in its order: lists of optionals with an entry for every ink
        // were torn down entry by entry through the generic witness of `Optional`.
        var known = [[InkColours.Colours]](repeating: [], count: inks.count)
        var places: [(ink: Int, place: InkPlaces.Place)] = []
        var candidates: [Int] = []
        var missed: [Int] = []
        var samples: [InkSamples] = []
        var keys: [InkColours.Key?] = []
        var generation = 0
        let placed = context.viewCache?.inkPlaces
        if let shared = context.inkColours, !used.isEmpty {
            let numbering = shared.numbering(of: layers)
            generation = numbering.generation
            for ink in used {
                switch placed?.colours(of: template(ink), covers: covers, paints: numbering.paints, numberedIn: generation) {
                case .found(let colours):
                    known[ink] = colours
                    continue
                case .missing(let place): places.append((ink, place))
                case .unplaced, nil: break
                }
                let sampled = InkSamples(template(ink), covers: covers, candidates: &candidates)
                keys.append(InkColours.Key(template(ink), samples: sampled, paints: numbering.paints))
                samples.append(sampled)
                missed.append(ink)
            }
            let found = shared.colours(for: keys, numberedIn: generation)
            for (ink, colours) in zip(missed, found) { if let colours { known[ink] = colours } }
        } else {
            for ink in used { samples.append(InkSamples(template(ink), covers: covers, candidates: &candidates)) }
            missed = used
        }
        // The rest are resolved under each setting; the inks are made from the colours
        // below, once for each setting they are drawn in.
        var resolvers: [InkResolver] = []
        var filed: [(key: InkColours.Key, colours: [InkColours.Colours])] = []
        for (position, ink) in missed.enumerated() where known[ink].isEmpty {
            if resolvers.isEmpty {
                resolvers = ColourVariants.settings.map { appearance, contrast in
                    InkResolver(layers: layers, colors: ColorLookup(palette: palette, appearance: appearance, contrast: contrast))
                }
            }
            let colours = resolvers.map { $0.colours(of: template(ink), samples: samples[position]) }
            known[ink] = colours
            if position < keys.count, let key = keys[position] { filed.append((key, colours)) }
        }
        for (ink, place) in places { placed?.file(known[ink], at: place, numberedIn: generation) }
        context.inkColours?.file(filed, numberedIn: generation)
        // The inks are made under the first setting only; the others keep their colours.
        let base = kept.map { element in
            elementInks[element].map { ink in InkResolver.ink(of: template(ink), layers: layers, colours: known[ink][0]) }
        }
        let count = base.reduce(0) { $0 + $1.count }
        let colours = ColourVariants.settings.indices.map { setting in
            var colours: [InkColours.Colours] = []
            colours.reserveCapacity(count)
            for element in kept {
                for ink in elementInks[element] { colours.append(known[ink][setting]) }
            }
            return colours
        }
        return ColourVariants(inks: base, colours: colours)
    }
}

/// Looks an ink's colours up and finds the ground it contrasts with least.
///
/// The ground at a point is the window's `systemBackground` with every layer drawn before
/// the ink that covers the point composited over it, in drawing order. An ink is sampled
/// at fifteen points across its frame (a boundary at eight points just outside it): the
/// worst of them is its background, so a gradient or a fill covering part of a text counts
/// where it is least legible. Shapes are taken as their frames (a capsule's rounded ends
/// count as filled).
struct InkResolver {
    let layers: [PaintLayer]
    let colors: ColorLookup
    /// Per layer, its colour where it is the same at every point (a token's, with the
    /// layer's hue rotation and opacity): looked up once, not at every sample.
    private let uniform: [Uniform]

    private enum Uniform {
        case color(SRGBColor?)
        case varies
    }

    /// The window's colour, opaque; nil when the palette lacks it.
    private let window: SRGBColor?

    init(layers: [PaintLayer], colors: ColorLookup) {
        self.layers = layers
        self.colors = colors
        window = colors.color(Self.windowGround).map { color in
            var opaque = color
            opaque.alpha = 1
            return opaque
        }
        uniform = layers.map { layer in
            if case .token = layer.paint { .color(layer.color(at: Point(x: 0, y: 0), colors)) } else { .varies }
        }
    }

    /// The colour layer `index` paints at `point`.
    private func color(ofLayer index: Int, at point: Point) -> SRGBColor? {
        if case .color(let color) = uniform[index] { return color }
        return layers[index].color(at: point, colors)
    }

    /// Where nothing is drawn the window shows: assumed `systemBackground`, as in a plain
    /// screen or preview.
    static let windowGround = "systemBackground"

    /// The ground at `point`, where the layers `covering` it (in drawing order) are drawn
    /// over the window.
    func ground(at point: Point, covering: some Collection<Int>) -> SRGBColor? {
        guard var ground = window else { return nil }
        for index in covering {
            guard let color = color(ofLayer: index, at: point) else { return nil }
            ground = color.composited(over: ground)
        }
        return ground
    }

    /// The colours `template` is drawn in, and the ground it contrasts with least.
    func colours(of template: UnsafePointer<InkTemplate>, samples: InkSamples) -> InkColours.Colours {
        switch template.pointee.kind {
        case .text:
            let foreground = colors.color(template.pointee.token)?.faded(by: template.pointee.opacity)
            let worst = worstGround(for: { _ in foreground }, samples)
            return InkColours.Colours(foreground: foreground, background: worst?.ground)
        case .mark:
            let frame = template.pointee.frame
            let centre = Point(x: frame.midX, y: frame.midY)
            let paint = { (point: Point) in color(ofLayer: template.pointee.layer, at: point) }
            if layers[template.pointee.layer].lineWidth != nil {
                // A boundary: its stroke against what is outside, and what is inside it.
                let worst = worstGround(for: { _ in paint(centre) }, samples)
                return InkColours.Colours(foreground: paint(centre), background: worst?.ground,
                                          inside: ground(at: centre, covering: samples.centreCovering))
            }
            let worst = worstGround(for: paint, samples)
            return InkColours.Colours(foreground: worst?.foreground ?? paint(centre), background: worst?.ground)
        }
    }

    /// The ink `template` draws in `colours`.
    static func ink(of template: UnsafePointer<InkTemplate>, layers: [PaintLayer], colours: InkColours.Colours) -> Ink {
        switch template.pointee.kind {
        case .text:
            Ink(kind: .text, text: template.pointee.text, frame: template.pointee.frame, token: template.pointee.token,
                foreground: colours.foreground, background: colours.background, pointSize: template.pointee.pointSize,
                weight: template.pointee.weight)
        case .mark:
            Ink(kind: .mark, text: template.pointee.text, frame: template.pointee.frame, token: layers[template.pointee.layer].paint.name,
                foreground: colours.foreground, background: colours.background, inside: colours.inside)
        }
    }

    /// Of the grounds at the samples, the one the foreground there contrasts with least.
    private func worstGround(for foreground: (Point) -> SRGBColor?, _ samples: InkSamples) -> (foreground: SRGBColor?, ground: SRGBColor)? {
        var worst: (foreground: SRGBColor?, ground: SRGBColor, ratio: Double)?
        // Neighbouring samples mostly see the same colours: their ratio is worked out once,
        // and their ground too where the same layers of one colour each cover them.
        var last: (foreground: SRGBColor?, ground: SRGBColor, ratio: Double)?
        var lastUniform: (covering: Range<Int>, ground: SRGBColor)?
        for (index, point) in samples.points.enumerated() {
            let run = samples.run(index)
            let ground: SRGBColor
            if let lastUniform, samples.layers[lastUniform.covering].elementsEqual(samples.layers[run]) {
                ground = lastUniform.ground
            } else {
                guard let found = self.ground(at: point, covering: samples.layers[run]) else { return nil }
                ground = found
                let uniformLayers = samples.layers[run].allSatisfy { if case .color = uniform[$0] { true } else { false } }
                lastUniform = uniformLayers ? (run, ground) : nil
            }
            let colour = foreground(point)
            let ratio: Double
            if let last, last.ground == ground, last.foreground == colour {
                ratio = last.ratio
            } else {
                ratio = colour.map { SRGBColor.contrastRatio(of: $0, on: ground) } ?? 0
                last = (colour, ground, ratio)
            }
            if worst == nil || ratio < worst!.ratio { worst = (colour, ground, ratio) }
        }
        return worst.map { ($0.foreground, $0.ground) }
    }

    static func samples(in frame: Rect) -> [Point] {
        var points: [Point] = []
        points.reserveCapacity(15)
        for y in [0.2, 0.5, 0.8] {
            for x in [0.05, 0.275, 0.5, 0.725, 0.95] {
                points.append(Point(x: frame.x + frame.width * x, y: frame.y + frame.height * y))
            }
        }
        return points
    }

    /// Eight points a point outside the frame: its sides' middles and its corners.
    static func samples(around frame: Rect) -> [Point] {
        let (left, right, top, bottom) = (frame.minX - 1, frame.maxX + 1, frame.minY - 1, frame.maxY + 1)
        return [Point(x: left, y: frame.midY), Point(x: right, y: frame.midY), Point(x: frame.midX, y: top),
                Point(x: frame.midX, y: bottom), Point(x: left, y: top), Point(x: right, y: top),
                Point(x: left, y: bottom), Point(x: right, y: bottom)]
    }
}

/// Where an ink is sampled, and the layers drawn before it that cover each sample, in
/// drawing order: a text or a fill across its visible frame, a boundary just outside its
/// frame (and at its centre, for what is inside it).
///
/// Only the layers that reach the box around the samples can cover one, so each sample is
/// tested against those alone; the layers under every sample are kept in one array, a run
/// per sample.
struct InkSamples {
    var points: [Point]
    var centreCovering: [Int] = []
    /// The layers under every sample, a run per sample (``run(_:)``).
    private(set) var layers: [Int] = []
    /// Where each sample's run in `layers` ends.
    private var ends: [Int] = []

    /// `candidates` is scratch space, lent so that every ink of a render uses one buffer.
    init(_ template: UnsafePointer<InkTemplate>, covers: [LayerCover], candidates: inout [Int]) {
        let frame = template.pointee.frame
        let below = min(template.pointee.layer, covers.count)
        if template.pointee.kind == .mark, template.pointee.layer < covers.count, covers[template.pointee.layer].lineWidth != nil {
            points = InkResolver.samples(around: frame)
            let centre = Point(x: frame.midX, y: frame.midY)
            centreCovering = (0..<below).filter { covers[$0].covers(centre) }
        } else {
            points = InkTemplate.visible(InkResolver.samples(in: frame), within: template.pointee.clip)
        }
        var box = (minX: points[0].x, maxX: points[0].x, minY: points[0].y, maxY: points[0].y)
        for point in points.dropFirst() {
            box = (min(box.minX, point.x), max(box.maxX, point.x), min(box.minY, point.y), max(box.maxY, point.y))
        }
        candidates.removeAll(keepingCapacity: true)
        for index in 0..<below where covers[index].reaches(box) { candidates.append(index) }
        ends.reserveCapacity(points.count)
        layers.reserveCapacity(points.count * candidates.count)
        for point in points {
            for index in candidates where covers[index].covers(point) { layers.append(index) }
            ends.append(layers.count)
        }
    }

    /// Where the layers under sample `index` lie in ``layers``, in drawing order.
    func run(_ index: Int) -> Range<Int> {
        (index == 0 ? 0 : ends[index - 1])..<ends[index]
    }
}
