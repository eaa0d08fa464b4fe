import AccessibilityModel

extension ScrollingTabStrip {
    /// What the block's states share, worked out once when the block is made: where the
    /// selection sits, and every tab title and page title measured at every size. Every
    /// state's interactions lay out the strip once per tab, so measuring there would repeat
    /// each measurement many times per state. Immutable, so any number of threads may render
    /// at once; a class, so that copying the block costs one retain.
    final class Tables: Sendable {
        let selectionPosition: Int
        /// Per `selection` value: the tab it selects; per tab: the `selection` value that
        /// selects it.
        let selectedTabs: [Int]
        let selectionValues: [Int]
        /// Per size (`ContentSizeCategory.rawValue`) and tab: "Text(tab).font(.headline)".
        let tabBoxes: [[TextBox]]
        /// Per size and tab: "Text(\"Stories about \\(selection)\").font(.title.bold())" on one line.
        let pageTitleBoxes: [[TextBox]]
        let environments: EnvironmentTable
        /// Per tab: the id its element and interaction name.
        let tabTargets: [String]
        /// Per Reduce Motion (1 when on) and whether the strip scrolls (1 when it does): the
        /// motions of changing tab.
        let motions: [[[Motion]]]

        init(tabs: [Tab], stateSpace: StateSpace) {
            selectionPosition = stateSpace.position(of: "selection")!
            let values = stateSpace.dimensions[selectionPosition].values
            // "private var index: Int { tabs.firstIndex(of: selection) ?? 0 }"
            selectedTabs = values.map { id in tabs.firstIndex { $0.id == id } ?? 0 }
            selectionValues = tabs.map { tab in values.firstIndex(of: tab.id)! }
            tabBoxes = ContentSizeCategory.allCases.map { size in
                tabs.map { TextBox($0.title, style: .headline, size: size) }
            }
            pageTitleBoxes = ContentSizeCategory.allCases.map { size in
                tabs.map { TextBox("Stories about \($0.title)", style: .title, weight: .bold, size: size) }
            }
            environments = EnvironmentTable(stateSpace)
            tabTargets = tabs.map { "tab.\($0.id)" }
            motions = [false, true].map { reduceMotion in
                [false, true].map { ScrollingTabStrip.motions(reduceMotion: reduceMotion, scrolls: $0) }
            }
        }
    }
}
