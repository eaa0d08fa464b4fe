import AccessibilityModel

/// The colours of inks one thread's renders met, by where each lay and what lay under it:
/// an ink sampled over the same layers at the same place is sampled alike
/// (``InkSamples``) and keyed alike (``InkColours/Key``), so its colours are the same. An
/// ink placed alike from render to render (a kept part placed again, a chip beside another
/// badge) is found here without being sampled.
///
/// An ink's place is its kind, token and opacity, its frame and clip, its own layer for a
/// mark, and every layer drawn before it that reaches the box one point outside its frame,
/// with where each paints and its paint's number: more layers than its samples read (a
/// sample lies within that box, and a layer covering one, or a boundary's centre, reaches
/// it), never fewer. Numbers are compared by their bits.
///
/// Kept by the thread's ``ViewCache``. Paints are numbered in one generation of the render
/// cache's ``InkColours``, so the places start afresh when that does, and when they are full.
final class InkPlaces {
    /// Measured: a block whose renders place some 23 inks anew with every text size,
    /// selection and drag filled 1,024 places within a few hundred renders, and sampled two
    /// inks in three again; at 8,192 fewer than one in four, which took 2.3 % off the
    /// instructions of both of the performance log's samples. 16,384 samples no fewer. A
    /// place takes a few hundred bytes.
    static let capacity = 8_192

    /// An ink's place, written out: kept with its colours when they were not found.
    struct Place {
        fileprivate var token: String
        fileprivate var words: [UInt64]
        fileprivate var mix: UInt64
    }

    private struct Entry {
        var token: String
        var words: [UInt64]
        var colours: [InkColours.Colours]
    }

    /// By their places' mixes; a place whose mix another holds is not kept.
    private var entries: [UInt64: Entry] = [:]
    private var generation = 0
    /// The place written last, reused so that an ink found allocates nothing.
    private var scratch: [UInt64] = []

    enum Lookup {
        case found([InkColours.Colours])
        case missing(Place)
        /// A layer the ink reads is not one colour throughout: resolved every time.
        case unplaced
    }

    /// The colours of `template` among layers `covers`, their paints numbered `paints` in
    /// `generation` (``InkColours/numbering(of:)``).
    func colours(of template: UnsafePointer<InkTemplate>, covers: [LayerCover], paints: [Int], numberedIn generation: Int) -> Lookup {
        if generation != self.generation {
            entries.removeAll(keepingCapacity: true)
            self.generation = generation
        }
        guard let mix = write(template, covers: covers, paints: paints) else { return .unplaced }
        if let entry = entries[mix], entry.words == scratch, entry.token == template.pointee.token {
            return .found(entry.colours)
        }
        // Copied to its length: the scratch array keeps the capacity of the longest place met.
        return .missing(Place(token: template.pointee.token, words: scratch.withUnsafeBufferPointer { Array($0) }, mix: mix))
    }

    func file(_ colours: [InkColours.Colours], at place: Place, numberedIn generation: Int) {
        guard generation == self.generation, entries[place.mix] == nil else { return }
        if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        entries[place.mix] = Entry(token: place.token, words: place.words, colours: colours)
    }

    /// Writes `template`'s place into ``scratch`` and returns its mix; nil when a layer it
    /// reads is not uniform. Written into a local array, lent back afterwards: appending to
    /// the stored one checks its access at every word.
    private func write(_ template: UnsafePointer<InkTemplate>, covers: [LayerCover], paints: [Int]) -> UInt64? {
        var words: [UInt64] = []
        swap(&words, &scratch)
        defer { swap(&words, &scratch) }
        words.removeAll(keepingCapacity: true)
        let frame = template.pointee.frame
        words.append(template.pointee.kind == .text ? 0 : 1)
        words.append(template.pointee.opacity.bitPattern)
        Self.append(frame, to: &words)
        Self.append(template.pointee.clip, to: &words)
        let below = min(template.pointee.layer, covers.count)
        if template.pointee.kind == .mark {
            guard template.pointee.layer < covers.count, paints[template.pointee.layer] >= 0 else { return nil }
            words.append(UInt64(paints[template.pointee.layer]))
            Self.append(covers[template.pointee.layer], to: &words)
        }
        let box = (minX: frame.minX - 1, maxX: frame.maxX + 1, minY: frame.minY - 1, maxY: frame.maxY + 1)
        for index in 0..<below where covers[index].reaches(box) {
            guard paints[index] >= 0 else { return nil }
            words.append(UInt64(paints[index]))
            Self.append(covers[index], to: &words)
        }
        var mix = HashMix()
        for byte in template.pointee.token.utf8 { mix.add(Int(byte)) }
        for word in words { mix.add(Int(bitPattern: UInt(word))) }
        return mix.value
    }

    private static func append(_ rect: Rect?, to words: inout [UInt64]) {
        guard let rect else { return words.append(0) }
        words.append(1)
        words.append(rect.x.bitPattern)
        words.append(rect.y.bitPattern)
        words.append(rect.width.bitPattern)
        words.append(rect.height.bitPattern)
    }

    private static func append(_ cover: LayerCover, to words: inout [UInt64]) {
        append(cover.frame, to: &words)
        words.append(cover.lineWidth.map { $0.bitPattern } ?? UInt64.max)
        append(cover.clip, to: &words)
    }
}
