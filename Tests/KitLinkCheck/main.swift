// Builds and runs with the model layer alone: AccessibilityModel, ModelKit and BlockModels
// import neither Foundation nor libxml2, so an app (or a team's tool) can use them without.
import AccessibilityModel
import BlockModels
import ModelKit

let strip = ScrollingTabStrip()
let snapshot = strip.snapshot(of: strip.stateSpace.all[0])
let rendering = Renderer.render(Text("Linked").accessibilityIdentifier("probe"),
                                proposal: ProposedSize(width: 320, height: nil),
                                in: RenderContext(state: strip.stateSpace.all[0], environment: AccessibilityEnvironment()))
print("\(snapshot.elements.count) elements; \(rendering.elements[0].id)")
