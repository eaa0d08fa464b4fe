import AccessibilityModel

/// A piece of the block's state a control can set: one dimension of its state space, as a
/// SwiftUI `@Binding` or `@State` is one piece of the view's state.
public struct Binding: Sendable, Hashable {
    public var dimension: String
    /// The value in the state being rendered.
    public var value: String
    /// Setting it changes what is selected (a scope, a tab, a chip).
    public var isSelection: Bool
    /// Made by ``RenderContext/trigger(_:)``: watched for changes, its value never read, so
    /// it cannot be set.
    public private(set) var isWatchOnly = false

    public init(_ dimension: String, value: String, isSelection: Bool = false) {
        self.dimension = dimension
        self.value = value
        self.isSelection = isSelection
    }

    /// A binding a modifier watches (a haptic's or a movement's trigger) without the body
    /// reading its value.
    static func watching(_ dimension: String) -> Binding {
        var binding = Binding(dimension, value: "")
        binding.isWatchOnly = true
        return binding
    }

    /// The change that sets the binding to `value`.
    public func set(_ value: String) -> Change {
        precondition(!isWatchOnly, "\(dimension) is a trigger (RenderContext.trigger(_:)): it is watched, not set")
        return Change(binding: self, value: value)
    }

    /// One assignment an action makes.
    public struct Change: Sendable, Hashable {
        public var binding: Binding
        public var value: String
        var changesValue: Bool { value != binding.value }
    }
}

/// SwiftUI's `Animation`: what a transaction animates with; nil animates nothing.
public struct Animation: Sendable, Hashable {
    /// The token the code names (`swiftui.snappy`, `motion.hero`).
    public var token: String
    public var duration: Double
    /// The kind of movement it turns a change into when a view does not say (a fade for
    /// a Reduce Motion substitute).
    public var kindOverride: Motion.Kind?

    /// What Reduce Motion turns it into: nil when it stays as it is.
    var reduced: Reduced?

    public init(token: String, duration: Double, kindOverride: Motion.Kind? = nil) {
        self.token = token
        self.duration = duration
        self.kindOverride = kindOverride
    }

    /// The animation with Reduce Motion on: `substitute` (nil for none, an instant change).
    /// SwiftUI code writes `reduceMotion ? substitute : animation`; saying it this way lets
    /// a render serve both settings.
    public func reducedMotion(_ substitute: Animation?) -> Animation {
        var copy = self
        copy.reduced = substitute.map { .replaced(token: $0.token, duration: $0.duration, kind: $0.kindOverride) } ?? .instant
        return copy
    }

    /// The animation in force under a Reduce Motion setting.
    func resolved(reduceMotion: Bool) -> Animation? {
        guard reduceMotion, let reduced else { return self }
        switch reduced {
        case .instant: return nil
        case .replaced(let token, let duration, let kind): return Animation(token: token, duration: duration, kindOverride: kind)
        }
    }

    enum Reduced: Sendable, Hashable {
        case instant
        case replaced(token: String, duration: Double, kind: Motion.Kind?)
    }

    /// `.snappy(duration:)`.
    public static func snappy(duration: Double = 0.5) -> Animation { Animation(token: "swiftui.snappy", duration: duration) }
}

/// What a button does: the assignments its action makes, in one transaction.
public struct Action: Sendable, Hashable {
    public var changes: [Binding.Change]
    public var animation: Animation?

    public init(changes: [Binding.Change], animation: Animation?) {
        self.changes = changes
        self.animation = animation
    }

    /// An action that changes none of the block's state (it opens something the block does
    /// not own, such as a sheet).
    public static let external = Action(changes: [], animation: nil)
}

/// `withAnimation(_:_:)`: the assignments in one transaction with `animation`.
public func withAnimation(_ animation: Animation?, _ changes: () -> Binding.Change) -> Action {
    Action(changes: [changes()], animation: animation)
}

/// Several assignments without an animation of their own.
public func transaction(_ changes: Binding.Change...) -> Action { Action(changes: changes, animation: nil) }

struct ButtonContent {
    var action: Action
}

/// `Button(action:label:)`: an element with the button trait whose label joins what its
/// label view shows, and which answers to touches on its label's content shape (its
/// frame when the label sets none).
public func Button(action: Action, @ViewBuilder label: () -> View) -> View {
    View(.button(ButtonContent(action: action)), child: label())
}

/// SwiftUI's `SensoryFeedback`, in UIKit's vocabulary.
struct SensoryFeedback {
    var haptic: Haptic
    var trigger: String
}

/// A movement a view makes when a transaction changes its trigger.
struct MotionEffect {
    var kind: Motion.Kind
    /// The dimension whose change sets it off.
    var trigger: String
    /// An animation of the view's own (`.animation(_:value:)`), used whatever the
    /// transaction's.
    var animation: Animation??
}

/// SwiftUI's `ContentTransition`, as the kind of movement it makes.
public enum ContentTransition: Sendable, Hashable {
    case opacity, numericText, symbolReplace, identity

    var kind: Motion.Kind {
        switch self {
        case .opacity: .opacity
        case .numericText: .numericRoll
        case .symbolReplace: .scale
        case .identity: .none
        }
    }
}

extension View {
    /// `.sensoryFeedback(_:trigger:)`: the haptic plays when an action changes `trigger`.
    public func sensoryFeedback(_ haptic: Haptic, trigger: Binding) -> View {
        modified(.feedback(SensoryFeedback(haptic: haptic, trigger: trigger.dimension)))
    }

    /// `.matchedGeometryEffect(id:in:)`: when `trigger` changes, the view flies from its old
    /// place to its new one with the transaction's animation.
    public func matchedGeometryEffect(moving trigger: Binding) -> View {
        modified(.effect(MotionEffect(kind: .matchedGeometry, trigger: trigger.dimension, animation: nil)))
    }

    /// `.contentTransition(_:)`: how the view's content changes when `trigger` does. As
    /// Apple documents, a content transition "only takes effect within transactions that
    /// apply an Animation": without one the change is instant.
    public func contentTransition(_ transition: ContentTransition, on trigger: Binding) -> View {
        modified(.effect(MotionEffect(kind: transition.kind, trigger: trigger.dimension, animation: nil)))
    }

    /// `.animation(_:value:)`: the view animates changes of `value` with its own animation.
    public func animation(_ animation: Animation?, kind: Motion.Kind, value: Binding) -> View {
        modified(.effect(MotionEffect(kind: kind, trigger: value.dimension, animation: .some(animation))))
    }

    /// A change the view shows when `trigger` changes, animated by the transaction: a
    /// colour or a title cross-fading (`kind` `.opacity`), a view moving (`.move`).
    public func changes(_ kind: Motion.Kind, on trigger: Binding) -> View {
        modified(.effect(MotionEffect(kind: kind, trigger: trigger.dimension, animation: nil)))
    }
}

/// SwiftUI's `AnyTransition`: how a view comes in or goes out when a change inserts or
/// removes it.
public enum ViewTransition: Sendable, Hashable {
    case opacity, slide, move, scale

    var kind: Motion.Kind {
        switch self {
        case .opacity: .opacity
        case .slide: .slide
        case .move: .move
        case .scale: .scale
        }
    }
}

extension View {
    /// `.transition(_:)` on a view that `trigger` inserts or removes: it comes in or goes out
    /// that way within an animated transaction, and at once without one.
    public func transition(_ transition: ViewTransition, on trigger: Binding) -> View {
        modified(.effect(MotionEffect(kind: transition.kind, trigger: trigger.dimension, animation: nil)))
    }
}
