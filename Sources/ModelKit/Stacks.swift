/// How a stack lays its children out: along an axis (`HStack`, `VStack`) or over each
/// other (`ZStack`, axis nil).
struct StackLayout {
    var axis: Axis?
    var spacing: Double
    var alignment: Alignment
}

/// SwiftUI's spacing between adjacent views when a stack names none. Apple documents it
/// as platform-dependent; 8 pt is what iOS uses between two texts (an assumption for other
/// pairs of views).
public let defaultStackSpacing = 8.0

public func HStack(alignment: VerticalAlignment = .center, spacing: Double? = nil,
                   @ViewBuilder content: () -> View) -> View {
    View(.stack(StackLayout(axis: .horizontal, spacing: spacing ?? defaultStackSpacing,
                            alignment: Alignment(horizontal: .center, vertical: alignment))),
         content: content())
}

public func VStack(alignment: HorizontalAlignment = .center, spacing: Double? = nil,
                   @ViewBuilder content: () -> View) -> View {
    View(.stack(StackLayout(axis: .vertical, spacing: spacing ?? defaultStackSpacing,
                            alignment: Alignment(horizontal: alignment, vertical: .center))),
         content: content())
}

public func ZStack(alignment: Alignment = .center, @ViewBuilder content: () -> View) -> View {
    View(.stack(StackLayout(axis: nil, spacing: 0, alignment: alignment)), content: content())
}

/// `Spacer(minLength:)`: as long as its stack can spare along the stack's axis, at least
/// `minLength` (SwiftUI's default, the system spacing, taken as 8 pt).
public func Spacer(minLength: Double? = nil) -> View { View(.spacer(minLength: minLength)) }
