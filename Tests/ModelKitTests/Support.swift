import AccessibilityModel
import ModelKit

/// A small state space (its states at the Large size unless a test says otherwise) and a context to render kit views in, for tests that
/// work figures by hand.
enum Fixture {
    static let space = StateSpace([
        Dimension("selection", values: ["a", "b", "c"]), .contentSize, .motion, .width([320, 393]), .direction,
    ])

    static func context(_ pairs: [String] = [], choices: AssumptionChoices = .defaults) -> RenderContext {
        var state = space.all[0].with("size", "L")
        for pair in pairs {
            let parts = pair.split(separator: "=").map(String.init)
            state = state.with(parts[0], parts[1])
        }
        return RenderContext(state: state, environment: state.environment, choices: choices)
    }

    static func render(_ view: View, width: Double = 320, height: Double? = nil, _ pairs: [String] = [],
                       choices: AssumptionChoices = .defaults) -> Rendering {
        Renderer.render(view, proposal: ProposedSize(width: width, height: height), in: context(pairs, choices: choices))
    }
}

extension Rendering {
    func element(_ id: String) -> AccessibilityElement? { elements.first { $0.id == id } }
}
