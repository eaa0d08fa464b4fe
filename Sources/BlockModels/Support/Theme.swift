import AccessibilityModel

/// The facts of the design-system item `SPTheme` that the block cards rely on.
///
/// `SPTheme` is not among the seeds (seeds README), so its motion tokens' durations are
/// assumptions: typical SwiftUI spring durations for what each token is used for. Rules
/// check the kinds of motion and that Reduce Motion substitutes them, not the figures.
public enum Theme {
    /// A motion token with the duration the model assumes for it.
    public struct MotionToken: Sendable, Hashable {
        public var name: String
        public var duration: Double
    }

    /// Large, shared-element moves such as ScopeHeader's underline. Assumed 0.45 s.
    public static let hero = MotionToken(name: "motion.hero", duration: 0.45)
    /// Quick state changes such as chips and title colours. Assumed 0.25 s.
    public static let snappy = MotionToken(name: "motion.snappy", duration: 0.25)
    /// Paging and scrolling. Assumed 0.35 s.
    public static let smooth = MotionToken(name: "motion.smooth", duration: 0.35)
    /// The "short fade" Reduce Motion substitutes. Assumed 0.2 s.
    public static let reducedFadeDuration = 0.2

    /// The motion for a movement of `kind`, or the short fade that replaces it under Reduce
    /// Motion ("Reduce Motion turns the underline slide and chip changes into short fades").
    static func motion(_ subject: String, _ kind: Motion.Kind, _ token: MotionToken,
                       fadingUnder reduceMotion: Bool) -> Motion {
        reduceMotion
            ? Motion(subject: subject, kind: .opacity, token: token.name, duration: reducedFadeDuration)
            : Motion(subject: subject, kind: kind, token: token.name, duration: token.duration)
    }

    /// The width of a hairline (`SPHairline`): one pixel on a 3× screen.
    public static let hairline = 1.0 / 3.0
}
