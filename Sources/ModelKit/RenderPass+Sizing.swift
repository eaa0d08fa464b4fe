import AccessibilityModel

/// Sizing: what each view chooses for what it is proposed.
extension RenderPass {

    mutating func size(_ node: Node, _ proposal: ProposedSize, _ environment: LayoutEnvironment, stackAxis: Axis?) -> Size {
        if let size = node.remembered(proposal, in: number) { return size }
        let size: Size
        if let kept = node.kept {
            let key = KeptPlacements.SizeKey(proposal: proposal, environment: environment, stackAxis: stackAxis)
            if let known = kept.size(for: key) {
                size = known
            } else {
                size = measure(node, proposal, environment, stackAxis: stackAxis)
                kept.remember(size, for: key)
            }
        } else {
            size = measure(node, proposal, environment, stackAxis: stackAxis)
        }
        node.remember(size, for: proposal, in: number)
        return size
    }

    mutating func measure(_ node: Node, _ proposal: ProposedSize, _ environment: LayoutEnvironment,
                                  stackAxis: Axis?) -> Size {
        switch node.kind {
        case .empty:
            return .zero
        case .group:
            return zStackSize(node.laidOutChildren, proposal, environment)
        case .text(let text):
            return TextLayout.fit(text, environment: environment, proposal: proposal, measure: &measurements).size
        case .image:
            return SymbolLayout.size(environment: environment)
        case .shape:
            return Size(width: proposal.width ?? 10, height: proposal.height ?? 10)
        case .spacer(let minLength):
            let least = minLength ?? defaultStackSpacing
            guard let axis = stackAxis else { return Size(width: proposal.width ?? 0, height: proposal.height ?? 0) }
            var size = Size.zero
            size[axis] = max(least, proposal[axis] ?? least)
            return size
        case .stack(let layout):
            let children = node.laidOutChildren
            guard let axis = layout.axis else { return zStackSize(children, proposal, environment) }
            let sizes = stackSizes(node, layout, axis, proposal, environment)
            var size = Size.zero
            size[axis] = sizes.reduce(0) { $0 + $1.size[axis] } + layout.spacing * Double(max(0, children.count - 1))
            size[axis.cross] = sizes.map { $0.size[axis.cross] }.max() ?? 0
            return size
        case .padding(let insets):
            let child = size(node.first!, inset(proposal, insets), environment, stackAxis: nil)
            return Size(width: max(0, child.width + insets.horizontal), height: max(0, child.height + insets.vertical))
        case .frame(let frame):
            return frameLayout(node, frame, proposal, environment).size
        case .fixedSize(let horizontal, let vertical):
            return size(node.first!, ProposedSize(width: horizontal ? nil : proposal.width,
                                                       height: vertical ? nil : proposal.height), environment, stackAxis: nil)
        case .environment(let change):
            return size(node.first!, proposal, environment.applying(change), stackAxis: stackAxis)
        case .layered:
            return size(node.first!, proposal, environment, stackAxis: stackAxis)
        case .scroll(let scroll):
            return scrollLayout(node, scroll, proposal, environment).size
        case .offset, .button, .contentShape, .clipped, .accessibility, .scrollTarget, .effect, .feedback, .facts,
             .paint, .colorEffect, .conveys:
            return size(node.first!, proposal, environment, stackAxis: stackAxis)
        }
    }

    func inset(_ proposal: ProposedSize, _ insets: EdgeInsets) -> ProposedSize {
        ProposedSize(width: proposal.width.map { max(0, $0 - insets.horizontal) },
                     height: proposal.height.map { max(0, $0 - insets.vertical) })
    }

    mutating func zStackSize(_ children: [Node], _ proposal: ProposedSize, _ environment: LayoutEnvironment) -> Size {
        var result = Size.zero
        for child in children {
            let size = size(child, proposal, environment, stackAxis: nil)
            result = Size(width: max(result.width, size.width), height: max(result.height, size.height))
        }
        return result
    }

    /// An `HStack` or `VStack` dividing its length: with no length proposed each child takes
    /// its ideal one; otherwise the least flexible child (the difference between its sizes
    /// when proposed nothing and everything) is served first, each an equal share of what is
    /// left (objc.io, "HStacks and Child Ordering"; SwiftUI Field Guide, "HStack").
    mutating func stackSizes(_ node: Node, _ layout: StackLayout, _ axis: Axis, _ proposal: ProposedSize,
                                     _ environment: LayoutEnvironment) -> [(proposal: ProposedSize, size: Size)] {
        let children = node.laidOutChildren
        if let division = node.division, division.pass == number, division.proposal == proposal { return division.sizes }
        let sizes = divide(children, layout, axis, proposal, environment)
        node.division = (number, proposal, sizes)
        return sizes
    }

