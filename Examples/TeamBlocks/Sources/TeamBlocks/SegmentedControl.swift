import AccessibilityModel
import ModelKit

/// A segmented control: "Day", "Week" and "Month" side by side in a capsule track, the
/// picked segment on a thumb that slides to it.
///
/// The SwiftUI it models:
///
/// ```swift
/// HStack(spacing: 0) {
///     ForEach(segments) { segment in
///         Button { withAnimation(reduceMotion ? nil : .snappy(duration: 0.3)) { selection = segment } } label: {
///             Text(segment).font(.subheadline.weight(.medium)).lineLimit(1)
///                 .foregroundStyle(segment == selection ? .textPrimary : .textSecondary)
///                 .padding(.horizontal, 12).frame(maxWidth: .infinity, minHeight: 44)
///                 .background { if segment == selection { Capsule().fill(.bg).matchedGeometryEffect(id: "thumb", in: ns) } }
///                 .contentShape(.rect)
///         }
///         .accessibilityAddTraits(segment == selection ? .isSelected : [])
///     }
/// }
/// .padding(2).background { Capsule().fill(.fill) }
/// .sensoryFeedback(.selection, trigger: selection)
/// .padding(.horizontal, 16)
/// ```
///
/// The segments share the width equally; a segment is a button labelled by its title,
/// Selected when picked, one member of a single-choice group. Picking another segment
/// plays the selection haptic and slides the thumb, at once under Reduce Motion.
public struct SegmentedControl: BlockModel {
    public let name = "SegmentedControl"
    public let summary = "Three segments in a capsule track; the picked one sits on a thumb that slides to it"
    public let sourcePath = "Examples/TeamBlocks/Sources/TeamBlocks/SegmentedControl.swift"
    /// The segments' titles, in reading order.
    public let segments: [String]
    public let stateSpace: StateSpace
    private let environments: EnvironmentTable
    private var choices: AssumptionChoices = .defaults

    public init(segments: [String] = ["Day", "Week", "Month"], widths: [Int] = [320, 393]) {
        precondition(!segments.isEmpty, "a segmented control needs at least one segment")
        self.segments = segments
        stateSpace = StateSpace([
            Dimension("selection", values: segments.map(Self.id(for:)), summary: "picked segment"),
            .contentSize, .motion, .width(widths), .direction, .appearance, .contrast,
        ])
        environments = EnvironmentTable(stateSpace)
    }

    /// A segment's id: its title, lowercased.
    public static func id(for title: String) -> String { title.lowercased() }

    /// The kit's assumptions: the block reads none of its own.
    public var assumptions: [Assumption] { KitAssumptions.all }

    public func assuming(_ choices: AssumptionChoices) -> any BlockModel {
        var copy = self
        copy.choices = choices
        return copy
    }

    public func snapshot(of state: BlockState) -> Snapshot {
        let environment = environments.environment(of: state)
        let context = RenderContext(state: state, environment: environment, choices: choices)
        let rendering = Renderer.render(body(in: context), proposal: ProposedSize(width: context.width, height: nil),
                                        in: context)
        return rendering.snapshot(block: name, state: state, environment: environment)
    }

    /// The control as its SwiftUI body lays it out.
    func body(in context: RenderContext) -> View {
        let selection = context.binding("selection", isSelection: true)
        let animation = Animation.snappy(duration: 0.3).reducedMotion(nil)
        return HStack(spacing: 0) {
            ForEach(segments.indices) { index in
                segment(index, selection: selection, animation: animation)
            }
        }
        .padding(2)
        .background { Capsule().fill("fill") }
        .sensoryFeedback(.selection, trigger: selection)
        .padding(.horizontal, 16)
    }

    private func segment(_ index: Int, selection: Binding, animation: Animation?) -> View {
        let id = Self.id(for: segments[index])
        let isPicked = selection.value == id
        return Button(action: withAnimation(animation) { selection.set(id) }) {
            Text(segments[index])
                .font(.system(.subheadline, weight: .medium))
                .foregroundStyle(isPicked ? "textPrimary" : "textSecondary")
                .lineLimit(1)
                .padding(.horizontal, 12)
                .frame(maxWidth: .infinity, minHeight: 44)
                .background {
                    if isPicked {
                        Capsule()
                            .fill("bg")
                            .matchedGeometryEffect(moving: selection)
                            .accessibilityIdentifier("segments.thumb")
                    }
                }
                .contentShape(.rect)
        }
        .accessibilityAddTraits(isPicked ? .selected : [])
        .selectionGroupMember(.single, isSelected: isPicked)
        .accessibilityIdentifier("segment.\(id)")
    }

    /// The control as it opens, then the largest text on the narrowest width, Reduce
    /// Motion, and right to left.
    public var reviewScenarios: [ReviewScenario] {
        let widths = stateSpace.dimension(named: "width")?.values ?? []
        let standard = ReviewScenario(
            "default", purpose: "As it opens: the first segment picked.",
            where: ["selection=\(Self.id(for: segments[0]))", "size=L", "motion=full",
                    "width=\(widths.last ?? "393")", "direction=ltr", "appearance=light", "contrast=standard"])
        return [
            standard,
            standard.variant("last-picked", purpose: "The last segment picked: Selected moves with it.",
                             changing: ["selection=\(Self.id(for: segments[segments.count - 1]))"]),
            standard.variant("largest-text", purpose: "The largest accessibility size on the narrowest phone.",
                             changing: ["size=AX5", "width=\(widths.first ?? "320")"]),
            standard.variant("reduce-motion", purpose: "Reduce Motion on: the same words, no slide.",
                             changing: ["motion=reduced"]),
            standard.variant("right-to-left", purpose: "Right to left: the order starts from the right.",
                             changing: ["direction=rtl"]),
        ]
    }
}
