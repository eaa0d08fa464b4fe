import AccessibilityModel
import Synchronization

/// Lays a view tree out, hit-tests it and works out what VoiceOver is shown, as SwiftUI
/// does: the parent proposes a size, the child chooses its own, the parent places it
/// (Apple, "Composing custom layouts with SwiftUI"; WWDC19 "Building Custom Views with
/// SwiftUI").
///
/// Exposure follows SwiftUI's defaults: a `Text` is a static-text element; a symbol
/// `Image` an image element named after the symbol; shapes are never elements; a `Button`
/// is one element whose label joins its label's texts with ", " and which answers on its
/// label's content shape; `accessibilityElement(children:)` combines, ignores or contains.
/// Modifiers on a view that exposes several elements apply to each (an identifier to the
/// first only). Hidden views are listed only when they are named, so a rule can see that a
/// named shape is hidden rather than trust it.
///
/// The block is laid out left to right and mirrored within the screen width for
/// right-to-left, as SwiftUI flips the whole layout (offsets included).
public enum Renderer {
    /// Renders `view` proposed `proposal` (the screen width and, when the block fills a
    /// screen, a height).
    public static func render(_ view: View, proposal: ProposedSize, in context: RenderContext) -> Rendering {
        layout(view, proposal: proposal, in: context)
            .instance(in: context.unrecordedState, environment: context.unrecordedEnvironment)
    }

    /// The render before it is applied to a state: left to right, transitions as templates.
    static func layout(_ view: View, proposal: ProposedSize, in context: RenderContext) -> Layout {
        var pass = RenderPass(context: context)
        let environment = LayoutEnvironment(
            contentSize: context.contentSize,
            lineHeightRule: context.holds(KitAssumptions.textLineHeight, "style-leading") ? .styleLeading : .fontMetrics)
        pass.place(view.node, proposal, at: Point(x: 0, y: 0), environment, Exposure(), stackAxis: nil)
        return pass.finish(width: proposal.width ?? 0)
    }

    /// A figure as written in facts: whole numbers without a decimal point.
    public static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// What the views around a node make of the elements under it.
struct Exposure: Equatable {
    var isHidden = false
    /// Inside a button or a combining element: texts become parts of its label.
    var isCollecting = false
    var container: String?
}

/// One render in progress: the elements placed so far and what the modifiers recorded.
struct RenderPass {
    let context: RenderContext
    var measurements = TextMeasurements()
    var elements: [AccessibilityElement] = []
    var named: [Bool] = []
    var textFlags: [(truncated: Bool, clipped: Bool)] = []
    /// Per element: what it draws as text and the controls its label swallowed, for the
    /// facts the finishing pass writes.
    var drawn: [DrawnContent] = []
    /// Per element: its content shape (nil when it takes no touch), cut across scroll axes
    /// (what `offscreen-targets=scrolled-into-view` measures) and cut in full (where it
    /// answers now).
    var shapes: [Rect?] = []
    var crossCut: [Rect?] = []
    var fullCut: [Rect?] = []
    var scrollOf: [Int] = []
    /// Per element: the axes scroll views around it scroll it along (1 horizontal, 2 vertical).
    var scrollAxes: [UInt8] = []
    var actions: [(element: Int, action: Action)] = []
    var parts: [Part] = []
    var contentShapes: [Rect] = []
    var targets: [(id: String, frame: Rect)] = []
    /// Each effect with the element it names as its motion's subject: the first element the
    /// view exposes, or, for a view inside a control that exposes none of its own (a title in
    /// a button's label), the control; nil until that control is emitted.
    var effects: [(effect: MotionEffect, subject: Int?)] = []
    /// Per element: listed from inside a control's label (a named shape), where the
    /// modifiers outside the control do not reach it.
    var collected: [Bool] = []
    var feedback: [SensoryFeedback] = []
    var scrollRegions: [ScrollRegion] = []
    var follows: [Follow] = []
    /// The assumptions placing read, in order, repeats and all: what a kept part's placement
    /// records again when it is used (``PlacedPart/reads``).
    var placementReads: [String] = []
    /// Some control reaches past its scroll view along the scroll axis.
    var reachesPastViewport = false
    /// The name an identifier just outside a `.contain` element gives its container.
    var containerName: String?
    /// Fills and strokes in drawing order (later on top), and what is drawn to be seen.
    var layers: [PaintLayer] = []
    var inks: [InkTemplate] = []
    /// Per element: the inks it draws (its texts, a control's label's, a meaningful shape).
    var elementInks: [[Int]] = []
    /// Marks drawn inside a control's label, waiting for the control to take them.
    var collectedInks: [Int] = []

    /// This render's number, unique in the process: what a node's remembered sizes belong to.
    let number = RenderPass.passes.add(1, ordering: .relaxed).newValue

    private static let passes = Atomic<Int>(0)

    init(context: RenderContext) {
        self.context = context
        // The finished layout keeps this list with its room (`RenderPass.moving(_:keeping:)`),
        // and a render cache holds hundreds of layouts of a few dozen elements each: room
        // for 64 took some 2.5 MB of the audit's peak, and growing from 16 costs next to nothing.
        elements.reserveCapacity(16)
        named.reserveCapacity(64)
        textFlags.reserveCapacity(64)
        drawn.reserveCapacity(64)
        shapes.reserveCapacity(64)
        crossCut.reserveCapacity(64)
        fullCut.reserveCapacity(64)
        scrollOf.reserveCapacity(64)
        scrollAxes.reserveCapacity(64)
        collected.reserveCapacity(64)
    }

    /// A scroll view that scrolls to follow a dimension: its region, the trigger and anchor,
    /// and its targets' frames in its content.
    typealias Follow = (region: Int, trigger: String, anchor: UnitPoint, animation: Animation?,
                        targets: [(id: String, frame: Rect)], viewport: Double, content: Double)

    /// A text or control inside a combined element, waiting to be joined into it.
    struct Part {
        var label: String
        var facts: [Fact]
        var isHidden: Bool
        var frame: Rect
        var truncated = false
        var clipped = false
        var traits: AccessibilityTraits = []
        var action: Action?
        var shape: Rect?
        /// The inks of the text or control, hidden parts' included.
        var inks: [Int] = []
        var drawn = DrawnContent()
    }
}

/// What an element shows on screen, beside what VoiceOver is told: the text it draws
/// (whatever its label says), the width that text needs on one line, and the controls
/// inside a button's label, which VoiceOver cannot reach on their own.
struct DrawnContent {
    var text = ""
    var lineWidth = 0.0
    var swallowedControls: [String] = []

    /// The content of several parts drawn together (a button's label, a combined element).
    init(joining parts: [RenderPass.Part], swallowing controls: [String] = []) {
        text = parts.map(\.drawn.text).filter { !$0.isEmpty }.joined(separator: " ")
        lineWidth = parts.filter { $0.truncated || $0.clipped }.map(\.drawn.lineWidth).max() ?? 0
        swallowedControls = controls
    }

    init(text: String = "", lineWidth: Double = 0) {
        self.text = text
        self.lineWidth = lineWidth
    }
}
