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

    /// Inlined: made for every element a group views.
    @inline(__always)
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

    /// How many of the nine attributes the placement writes.
    var keptCount: Int {
        var count = 0
        if x != nil { count += 1 }
        if y != nil { count += 1 }
        if width != nil { count += 1 }
        if height != nil { count += 1 }
        if hitX != nil { count += 1 }
        if hitY != nil { count += 1 }
        if hitWidth != nil { count += 1 }
        if hitHeight != nil { count += 1 }
        if hitUncertainty != nil { count += 1 }
        return count
    }

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
