import XMLSupport

/// Elements as one projection sees them without geometry, by base view (``BaseViews``): the
/// base view narrowed to the projection once, and each element written from it at its own
/// placement.
///
/// The document of the groups that no longer remember their views (`StateEvaluator`'s
/// `Together`) rewrites almost every element for every state, since their geometry changes;
/// viewing each element whole again to write it cost as much as writing it. An element
/// whose base view was narrowed before is written from that narrowing, as a group's
/// projection table writes a placed view (`ProjectionTable.element(_:)`).
struct NarrowedViews {
    private var views: [ElementView] = []
    /// Each base number's place in `views`, -1 until narrowed.
    private var places = NumberTable()

    /// The XML of an element whose base view is number `baseNumber` of `base`, as `projection`
    /// sees it at `placement` (nil for a projection without geometry). The projection must
    /// see elements through base views (``Projection/viewsThroughBase``).
    mutating func element(baseNumber: Int, of base: BaseViews, keeping projection: Projection,
                          placedAt placement: ElementPlacement?) -> XMLElement {
        places.extendUnknown(through: baseNumber)
        if places[baseNumber] < 0 {
            places[baseNumber] = views.count
            views.append(base.views.withUnsafeBufferPointer { ElementView(narrowing: $0.baseAddress! + baseNumber, to: projection) })
        }
        let place = places[baseNumber]
        return views.withUnsafeBufferPointer { views in ElementView.element(of: views.baseAddress! + place, placedAt: placement) }
    }

    /// Forgets every narrowing, when the base views start afresh.
    mutating func removeAll() {
        views.removeAll(keepingCapacity: true)
        places.removeAll()
    }
}
