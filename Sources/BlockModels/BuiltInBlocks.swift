import AccessibilityModel

/// The blocks `a11y-audit` knows without being told, in the order it audits them.
public enum BuiltInBlocks {
    public static let all: [any BlockModel] = [ScopeHeader(), TopTabs(), ScrollingTabStrip()]

    public static func named(_ name: String) -> (any BlockModel)? { all.first { $0.name == name } }

    public static var names: [String] { all.map(\.name) }
}