    mutating func divide(_ children: [Node], _ layout: StackLayout, _ axis: Axis, _ proposal: ProposedSize,
                                 _ environment: LayoutEnvironment) -> [(proposal: ProposedSize, size: Size)] {
        guard let length = proposal[axis] else {
            return children.map { child in
                var childProposal = proposal
                childProposal[axis] = nil
                return (childProposal, size(child, childProposal, environment, stackAxis: axis))
            }
        }
        var flexibility: [Double] = []
        for child in children {
            var least = proposal, most = proposal
            least[axis] = 0
            most[axis] = .infinity
            flexibility.append(size(child, most, environment, stackAxis: axis)[axis]
                               - size(child, least, environment, stackAxis: axis)[axis])
        }
        let order = children.indices.sorted { (flexibility[$0], $0) < (flexibility[$1], $1) }
        var remaining = length - layout.spacing * Double(max(0, children.count - 1))
        var result = Array(repeating: (proposal: proposal, size: Size.zero), count: children.count)
        for (served, index) in order.enumerated() {
            var childProposal = proposal
            childProposal[axis] = max(0, remaining / Double(children.count - served))
            let size = size(children[index], childProposal, environment, stackAxis: axis)
            result[index] = (childProposal, size)
            remaining -= size[axis]
        }
        return result
    }

    /// A frame's own size and what it proposes its child. Fixed: the given dimensions.
    /// Flexible: Apple's rule (see ``View/frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)``),
    /// as objc.io's "Thinking in SwiftUI" writes it: with a minimum, `max(min, min(child,
    /// proposed))`; with a maximum, `min(max, max(child, proposed))`.
    mutating func frameLayout(_ node: Node, _ frame: FrameLayout, _ proposal: ProposedSize,
                                      _ environment: LayoutEnvironment) -> (size: Size, childProposal: ProposedSize) {
        guard frame.isFlexible else {
            let childProposal = ProposedSize(width: frame.width ?? proposal.width, height: frame.height ?? proposal.height)
            let child = size(node.first!, childProposal, environment, stackAxis: nil)
            return (Size(width: frame.width ?? child.width, height: frame.height ?? child.height), childProposal)
        }
        func childLength(_ proposed: Double?, _ least: Double?, _ ideal: Double?, _ most: Double?) -> Double? {
            guard var length = proposed else { return ideal }
            if let least { length = max(least, length) }
            if let most { length = min(most, length) }
            return length
        }
        let childProposal = ProposedSize(
            width: childLength(proposal.width, frame.minWidth, frame.idealWidth, frame.maxWidth),
            height: childLength(proposal.height, frame.minHeight, frame.idealHeight, frame.maxHeight))
        let child = size(node.first!, childProposal, environment, stackAxis: nil)
        func ownLength(_ child: Double, _ proposed: Double?, _ least: Double?, _ most: Double?) -> Double {
            let proposed = proposed ?? child
            var length = child
            if let least { length = max(least, min(length, proposed)) }
            if let most { length = min(most, max(length, proposed)) }
            return length
        }
        return (Size(width: ownLength(child.width, proposal.width, frame.minWidth, frame.maxWidth),
                     height: ownLength(child.height, proposal.height, frame.minHeight, frame.maxHeight)), childProposal)
    }

    /// A scroll view takes the length proposed along its axis (its content's when none is)
    /// and its content's thickness across it; its content is proposed nothing along the axis.
    /// A pager proposes each page its own size and takes what it is proposed.
    mutating func scrollLayout(_ node: Node, _ scroll: ScrollContent, _ proposal: ProposedSize,
                                       _ environment: LayoutEnvironment) -> (size: Size, content: Size, pageProposal: ProposedSize) {
        let axis = scroll.axis
        if scroll.isPaging {
            let pages = node.laidOutChildren
            let pageProposal = proposal
            var content = Size.zero
            for page in pages {
                let size = size(page, pageProposal, environment, stackAxis: nil)
                content[axis] += proposal[axis] ?? size[axis]
                content[axis.cross] = max(content[axis.cross], size[axis.cross])
            }
            var own = Size.zero
            own[axis] = proposal[axis] ?? content[axis] / Double(max(1, pages.count))
            own[axis.cross] = proposal[axis.cross] ?? content[axis.cross]
            return (own, content, pageProposal)
        }
        var contentProposal = proposal
        contentProposal[axis] = nil
        let content = size(node.first!, contentProposal, environment, stackAxis: nil)
        var own = content
        own[axis] = proposal[axis] ?? content[axis]
        return (own, content, contentProposal)
    }
}
