import AccessibilityModel

/// A view of a block model, written as the block's SwiftUI `body` is: `Text`, stacks,
/// modifiers. A view only describes; ``Renderer`` lays it out, hit-tests it and works out
/// what VoiceOver is shown.
///
/// A view is built for one render and read on the thread that built it, so its nodes are
/// classes that remember their last sizes (the layout asks a child the same question
/// several times, as SwiftUI's does) and are deliberately not `Sendable`.
public struct View {
    let node: Node

    init(_ kind: Node.Kind, children: [View] = []) {
        node = Node(kind, children: children.map(\.node))
    }

    /// A container of one view, or of two (a view and what is layered on it).
    init(_ kind: Node.Kind, child: View, _ second: View? = nil) {
        node = Node(kind, children: second.map { [child.node, $0.node] } ?? [child.node])
    }

    /// A container of the views `content` built: a builder's several views become its own
    /// children, as the container would lay them out anyway (``Node/laidOutChildren``).
    init(_ kind: Node.Kind, content: View) {
        if case .group = content.node.kind {
            node = Node(kind, children: content.node.children)
        } else {
            node = Node(kind, children: [content.node])
        }
    }

    /// The view wrapped by a modifier of `kind`.
    func modified(_ kind: Node.Kind) -> View { View(node: Node(kind, child: node)) }

    /// Nothing: what an `if` without `else` builds when its condition is false.
    public static var empty: View { View(.empty) }
}

/// One node of a view tree: a primitive, a container or a modifier around its one child.
final class Node {
    let kind: Kind
    /// A container's children; empty for a modifier, whose one child is ``first``.
    let children: [Node]
    /// A modifier's child, or a container's first.
    let first: Node?
    /// The sizes this node chose for the last proposals it was asked about in render
    /// `pass`, so a question repeated in one render costs nothing; a view rendered again
    /// (under another environment or assumption) starts afresh. A parent asks a child a
    /// handful of questions at most (a stack: nothing, everything, then its share).
    private var memo = SizeMemo()
    private var pass = 0
    /// A stack's division of its length for its last proposal, reused when it is placed.
    var division: (pass: Int, proposal: ProposedSize, sizes: [(proposal: ProposedSize, size: Size)])?
    /// For the root of a kept part, the sizes it chose and the placements it left in
    /// earlier renders (``keepsPlacements(in:)``).
    private(set) var kept: KeptPlacements?

    init(_ kind: Kind, children: [Node]) {
        self.kind = kind
        self.children = children
        first = children.first
    }

    init(_ kind: Kind, child: Node) {
        self.kind = kind
        children = []
        first = child
    }

    func remembered(_ proposal: ProposedSize, in pass: Int) -> Size? {
        pass == self.pass ? memo.size(for: proposal) : nil
    }

    func remember(_ size: Size, for proposal: ProposedSize, in pass: Int) {
        if pass != self.pass {
            memo = SizeMemo()
            self.pass = pass
        }
        memo.remember(size, for: proposal)
    }

    /// Makes this node, the root of a part kept between renders, remember its sizes and
    /// placements across them. A group or an empty view is never placed as one (its parent
    /// lays out its children), so it keeps nothing.
    func keepsPlacements(in room: PlacementRoom) {
        switch kind {
        case .group, .empty: return
        default: if kept == nil { kept = KeptPlacements(room: room) }
        }
    }

    /// The children a container lays out: a `ForEach` or builder group's views are the
    /// parent's own, and empty views take no place (and no spacing). Worked out once.
    private(set) lazy var laidOutChildren: [Node] = Self.flattened(children)

    private static func flattened(_ children: [Node]) -> [Node] {
        guard children.contains(where: { if case .group = $0.kind { true } else if case .empty = $0.kind { true } else { false } })
        else { return children }
        var result: [Node] = []
        for child in children {
            switch child.kind {
            case .group: result += flattened(child.children)
            case .empty: continue
            default: result.append(child)
            }
        }
        return result
    }

