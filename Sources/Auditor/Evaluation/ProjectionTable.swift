import AccessibilityModel
import XMLSupport

/// One group's projections of children, numbered by content: equal projections get equal
/// numbers, so memo keys are short arrays of numbers instead of documents.
///
/// Numbering is exact. An element is compared as its `ElementView`, which writes its XML,
/// or, for a group that reads geometry, as the rest of that view and its placement
/// (`ElementPlacement`), which together are the view; other children (few and small) as
/// their written XML, attribute for attribute. Either way a number stands for exactly one
/// projected XML, so keys built from numbers are as exact as the documents, and a memo hit
/// can never change a finding.
struct ProjectionTable {
    private enum Projected {
        /// An element, by its place in `views`.
        case element(Int)
        /// An element of a group that reads geometry: the rest of its view, by its place in
        /// `views`, at a placement, by its place in `placements`.
        case placed(Int, placement: Int)
        /// Another child, by its place in `writtenOthers`: held apart, so that each number
        /// takes the room of two numbers rather than of an element of XML.
        case written(Int)
    }

    /// Written XML, mixed and compared attribute for attribute: found through a
    /// ``MixedTable``, since a hasher's round for every name and value cost more than the
    /// rest of numbering a transition.
    private struct Written: Mixable {
        let element: XMLElement

        static func == (lhs: Written, rhs: Written) -> Bool { lhs.element == rhs.element }

        var mixed: Int {
            var mix = HashMix()
            Self.mix(element, into: &mix)
            return mix.number
        }

        private static func mix(_ element: XMLElement, into mix: inout HashMix) {
            mix.add(bytesOf: element.name)
            mix.add(element.attributes.count)
            for attribute in element.attributes {
                mix.add(bytesOf: attribute.name)
                mix.add(bytesOf: attribute.value)
            }
            if let text = element.text { mix.add(bytesOf: text) } else { mix.add(-1) }
            mix.add(element.children.count)
            for child in element.children { Self.mix(child, into: &mix) }
        }
    }

    /// Distinct element views, found by content through `viewNumbers`.
    private var views: [ElementView] = []
    private var viewNumbers = ContentIndex()
    private var others = MixedTable<Written, Int>()
    private var writtenOthers: [XMLElement] = []
    /// Numbers of placed views, found by a hash of the view's place and the placement: a
    /// dictionary keyed by both hashed each through SipHash, for every element a group that
    /// reads geometry meets, and most of those are new.
    private var places = ContentIndex()
    private var projected: [Projected] = []
    /// The placements of placed views, apart from them: compared where they lie when a
    /// placed view is looked up, rather than copied out of its case.
    private var placements: [ElementPlacement] = []
    /// Each number's place in `writtenElements` once its XML is written (-1 until then):
    /// many numbers are never written, and a list of optional elements took the room of one
    /// for each.
    private var writtenAt = NumberTable()
    private var writtenElements: [XMLElement] = []

    var count: Int { projected.count }

    mutating func number(for child: StateDocument.Child, keeping projection: Projection) -> Int {
        if case .element(let element, let order) = child {
            return number(for: ElementView(element, order: order, keeping: projection))
        } else {
            let element = Written(element: child.element(keeping: projection))
            if let known = others[element] { return known }
            others.file(projected.count, for: element)
            projected.append(.written(writtenOthers.count))
            writtenOthers.append(element.element)
        }
        writtenAt.extendUnknown(through: projected.count - 1)
        return projected.count - 1
    }

    mutating func number(for view: ElementView) -> Int {
        let index = place(of: view)
        if numberOfView[index] >= 0 { return numberOfView[index] }
        numberOfView[index] = projected.count
        projected.append(.element(index))
        writtenAt.extendUnknown(through: projected.count - 1)
        return projected.count - 1
    }

    /// Each view's number as an element of its own, by its place in `views`; -1 for a view
    /// kept only as the rest of placed ones.
    private var numberOfView: [Int] = []

    /// The place in `views` of a view equal to `view`, added when new.
    mutating func place(of view: ElementView) -> Int {
        let hash = view.hashValue
        // Compared where each lies: a view read out of the list was copied to be compared.
        let found = withUnsafePointer(to: view) { view in
            views.withUnsafeBufferPointer { views in
                viewNumbers.number(hash: hash, where: { ElementView.equal(views.baseAddress! + $0, view) })
            }
        }
        if let known = found { return known }
        viewNumbers.file(views.count, hash: hash)
        views.append(view)
        numberOfView.append(-1)
        return views.count - 1
    }

    /// The number of the view at `view`'s place in `views` (a view without geometry, from
    /// ``place(of:)``) placed at `placement`: equal for equal placements of equal views, so
    /// as exact as numbering the placed views themselves, without building one.
    mutating func number(placing placement: ElementPlacement, on view: Int) -> Int {
        var mix = HashMix()
        mix.add(view)
        placement.mix(into: &mix)
        let hash = mix.number
        if let known = places.number(hash: hash, where: { number in
            guard case .placed(let other, let place) = projected[number] else { return false }
            return other == view && placements[place] == placement
        }) { return known }
        places.file(projected.count, hash: hash)
        projected.append(.placed(view, placement: placements.count))
        placements.append(placement)
        writtenAt.extendUnknown(through: projected.count - 1)
        return projected.count - 1
    }

    /// The XML a number stands for.
    mutating func element(_ number: Int) -> XMLElement {
        if let place = writtenAt.known(number) { return writtenElements[place] }
        // A view is written where it lies: read out of the list, it was copied first. Another
        // child is kept as its XML.
        let element: XMLElement
        switch projected[number] {
        case .element(let index): element = views.withUnsafeBufferPointer { ElementView.element(of: $0.baseAddress! + index) }
        case .placed(let index, let placement):
            element = views.withUnsafeBufferPointer { ElementView.element(of: $0.baseAddress! + index, placedAt: placements[placement]) }
        case .written(let index): return writtenOthers[index]
        }
        writtenAt[number] = writtenElements.count
        writtenElements.append(element)
        return element
    }

    mutating func removeAll() {
        views.removeAll(keepingCapacity: true)
        viewNumbers.removeAll()
        others.removeAll(keepingCapacity: true)
        writtenOthers.removeAll(keepingCapacity: true)
        places.removeAll()
        numberOfView.removeAll(keepingCapacity: true)
        projected.removeAll(keepingCapacity: true)
        placements.removeAll(keepingCapacity: true)
        writtenAt.removeAll()
        writtenElements.removeAll(keepingCapacity: true)
    }
}
