import AccessibilityModel

/// The attributes of an element view that layout sets (``Projection/geometry``): its frame
/// and its hit region, each as the projection keeps it.
///
/// A group that reads geometry sees an element as the rest of its view, which rarely
/// changes, placed here, which changes with almost every size, width and offset. Numbering
/// the two apart lets the group view the rest once per distinct element (through
/// ``BaseViews``) and compare only numbers for each new place
/// (`ProjectionTable.number(placing:on:)`); a view holds its geometry as a placement, so
/// equal placements of equal rests are equal views.
///
/// Held as nine numbers and a bit for each present (80 bytes): nine optionals took 16
/// bytes each, and a group that reads geometry keeps a placement for every placed view it
/// numbers.
struct ElementPlacement: Hashable {
    /// Each attribute's value where its bit of `present` is set, 0 elsewhere, in the order of
    /// the properties below.
    private var values = InlineArray<9, Double>(repeating: 0)
    private var present: UInt16 = 0

    var x: Double? { get { value(0) } set { set(0, newValue) } }
    var y: Double? { get { value(1) } set { set(1, newValue) } }
    var width: Double? { get { value(2) } set { set(2, newValue) } }
    var height: Double? { get { value(3) } set { set(3, newValue) } }
    var hitX: Double? { get { value(4) } set { set(4, newValue) } }
    var hitY: Double? { get { value(5) } set { set(5, newValue) } }
    var hitWidth: Double? { get { value(6) } set { set(6, newValue) } }
    var hitHeight: Double? { get { value(7) } set { set(7, newValue) } }
    var hitUncertainty: Double? { get { value(8) } set { set(8, newValue) } }

    @inline(__always)
    private func value(_ index: Int) -> Double? { present & 1 << index != 0 ? values[index] : nil }

    @inline(__always)
    private mutating func set(_ index: Int, _ value: Double?) {
        if let value {
            values[index] = value
            present |= 1 << index
        } else {
            values[index] = 0
            present &= ~(1 << index)
        }
    }

    /// As the nine optionals compared: the same attributes kept, with equal values.
    static func == (lhs: ElementPlacement, rhs: ElementPlacement) -> Bool {
        guard lhs.present == rhs.present else { return false }
        for index in 0..<9 where lhs.present & 1 << index != 0 && lhs.values[index] != rhs.values[index] { return false }
        return true
    }

    /// Inlined: made for every element a group views.
    @inline(__always)
    init(_ element: AccessibilityElement, keeping projection: Projection) {
        self.init(frame: element.frame, hitRegion: element.hitRegion, hitRegionUncertainty: element.hitRegionUncertainty,
                  keeping: projection)
    }

    /// The placement of an element with this frame and hit region: all a placement reads of
    /// an element, which a caller holding the element where it lies passes without copying it.
    @inline(__always)
    init(frame: Rect, hitRegion: Rect?, hitRegionUncertainty: Double, keeping projection: Projection) {
        typealias Attribute = StateDocument.Attribute
        func kept(_ attribute: Attribute, _ value: Double?) -> Double? { projection.keeps(attribute) ? value : nil }
        x = kept(.x, frame.x)
        y = kept(.y, frame.y)
        width = kept(.width, frame.width)
        height = kept(.height, frame.height)
        hitX = kept(.hitX, hitRegion?.x)
        hitY = kept(.hitY, hitRegion?.y)
        hitWidth = kept(.hitWidth, hitRegion?.width)
        hitHeight = kept(.hitHeight, hitRegion?.height)
        hitUncertainty = kept(.hitUncertainty, hitRegion.map { _ in hitRegionUncertainty })
    }

    /// How many of the nine attributes the placement writes.
    var keptCount: Int { present.nonzeroBitCount }

    /// The placement a narrower projection keeps.
    func narrowed(to projection: Projection) -> ElementPlacement {
        var placement = self
        func keep(_ attribute: StateDocument.Attribute, _ field: inout Double?) { if !projection.keeps(attribute) { field = nil } }
        keep(.x, &placement.x)
        keep(.y, &placement.y)
        keep(.width, &placement.width)
        keep(.height, &placement.height)
        keep(.hitX, &placement.hitX)
        keep(.hitY, &placement.hitY)
        keep(.hitWidth, &placement.hitWidth)
        keep(.hitHeight, &placement.hitHeight)
        keep(.hitUncertainty, &placement.hitUncertainty)
        return placement
    }

    /// What a view's hash takes of its placement; inlined, since every view met is hashed.
    @inline(__always)
    func mix(into mix: inout HashMix) {
        mix.add(x)
        mix.add(y)
        mix.add(width)
        mix.add(height)
        mix.add(hitX)
        mix.add(hitY)
        mix.add(hitWidth)
        mix.add(hitHeight)
        mix.add(hitUncertainty)
    }

    func hash(into hasher: inout Hasher) {
        var mix = HashMix()
        self.mix(into: &mix)
        hasher.combine(mix.value)
    }
}

extension StateDocument.Child {
    /// An element's placement as `projection` keeps it; nil for another kind of child.
    func placement(keeping projection: Projection) -> ElementPlacement? {
        guard case .element(let element, _) = self else { return nil }
        return ElementPlacement(element, keeping: projection)
    }
}
