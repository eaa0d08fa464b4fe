/// A scroll view or a pager: content larger than the viewport along `axis`, scrolled to an
/// offset.
struct ScrollContent {
    var axis: Axis
    /// The id its region has in state documents.
    var id: String
    /// `.scrollTargetBehavior(.paging)`: each child is proposed the viewport's size and the
    /// view scrolls a page at a time.
    var isPaging: Bool
    var position: ScrollPosition
    /// `onChange(of: trigger) { proxy.scrollTo(newValue, anchor:) }`.
    var follows: (trigger: String, anchor: UnitPoint, animation: Animation?)?
}

/// Where a scroll view's content rests.
public enum ScrollPosition: Sendable, Hashable {
    /// At an offset from its leading (or top) edge.
    case offset(Double)
    /// `ScrollViewProxy.scrollTo(id, anchor:)`: the target placed at `anchor` of the
    /// viewport, the offset kept within the content.
    case target(String, anchor: UnitPoint)
}

/// SwiftUI's `UnitPoint`, along the scroll axis.
public enum UnitPoint: Sendable, Hashable {
    case leading, center, trailing

    var fraction: Double {
        switch self {
        case .leading: 0
        case .center: 0.5
        case .trailing: 1
        }
    }
}

/// `ScrollView(_:)`, named `id` in state documents. Its content is proposed no length along
/// `axis` (it takes its ideal one) and the viewport's length across it.
public func ScrollView(_ axis: Axis = .vertical, id: String, position: ScrollPosition = .offset(0),
                       @ViewBuilder content: () -> View) -> View {
    View(.scroll(ScrollContent(axis: axis, id: id, isPaging: false, position: position, follows: nil)),
         child: content())
}

/// A paging container (a horizontal `ScrollView` with `.scrollTargetBehavior(.paging)`, or
/// a `TabView` in the page style): each page is proposed the container's size and the
/// container rests on page `current`.
public func Pager(id: String, current: Int, @ViewBuilder pages: () -> View) -> View {
    View(.scroll(ScrollContent(axis: .horizontal, id: id, isPaging: true, position: .offset(0), follows: nil)),
         child: pages())
        .pagerCurrent(current)
}

extension View {
    /// `.onChange(of: trigger, initial: true) { withAnimation(animation) {
    /// proxy.scrollTo(newValue, anchor:) } }` on a scroll view: it rests with the target
    /// named by `trigger`'s value at `anchor`, and an action that changes `trigger` scrolls
    /// it there with `animation`.
    public func scrollsTo(_ trigger: Binding, target: String, anchor: UnitPoint, animation: Animation?) -> View {
        guard case .scroll(var content) = node.kind else { return self }
        content.position = .target(target, anchor: anchor)
        content.follows = (trigger.dimension, anchor, animation)
        return View(node: Node(.scroll(content), children: node.children))
    }

    func pagerCurrent(_ page: Int) -> View {
        guard case .scroll(var content) = node.kind else { return self }
        content.position = .offset(Double(page))
        return View(node: Node(.scroll(content), children: node.children))
    }
}

extension View {
    init(node: Node) { self.node = node }
}
