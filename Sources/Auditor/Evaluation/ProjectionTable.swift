import XMLSupport

/// One group's projections of children, numbered by content: equal projections get equal
/// numbers, so memo keys are short arrays of numbers instead of documents.
///
/// Numbering is exact. An element is compared as its `ElementView`, which writes its XML;
/// other children (few and small) as their written XML, attribute for attribute. Either
/// way a number stands for exactly one projected XML, so keys built from numbers are as
/// exact as the documents, and a memo hit can never change a finding.
struct ProjectionTable {
    private enum Projected {
        /// An element, by its place in `views`.
        case element(Int)
        case written(XMLElement)
    }

    /// Written XML, hashed and compared attribute for attribute.
    private struct Written: Hashable {
        let element: XMLElement

        static func == (lhs: Written, rhs: Written) -> Bool { lhs.element == rhs.element }

        func hash(into hasher: inout Hasher) { Self.hash(element, into: &hasher) }

        private static func hash(_ element: XMLElement, into hasher: inout Hasher) {
            hasher.combine(element.name)
            hasher.combine(element.attributes.count)
            for attribute in element.attributes {
                hasher.combine(attribute.name)
                hasher.combine(attribute.value)
            }
            hasher.combine(element.text)
            hasher.combine(element.children.count)
            for child in element.children { hash(child, into: &hasher) }
        }
    }

    /// Distinct element views, found by content through `viewNumbers`.
    private var views: [ElementView] = []
    private var viewNumbers = ContentIndex()
    private var others: [Written: Int] = [:]
    private var projected: [Projected] = []
    /// Each number's XML, once written.
    private var written: [XMLElement?] = []

    var count: Int { projected.count }

    mutating func number(for child: StateDocument.Child, keeping projection: Projection) -> Int {
        if case .element(let element, let order) = child {
            return number(for: ElementView(element, order: order, keeping: projection))
        } else {
            let element = Written(element: child.element(keeping: projection))
            if let known = others[element] { return known }
            others[element] = projected.count
            projected.append(.written(element.element))
        }
        written.append(nil)
        return projected.count - 1
    }

    mutating func number(for view: ElementView) -> Int {
        let hash = view.hashValue
        if let known = viewNumbers.number(hash: hash, where: { shows(view, $0) }) { return known }
        viewNumbers.file(projected.count, hash: hash)
        projected.append(.element(views.count))
        views.append(view)
        written.append(nil)
        return projected.count - 1
    }

    private func shows(_ view: ElementView, _ number: Int) -> Bool {
        guard case .element(let index) = projected[number] else { return false }
        return views[index] == view
    }

    /// The XML a number stands for.
    mutating func element(_ number: Int) -> XMLElement {
        if let element = written[number] { return element }
        let element = switch projected[number] {
        case .element(let index): views[index].element
        case .written(let element): element
        }
        written[number] = element
        return element
    }

    mutating func removeAll() {
        views.removeAll(keepingCapacity: true)
        viewNumbers.removeAll()
        others.removeAll(keepingCapacity: true)
        projected.removeAll(keepingCapacity: true)
        written.removeAll(keepingCapacity: true)
    }
}
