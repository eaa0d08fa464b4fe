/// A movement on screen that an interaction causes.
public struct Motion: Sendable, Hashable {
    /// What moves: `underline`, `chips`, `filter-count`, `pager`…
    public var subject: String
    public var kind: Kind
    /// The animation the code names: a theme token (`motion.hero`) or SwiftUI's own
    /// (`swiftui.snappy`); empty when there is no animation.
    public var token: String
    /// Seconds; 0 for an instant change.
    public var duration: Double
    /// The movement tracks the user's finger (a drag, and the momentum of its release)
    /// rather than playing as an animation. Reduce Motion leaves direct manipulation alone.
    public var followsFinger: Bool

    public init(subject: String, kind: Kind, token: String = "", duration: Double = 0, followsFinger: Bool = false) {
        self.subject = subject
        self.kind = kind
        self.token = token
        self.duration = duration
        self.followsFinger = followsFinger
    }

    /// Kinds of movement, named as in state documents. Reduce Motion tolerates only
    /// `opacity` (a fade) and `none` (an instant change).
    public enum Kind: String, Sendable, CaseIterable {
        /// Content translating across the screen (a pager page, a scrolled row).
        case slide
        /// An element moving to a new position without matched geometry.
        case move
        /// `matchedGeometryEffect`: a shape flying from one place to another.
        case matchedGeometry = "matched-geometry"
        /// Growing or shrinking.
        case scale
        /// `.contentTransition(.numericText())`: digits rolling to a new figure.
        case numericRoll = "numeric-roll"
        /// A cross-fade.
        case opacity
        /// An instant change.
        case none
    }
}
