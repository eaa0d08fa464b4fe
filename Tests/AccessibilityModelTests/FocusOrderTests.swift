import AccessibilityModel
import Testing

@Suite("VoiceOver's focus order follows frames, rows and containers")
struct FocusOrderTests {
    func element(_ id: String, x: Double, y: Double, width: Double = 40, container: String? = nil) -> AccessibilityElement {
        AccessibilityElement(id: id, label: id, frame: Rect(x: x, y: y, width: width, height: 20), container: container)
    }

    @Test("the higher element comes first when tops differ by 8 pt or more")
    func higherFirst() {
        let order = FocusOrder.sorted([element("b", x: 0, y: 30), element("a", x: 100, y: 0)], direction: .leftToRight)
        #expect(order.map(\.id) == ["a", "b"])
    }

    @Test("within 8 pt, elements are one row, read from the leading edge",
          arguments: [(LayoutDirection.leftToRight, ["left", "right"]), (.rightToLeft, ["right", "left"])])
    func rowByX(direction: LayoutDirection, expected: [String]) {
        let elements = [element("right", x: 200, y: 5), element("left", x: 10, y: 0)]
        #expect(FocusOrder.sorted(elements, direction: direction).map(\.id) == expected)
    }

    @Test("a container is visited whole, in its own order, placed by its first element")
    func containers() {
        let elements = [
            element("chip.1", x: 16, y: 100, container: "chips"),
            element("chip.2", x: 500, y: 100, container: "chips"),
            element("filters", x: 330, y: 100),
        ]
        #expect(FocusOrder.sorted(elements, direction: .leftToRight).map(\.id) == ["chip.1", "chip.2", "filters"])
    }

    @Test("inside a container a higher sort priority goes first, and equal priorities keep their order",
          arguments: [([0.0, 0, 0], ["c.1", "c.2", "c.3"]), ([0, 1, 0], ["c.2", "c.1", "c.3"]), ([0, 1, 2], ["c.3", "c.2", "c.1"])])
    func prioritiesInsideAContainer(priorities: [Double], expected: [String]) {
        var elements = (1...3).map { element("c.\($0)", x: Double($0) * 60, y: 100, container: "chips") }
        for (index, priority) in priorities.enumerated() { elements[index].sortPriority = priority }
        elements.insert(element("title", x: 16, y: 0), at: 1)
        elements.append(element("filters", x: 300, y: 100))
        #expect(FocusOrder.sorted(elements, direction: .leftToRight).map(\.id) == ["title"] + expected + ["filters"])
        let positions = FocusOrder.positions(of: elements, direction: .leftToRight)
        #expect(elements.indices.sorted { positions[$0] < positions[$1] }.map { elements[$0].id } == ["title"] + expected + ["filters"])
    }
}

@Suite("Focus positions agree with the focus order")
struct FocusPositionTests {
    static let elements = [
        AccessibilityElement(id: "title", label: "Title", frame: Rect(x: 16, y: 0, width: 200, height: 30)),
        AccessibilityElement(id: "chip.2", label: "Two", frame: Rect(x: 120, y: 60, width: 60, height: 30), container: "chips"),
        AccessibilityElement(id: "hairline", isHidden: true, frame: Rect(x: 0, y: 40, width: 393, height: 1)),
        AccessibilityElement(id: "chip.1", label: "One", frame: Rect(x: 16, y: 60, width: 60, height: 30), container: "chips"),
        AccessibilityElement(id: "filters", label: "Filters", frame: Rect(x: 300, y: 58, width: 80, height: 34)),
    ]

    @Test("each focusable element's position is its place in the sorted order; hidden ones have none",
          arguments: [LayoutDirection.leftToRight, .rightToLeft])
    func positions(direction: LayoutDirection) {
        let positions = FocusOrder.positions(of: Self.elements, direction: direction)
        let sorted = FocusOrder.sorted(Self.elements.filter(\.isFocusable), direction: direction).map(\.id)
        let byPosition = Self.elements.indices.filter { positions[$0] > 0 }.sorted { positions[$0] < positions[$1] }
        #expect(byPosition.map { Self.elements[$0].id } == sorted)
        #expect(positions[2] == 0)
        #expect(Set(positions.filter { $0 > 0 }) == Set(1...sorted.count))
    }
}
