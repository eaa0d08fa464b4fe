/// A haptic the block plays, in UIKit's feedback-generator vocabulary.
public enum Haptic: Sendable, Hashable {
    /// `UISelectionFeedbackGenerator`: a tick for a change of selection.
    case selection
    /// `UIImpactFeedbackGenerator` with its style.
    case impact(ImpactStyle)
    /// `UINotificationFeedbackGenerator` with its kind.
    case notification(NotificationKind)

    public enum ImpactStyle: String, Sendable, CaseIterable { case light, medium, heavy, soft, rigid }
    public enum NotificationKind: String, Sendable, CaseIterable { case success, warning, error }

    /// The kind as written in state documents (`kind="selection"`).
    public var kind: String {
        switch self {
        case .selection: "selection"
        case .impact: "impact"
        case .notification: "notification"
        }
    }

    /// The style or notification kind, empty for selection.
    public var style: String {
        switch self {
        case .selection: ""
        case .impact(let style): style.rawValue
        case .notification(let kind): kind.rawValue
        }
    }
}