    /// The payloads of several fields are boxed (`indirect`): a node holds a kind inline,
    /// as large as its largest payload, and a layout makes and tears down some 230 nodes.
    enum Kind {
        case empty
        /// A `ForEach` or a builder's several views: laid out by the parent as its own children.
        case group
        case text(TextContent)
        case image(ImageContent)
        case shape(ShapeContent)
        case spacer(minLength: Double?)
        case stack(StackLayout)
        case padding(EdgeInsets)
        indirect case frame(FrameLayout)
        case fixedSize(horizontal: Bool, vertical: Bool)
        case offset(x: Double, y: Double)
        /// The first child, with the second drawn over (`overlay`) or under (`background`) it.
        case layered(alignment: Alignment, secondaryOnTop: Bool)
        indirect case scroll(ScrollContent)
        case button(ButtonContent)
        case contentShape
        case clipped
        indirect case accessibility(AccessibilityChange)
        indirect case environment(EnvironmentChange)
        /// `.id(_:)`: a target `ScrollViewProxy.scrollTo` can find.
        case scrollTarget(String)
        indirect case effect(MotionEffect)
        case feedback(SensoryFeedback)
        case facts([Fact])
        /// A fill or stroke of the shape under it; the layer's frame is where it is placed.
        indirect case paint(PaintLayer)
        case colorEffect(hueRotation: Double, opacity: Double)
        case conveys(String)
    }
}

/// Builds views from a closure's statements, as SwiftUI's `@ViewBuilder` does.
///
/// Several statements become a group, which the container lays out as its own children
/// (``Node/laidOutChildren`` flattens nested groups and drops empty views), so a builder
/// makes one node for its statements rather than an array for each of them.
@resultBuilder
public enum ViewBuilder {
    public static func buildExpression(_ view: View) -> View { view }
    public static func buildExpression(_ views: [View]) -> View { View(.group, children: views) }
    public static func buildBlock() -> View { .empty }
    public static func buildBlock(_ view: View) -> View { view }
    public static func buildBlock(_ first: View, _ second: View) -> View {
        View(node: Node(.group, children: [first.node, second.node]))
    }
    public static func buildBlock(_ first: View, _ second: View, _ third: View) -> View {
        View(node: Node(.group, children: [first.node, second.node, third.node]))
    }
    public static func buildBlock(_ first: View, _ second: View, _ third: View, _ fourth: View) -> View {
        View(node: Node(.group, children: [first.node, second.node, third.node, fourth.node]))
    }
    public static func buildBlock(_ views: View...) -> View { View(.group, children: views) }
    public static func buildOptional(_ view: View?) -> View { view ?? .empty }
    public static func buildEither(first view: View) -> View { view }
    public static func buildEither(second view: View) -> View { view }
    public static func buildArray(_ views: [View]) -> View { View(.group, children: views) }
}

/// `ForEach(data) { … }`: one view per element, laid out by the enclosing stack.
public func ForEach<Data: Sequence>(_ data: Data, @ViewBuilder content: (Data.Element) -> View) -> View {
    View(node: Node(.group, children: data.map { content($0).node }))
}

/// `Group { … }`: several views the parent lays out as its own.
public func Group(@ViewBuilder content: () -> View) -> View { content() }

/// Two proposals and the sizes chosen for them, held inline so that a node allocates
/// nothing to remember them; the older is replaced first. A stack keeps its own division
/// (``Node/division``), so a child is seldom asked a third time: two serve the bundled
/// blocks in fewer instructions than four or six, in a node about 110 bytes smaller, which
/// keeps more of a layout in the first-level cache.
struct SizeMemo {
    private var entries: (Entry, Entry) = (.none, .none)
    private var next = 0

    typealias Entry = (proposal: ProposedSize, size: Size)?

    func size(for proposal: ProposedSize) -> Size? {
        if let entry = entries.0, entry.proposal == proposal { return entry.size }
        if let entry = entries.1, entry.proposal == proposal { return entry.size }
        return nil
    }

    mutating func remember(_ size: Size, for proposal: ProposedSize) {
        let entry: Entry = (proposal, size)
        switch next {
        case 0: entries.0 = entry
        default: entries.1 = entry
        }
        next = (next + 1) % 2
    }
}
