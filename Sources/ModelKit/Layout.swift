import AccessibilityModel
import Synchronization

/// A render of a body before it is applied to one state: laid out left to right, its
/// transitions as templates. What it depends on is what its body read (``dimensionsRead``,
/// with the values it read them at), so any state agreeing on those gets the same render.
struct Layout: Sendable {
    /// Left to right, with their inks under ``firstSetting``: the variant most states take
    /// is the elements as they are, with nothing copied.
    var elements: [AccessibilityElement]
    var scrollRegions: [ScrollRegion]
    var touchShapes: [(element: Int, shape: Rect)]
    var transitions: [TransitionTemplate]
    var assumptionsRead: [String]
    /// Each element's inks under every appearance and contrast setting: the layout is the
    /// same under all four, so one render serves them.
    var inks: ColourVariants
    /// The width the block was laid out in: what right-to-left mirrors within.
    var width: Double
    var dimensionsRead: UInt64
    /// The render's number, unique in the process (``RenderIdentity/render``).
    var number: Int
    /// The thread that laid it out (``ThreadIdentity``), which frees it (``RenderCache``).
    var maker: UInt = 0
    /// The colour setting whose inks ``elements`` carry: its place in ``ColourVariants/settings``.
    static let firstSetting = 0

    /// The elements and touch shapes under each appearance, contrast setting and
    /// direction, made once and shared by every state that uses them while the render is
    /// recent in its cache (``RenderCache`` lets them go when it turns old).
    let variants = Variants()

    /// What ``instance(in:environment:)`` makes of the render in one direction and one
    /// colour setting: the same for every state that agrees on them, so it is kept. The
    /// lock is held only to read or store an entry; two workers that miss at once each
    /// make the same value and the second store is a no-op in effect.
    final class Variants: Sendable {
        typealias Placed = (elements: [AccessibilityElement], touchShapes: [(element: Int, shape: Rect)])

        private let made = Mutex<[Int: Placed]>([:])

        /// Lets every variant go; one asked for again is made anew, equal to the one let go.
        func forget() { made.withLock { $0.removeAll() } }

        /// The variant at `index`, made and kept when first asked for. Only the thread that
        /// made the render keeps the variants it makes (`keeping`): one made on another
        /// thread serves its caller alone, so that every variant kept is freed with its
        /// render by the thread that allocated it (``RenderCache``).
        func variant(_ index: Int, keeping: Bool, make: () -> Placed) -> Placed {
            if let known = made.withLock({ $0[index] }) { return known }
            let variant = make()
            if keeping { made.withLock { $0[index] = variant } }
            return variant
        }
    }

    /// The rendering of `state`: mirrored for right-to-left, each transition leading from
    /// `state`, each animation resolved under the state's Reduce Motion.
    func instance(in state: BlockState, environment: AccessibilityEnvironment) -> Rendering {
        let inkSetting = ColourVariants.index(appearance: environment.appearance, contrast: environment.contrast)
        let mirrored = environment.direction == .rightToLeft
        let (elements, touchShapes) = variants.variant(inkSetting * 2 + (mirrored ? 1 : 0), keeping: maker == ThreadIdentity.current) {
            placed(inks: inkSetting == Self.firstSetting ? nil : inks.inks(appearance: environment.appearance, contrast: environment.contrast),
                   mirrored: mirrored)
        }
        let transitions = transitions.map { template in
            Transition(action: .activate, target: template.target, resultingState: state.with(template.changes),
                              changesSelection: template.changesSelection, haptics: template.haptics,
                              motions: template.motions(reduceMotion: environment.reduceMotion))
        }
        return Rendering(elements: elements, scrollRegions: scrollRegions, transitions: transitions,
                         assumptionsRead: assumptionsRead, touchShapes: touchShapes,
                         identity: RenderIdentity(render: number, direction: environment.direction,
                                                  appearance: environment.appearance, contrast: environment.contrast),
                         dimensionsRead: dimensionsRead, colourVariants: inks)
    }

    /// The elements with one colour setting's inks (nil: ``firstSetting``'s, which they
    /// carry), and the touch shapes, mirrored for right-to-left when asked. Left to right
    /// under the first setting, both are shared as they are.
    private func placed(inks: [[Ink]]?, mirrored: Bool) -> Variants.Placed {
        var elements = elements
        var touchShapes = touchShapes
        for (index, inks) in (inks ?? []).enumerated() where !inks.isEmpty { elements[index].inks = inks }
        if mirrored {
            for index in elements.indices {
                for ink in elements[index].inks.indices {
                    elements[index].inks[ink].frame = elements[index].inks[ink].frame.mirrored(within: width)
                }
                elements[index].frame = elements[index].frame.mirrored(within: width)
                elements[index].hitRegion = elements[index].hitRegion?.mirrored(within: width)
            }
            touchShapes = touchShapes.map { ($0.element, $0.shape.mirrored(within: width)) }
        }
        return (elements, touchShapes)
    }
}

/// What activating a control does, apart from the state it starts in.
struct TransitionTemplate: Sendable {
    let target: String
    /// The dimensions the action sets to another value, by position and value index.
    let changes: [(position: Int, value: Int)]
    let changesSelection: Bool
    let haptics: [Haptic]
    /// The views that move, with Reduce Motion off and on: worked out once, for every state
    /// the render serves.
    private let resolved: (full: [Motion], reduced: [Motion])

    init(target: String, changes: [(position: Int, value: Int)], changesSelection: Bool, haptics: [Haptic],
         motions: [Movement]) {
        self.target = target
        self.changes = changes
        self.changesSelection = changesSelection
        self.haptics = haptics
        resolved = (motions.map { $0.motion(reduceMotion: false) }, motions.map { $0.motion(reduceMotion: true) })
    }

    func motions(reduceMotion: Bool) -> [Motion] { reduceMotion ? resolved.reduced : resolved.full }

    /// A view that moves, with the animation that moves it (nil: an instant change).
    struct Movement: Sendable {
        var subject: String
        var kind: Motion.Kind
        var animation: Animation?

        /// Without an animation, or with Reduce Motion's substitute being none, the change
        /// is instant.
        func motion(reduceMotion: Bool) -> Motion {
            guard let animation = animation?.resolved(reduceMotion: reduceMotion) else {
                return Motion(subject: subject, kind: .none)
            }
            return Motion(subject: subject, kind: animation.kindOverride ?? kind, token: animation.token,
                          duration: animation.duration)
        }
    }
}
