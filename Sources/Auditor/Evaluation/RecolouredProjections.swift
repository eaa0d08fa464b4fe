import AccessibilityModel

/// A local group's projections of elements under another colour setting, found from the
/// projection of the same element under its representative's and the colours its inks take.
///
/// The kit lays a body out once for all four colour settings and changes nothing between
/// them but its inks' colours (``RenderIdentity``: the same render and direction show the
/// same elements but for their inks' foreground, background and inside colours). So an
/// element of a colour twin is its representative's element with those colours replaced,
/// and what a group sees of it is a function of what the group sees of the
/// representative's element and of the new colours: the pair numbers the twin's
/// projection as exactly as its content would. A twin whose every element is found here
/// needs neither its elements numbered nor their projections made: for the contrast rules,
/// most of what a colour twin costs.
///
/// Projections are numbered by content for the life of the group's projection table, and
/// colours by ``InkColourNumbers``, so the entries are dropped when either starts afresh.
/// Bounded: it starts afresh when full.
///
/// Where a group keeps what changes from render to render (an ink's frame, say), twins'
/// elements are rarely met again, and looking them up and filing them costs more than it
/// saves: like a memo (`RuleGroup.Memo`), the table is judged after ``trial`` attempts and
/// stops when fewer than a fifth found every element.
struct RecolouredProjections {
    static let capacity = 8_192
    static let trial = 500
    static let worthwhile = 0.2

    /// What the group saw of the representative's element, and the number of the twin's
    /// inks' colours.
    struct Key {
        var projection: Int
        var colours: Int

        /// Both numbers in one, for an ``IntTable``: each is a count of entries in a
        /// bounded table, far below 2³².
        var packed: Int { projection << 32 | colours }
    }

    private var projections = IntTable<Int>()
    private var attempts = 0
    private var found = 0
    /// Whether twins are still looked up and filed.
    private(set) var remembers = true

    var isEmpty: Bool { projections.isEmpty }

    /// Counts an attempt to find a twin's every element, and judges the table after ``trial``.
    mutating func attempted(foundEvery: Bool) {
        attempts += 1
        if foundEvery { found += 1 }
        if attempts == Self.trial, Double(found) / Double(attempts) < Self.worthwhile {
            remembers = false
            projections.removeAll()
        }
    }

    /// The twin's projection of the element, if filed.
    func projection(_ key: Key) -> Int? { projections[key.packed] }

    mutating func file(_ projection: Int, for key: Key) {
        guard remembers else { return }
        if projections.count >= Self.capacity, projections[key.packed] == nil {
            projections.removeAll(keepingCapacity: true)
        }
        projections.file(projection, for: key.packed)
    }

    mutating func removeAll() { projections.removeAll(keepingCapacity: true) }
}

/// Numbers the colours an element's inks take, in order (foreground, background and inside
/// of each ink), by content: equal numbers, equal colours. Bounded: it starts afresh when
/// full, and reports it, since the numbers it gave are then void.
struct InkColourNumbers {
    static let capacity = 16_384

    /// Each element's inks' colours met; an element's number is its place here. Found
    /// through the mix (`HashMix`) of its inks' colours as they lie, in a ``ContentIndex``,
    /// and a list of its colours is made only when they are new.
    private var colours: [[Ink.Colours]] = []
    private var index = ContentIndex()

    /// The number of an element's inks' `colours`, and whether the table started afresh to
    /// give it; -1 for no inks.
    mutating func number(of inks: some Collection<Ink.Colours>) -> (number: Int, startedAfresh: Bool) {
        if inks.isEmpty { return (-1, false) }
        var mix = HashMix()
        for ink in inks {
            mix.add(ink.foreground)
            mix.add(ink.background)
            mix.add(ink.inside)
        }
        let hash = mix.number
        if let known = index.number(hash: hash, where: { colours[$0].elementsEqual(inks) }) { return (known, false) }
        let full = colours.count >= Self.capacity
        if full {
            colours.removeAll(keepingCapacity: true)
            index.removeAll()
        }
        index.file(colours.count, hash: hash)
        colours.append(Array(inks))
        return (colours.count - 1, full)
    }
}
