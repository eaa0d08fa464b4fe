import AccessibilityModel

/// The attributes of an element view that layout sets (``Projection/geometry``): its frame
/// and its hit region, each as the projection keeps it.
///
/// A group that reads geometry sees an element as the rest of its view, which rarely
/// changes, placed at these numbers, which change with almost every size, width and
/// offset. Numbering the two apart lets the group view the rest once per distinct element
/// (through ``BaseViews``) and compare only numbers for each new place
/// (`ProjectionTable.number(placing:on:)`). A view's geometry fields are exactly these, so
/// equal placements of equal rests are equal views.
struct ElementPlacement: Hashable {
    var x: Double?
    var y: Double?
    var width: Double?
    var height: Double?
    var hitX: Double?
    var hitY: Double?
    var hitWidth: Double?
    var hitHeight: Double?
    var hitUncertainty: Double?

    /// The placement ``ElementView/init(_:order:keeping:)`` would give `element`.
    init(_ element: AccessibilityElement, keeping projection: Projection) {
        typealias Attribute = StateDocument.Attribute
        func kept(_ attribute: Attribute, _ value: Double?) -> Double? { projection.keeps(attribute) ? value : nil }
        x = kept(.x, element.frame.x)
        y = kept(.y, element.frame.y)
        width = kept(.width, element.frame.width)
        height = kept(.height, element.frame.height)
        hitX = kept(.hitX, element.hitRegion?.x)
        hitY = kept(.hitY, element.hitRegion?.y)
        hitWidth = kept(.hitWidth, element.hitRegion?.width)
        hitHeight = kept(.hitHeight, element.hitRegion?.height)
        hitUncertainty = kept(.hitUncertainty, element.hitRegion.map { _ in element.hitRegionUncertainty })
    }

    /// `view`, whose geometry fields are empty, placed here.
    func placing(_ view: ElementView) -> ElementView {
        var placed = view
        placed.x = x
        placed.y = y
        placed.width = width
        placed.height = height
        placed.hitX = hitX
        placed.hitY = hitY
        placed.hitWidth = hitWidth
        placed.hitHeight = hitHeight
        placed.hitUncertainty = hitUncertainty
        return placed
    }

    func hash(into hasher: inout Hasher) {
        var mix = HashMix()
        mix.add(x)
        mix.add(y)
        mix.add(width)
        mix.add(height)
        mix.add(hitX)
        mix.add(hitY)
        mix.add(hitWidth)
        mix.add(hitHeight)
        mix.add(hitUncertainty)
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
