import AccessibilityModel
import ModelKit
import Synchronization

extension TopTabs {
    /// What the block's states share, worked out once when the block is made.
    ///
    /// An audit renders every state, and most of a snapshot depends on one or two
    /// dimensions: a tab's element on whether it is selected, a width on the size. The
    /// tables hold those parts per fixture (each fixture is one region of the space), so
    /// that a render looks them up by value index instead of reading values by name,
    /// measuring text and building facts again. They are immutable, so any number of
    /// threads may render at once, and a class, so that copying the block (as every render
    /// through `any BlockModel` does) costs one retain.
    final class Tables: Sendable {
        /// Where each of the block's own dimensions sits in a state.
        let sizingPosition: Int, selectionPosition: Int, dragPosition: Int
        /// Per region, that is per fixture.
        let fixtures: [Fixture]
        let environments: EnvironmentTable
        let faults: Faults
        let interactions: InteractionTemplates
        /// The strip's measured layouts, by fixture, sizing, size and width: its tabs'
        /// frames depend on nothing else (a title's colour does not change its width).
        let stripLayouts = Mutex<[Int: StripLayout]>([:])
        let sizePosition: Int, widthPosition: Int
        let sizeCount: Int, widthCount: Int, sizingCount: Int

        /// One fixture's tables.
        struct Fixture: Sendable {
            /// The `tabs` value it serves: what tells the fixtures apart where a part of the
            /// body is kept between renders (`RenderContext.reused`).
            let name: String
            let items: [Item]
            /// Per `sizing` value: the sizing.
            let sizings: [Sizing]
            /// Per `selection` value: the item it selects; per item: the `selection` value
            /// that selects it.
            let selectedItems: [Int]
            let selectionValues: [Int]
            /// Per `drag` value: the direction and fraction, and the `drag` values the
            /// interactions lead to.
            let drags: [Drag]
            /// Per item and `drag` value: the pager offset as the `pager-offset` fact writes it.
            let pagerOffsets: [[String]]
            let tabCount: String
            /// Per item: the id of its tab, which its interactions target.
            let tabIDs: [String]
            /// Per item: the value its tab sets the selection to.
            let selectionIDs: [String]
            /// Per item: its count as the capsule shows it; nil hides the capsule.
            let countTexts: [String?]
            /// Per item, unselected (0) and selected (1): its tab's facts.
            let tabFacts: [[[Fact]]]
            /// Per item: the id of its page, its heading, its articles and their labels.
            let pageIDs: [String]
            let pageScrollIDs: [String]
            let headingIDs: [String]
            let articleIDs: [[String]]
            let articleLabels: [[String]]
            /// Per item and distance from the current page (0 or 1): the page's facts.
            let pageFacts: [[[Fact]]]
        }

        /// One `drag` value.
        struct Drag: Sendable {
            var direction: Int
            var fraction: Double
            /// The `drag` values of dragging a step further and a step back (at rest: toward
            /// the next and the previous page), and of settling.
            var further: Int?
            var back: Int?
            var none: Int?

            init(_ value: String, among values: [String]) {
                (direction, fraction) = Inputs.drag(value)
                func position(_ direction: Int, _ fraction: Double) -> Int? {
                    values.firstIndex(of: Inputs.dragValue(direction: direction, fraction: fraction))
                }
                if direction == 0 {
                    further = position(1, 0.25)
                    back = position(-1, 0.25)
                } else {
                    further = position(direction, fraction + 0.25)
                    back = position(direction, fraction - 0.25)
                }
                none = position(0, 0)
            }
        }

        /// Which of the deliberate faults the block has.
        struct Faults: Sendable {
            let indicatorNotInterpolated: Bool
            let neighbourPageExposed: Bool
            let hapticOnDrag: Bool
            let slideUnderReduceMotion: Bool

            init(_ faults: Set<Fault>) {
                indicatorNotInterpolated = faults.contains(.indicatorNotInterpolated)
                neighbourPageExposed = faults.contains(.neighbourPageExposed)
                hapticOnDrag = faults.contains(.hapticOnDrag)
                slideUnderReduceMotion = faults.contains(.slideUnderReduceMotion)
            }
        }

        init(fixtures: [(name: String, items: [Item], sizings: [Sizing])], faults: Set<Fault>, stateSpace: StateSpace) {
            let sizingPosition = stateSpace.position(of: "sizing")!
            let selectionPosition = stateSpace.position(of: "selection")!
            let dragPosition = stateSpace.position(of: "drag")!
            let tabsPosition = stateSpace.position(of: "tabs")!
            self.sizingPosition = sizingPosition
            self.selectionPosition = selectionPosition
            self.dragPosition = dragPosition
            self.fixtures = stateSpace.regions.map { region in
                let fixture = fixtures.first { $0.name == region[tabsPosition].values[0] }!
                let items = fixture.items
                let selectionValues = region[selectionPosition].values
                let dragValues = region[dragPosition].values
                return Fixture(
                    name: fixture.name,
                    items: items,
                    sizings: region[sizingPosition].values.map { Sizing(rawValue: $0)! },
                    selectedItems: selectionValues.map { id in items.firstIndex { $0.id == id }! },
                    selectionValues: items.map { item in selectionValues.firstIndex(of: item.id)! },
                    drags: dragValues.map { Drag($0, among: dragValues) },
                    pagerOffsets: items.indices.map { selected in
                        dragValues.map { value in
                            let (direction, fraction) = Inputs.drag(value)
                            return Renderer.format(Double(selected) + Double(direction) * fraction)
                        }
                    },
                    tabCount: String(items.count),
                    tabIDs: items.map { "tab.\($0.id)" },
                    selectionIDs: items.map(\.id),
                    countTexts: items.map { $0.count.map(String.init) },
                    // "VoiceOver reads each tab as a button with its count and the selected
                    // trait": the tabs are one single-choice group.
                    tabFacts: items.indices.map { index in
                        let count = items[index].count.map(String.init) ?? ""
                        return [false, true].map { selected in
                            SelectionGroupKind.single.memberFacts(isSelected: selected)
                                + [Fact("tab-index", String(index)), Fact("count", count),
                                   Fact("capsule", items[index].count == nil ? "none" : "fill")]
                        }
                    },
                    pageIDs: items.map { "page.\($0.id)" },
                    pageScrollIDs: items.map { "page.\($0.id).scroll" },
                    headingIDs: items.map { "page.\($0.id).heading" },
                    articleIDs: items.map { item in (1...TopTabs.articlesPerPage).map { "page.\(item.id).article.\($0)" } },
                    articleLabels: items.map { item in (1...TopTabs.articlesPerPage).map { "\(item.title) story \($0)" } },
                    pageFacts: items.indices.map { index in
                        [0, 1].map { distance in
                            [Role.page.fact, Fact("page-index", String(index)), Fact("distance", String(distance))]
                        }
                    })
            }
            environments = EnvironmentTable(stateSpace)
            sizePosition = stateSpace.position(of: "size")!
            widthPosition = stateSpace.position(of: "width")!
            sizeCount = stateSpace.regions[0][sizePosition].values.count
            widthCount = stateSpace.regions[0][widthPosition].values.count
            sizingCount = Sizing.allCases.count
            self.faults = Faults(faults)
            interactions = InteractionTemplates(faults: self.faults)
        }
    }
}
