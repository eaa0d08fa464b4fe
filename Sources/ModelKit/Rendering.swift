import AccessibilityModel

/// What a view tree came to in one state: the elements VoiceOver is shown (hidden and
/// decorative ones listed too), the scroll regions, the transitions its buttons cause, and
/// where each control answers to touches.
public struct Rendering: Sendable {
    /// Elements in view order, frames and hit regions in the block's coordinates, mirrored
    /// for right-to-left.
    public var elements: [AccessibilityElement]
    public var scrollRegions: [ScrollRegion]
    /// One per button, in view order: what activating it does.
    public var transitions: [Transition]
    /// The assumptions the render read, the block's and the kit's, sorted.
    public var assumptionsRead: [String]
    /// Per control, in drawing order (later on top): where it can take a touch now.
    let touchShapes: [(element: Int, shape: Rect)]
    /// The render the elements come from, and under which direction and colours.
    var identity: RenderIdentity?
    /// The dimensions the body read, one bit each by position (``Snapshot/dimensionsRead``).
    var dimensionsRead: UInt64 = .max
    /// The elements' inks under every colour setting (``Snapshot/colourVariants``).
    var colourVariants: ColourVariants?

    /// The id of the control that answers a touch at `point`: the topmost one whose
    /// content shape, cut by the scroll views around it (under `scroll-view-hits`),
    /// contains it; nil where no control answers.
    public func hitTest(at point: Point) -> String? {
        touchShapes.last { $0.shape.contains(point) }.map { elements[$0.element].id }
    }

    /// The snapshot of the state: this rendering with the block's facts, and transitions the
    /// block adds (drags, settling, the app setting a binding).
    public func snapshot(block: String, state: BlockState, environment: AccessibilityEnvironment,
                         facts: [Fact] = [], transitions more: [Transition] = []) -> Snapshot {
        Snapshot(block: block, state: state, environment: environment, elements: elements,
                 scrollRegions: scrollRegions, transitions: transitions + more, facts: facts,
                 assumptionsRead: assumptionsRead, renderIdentity: identity, colourVariants: colourVariants)
    }
}
