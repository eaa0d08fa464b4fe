/// What of a state document's children a group of rules sees: only the attributes and the
/// nested elements its footprint says it reads.
///
/// Two children with the same projection give the group the same answers, so the group's
/// memo keys on projections: a rule about hit regions does not tell apart two buttons
/// that differ only in their labels. The writer applies the projection as it writes
/// (`StateDocument.Child.element(keeping:)`), so a dropped attribute costs nothing; the
/// writer writes no text, so dropping nested elements loses none.
struct Projection: Hashable {
    /// Kept attributes, as `StateDocument.Attribute` bits.
    let attributes: UInt64
    /// Kept nested elements, as `StateDocument.Nested` bits.
    let nested: UInt8
    /// Kept facts by name, on elements and on the state; nil keeps all.
    let facts: Set<String>?
    /// The same names in order: a rule names a handful, which comparing finds sooner than
    /// hashing, and a fact is looked up for every element viewed.
    private let factList: [String]?
    /// Whether it keeps any geometry; worked out once, as ``viewsThroughBase`` is, since a
    /// group asks for every child it projects.
    let readsGeometry: Bool
    /// Whether an element's view through this projection can be had from a view through a
    /// wider one without geometry (``BaseViews``), narrowed and placed at the element's
    /// frame and hit region.
    let viewsThroughBase: Bool

    static let everything = Projection(attributes: ~0, nested: ~0, facts: nil)

    init(attributes: UInt64, nested: UInt8, facts: Set<String>?) {
        self.attributes = attributes
        self.nested = nested
        self.facts = facts
        factList = Self.list(facts)
        (readsGeometry, viewsThroughBase) = Self.flags(attributes: attributes, nested: nested)
    }

    /// ``readsGeometry`` and ``viewsThroughBase`` of a projection keeping `attributes` and `nested`.
    private static func flags(attributes: UInt64, nested: UInt8) -> (readsGeometry: Bool, viewsThroughBase: Bool) {
        let readsGeometry = attributes & geometry != 0
        // Not when it reads inks and geometry together, since inks have frames of their own.
        return (readsGeometry, !(readsGeometry && nested & StateDocument.Nested.ink.bit != 0))
    }

    private static func list(_ facts: Set<String>?) -> [String]? { facts.map { $0.sorted() } }

    /// Names the writer never writes cannot be read, so they are left out.
    init(_ footprint: RuleFootprint) {
        attributes = footprint.attributes.map { names in
            names.reduce(0) { $0 | (StateDocument.Attribute.named[$1]?.bit ?? 0) }
        } ?? ~0
        nested = footprint.names.map { names in
            names.reduce(0) { $0 | (StateDocument.Nested.named[$1]?.bit ?? 0) }
        } ?? ~0
        facts = footprint.factNames
        factList = Self.list(facts)
        (readsGeometry, viewsThroughBase) = Self.flags(attributes: attributes, nested: nested)
    }

    /// What either projection keeps.
    func union(_ other: Projection) -> Projection {
        Projection(attributes: attributes | other.attributes, nested: nested | other.nested,
                   facts: facts.flatMap { mine in other.facts.map { mine.union($0) } })
    }

    /// The attributes an element's layout sets: they change with every size, width and
    /// scroll offset, while the rest changes rarely.
    static let geometry: UInt64 = [StateDocument.Attribute.x, .y, .width, .height, .hitX, .hitY, .hitWidth, .hitHeight,
                                   .hitUncertainty].reduce(0) { $0 | $1.bit }

    /// This projection without the geometry attributes (an element's and its inks').
    var withoutGeometry: Projection {
        Projection(attributes: attributes & ~Self.geometry, nested: nested, facts: facts)
    }

    func keeps(_ attribute: StateDocument.Attribute) -> Bool { attributes & attribute.bit != 0 }

    func keeps(_ nested: StateDocument.Nested) -> Bool { self.nested & nested.bit != 0 }

    func keepsFact(named name: String) -> Bool { factList?.contains(name) ?? true }

    /// Whether every child of `kind` is seen, known without reading the child: all but
    /// facts, which are seen by name.
    static func keepsEvery(_ kind: StateDocument.Child.Kind) -> Bool { kind != .fact }

    /// Whether a child of the state is seen at all: a fact only when its name is kept.
    func keeps(_ child: StateDocument.Child) -> Bool {
        if case .fact(let fact) = child { return keepsFact(named: fact.name) }
        return true
    }
}
