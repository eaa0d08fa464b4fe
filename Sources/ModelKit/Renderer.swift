import AccessibilityModel
import Synchronization

/// Lays a view tree out, hit-tests it and works out what VoiceOver is shown, as SwiftUI
/// does: the parent proposes a size, the child chooses its own, the parent places it
/// (Apple, "Composing custom layouts with SwiftUI"; WWDC19 "Building Custom Views with
/// SwiftUI").
///
/// Exposure follows SwiftUI's defaults: a `Text` is a static-text element; a symbol
/// `Image` an image element named after the symbol; shapes are never elements; a `Button`
/// is one element whose label joins its label's texts with ", " and which answers on its
/// label's content shape; `accessibilityElement(children:)` combines, ignores or contains.
/// Modifiers on a view that exposes several elements apply to each (an identifier to the
/// first only). Hidden views are listed only when they are named, so a rule can see that a
/// named shape is hidden rather than trust it.
///
/// The block is laid out left to right and mirrored within the screen width for
/// right-to-left, as SwiftUI flips the whole layout (offsets included).
public enum Renderer {
    /// Renders `view` proposed `proposal` (the screen width and, when the block fills a
    /// screen, a height).
    public static func render(_ view: View, proposal: ProposedSize, in context: RenderContext) -> Rendering {
        layout(view, proposal: proposal, in: context)
            .instance(in: context.unrecordedState, environment: context.unrecordedEnvironment)
    }

    /// The render before it is applied to a state: left to right, transitions as templates.
    static func layout(_ view: View, proposal: ProposedSize, in context: RenderContext) -> Layout {
        var pass = RenderPass(context: context)
        let environment = LayoutEnvironment(
            contentSize: context.contentSize,
            lineHeightRule: context.holds(KitAssumptions.textLineHeight, "style-leading") ? .styleLeading : .fontMetrics)
        pass.place(view.node, proposal, at: Point(x: 0, y: 0), environment, Exposure(), stackAxis: nil)
        return pass.finish(width: proposal.width ?? 0)
    }

    /// A figure as written in facts: whole numbers without a decimal point.
    public static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// What the views around a node make of the elements under it.
struct Exposure {
    var isHidden = false
    /// Inside a button or a combining element: texts become parts of its label.
    var isCollecting = false
    var container: String?
}

/// One render in progress: the elements placed so far and what the modifiers recorded.
struct RenderPass {
    let context: RenderContext
    var measurements = TextMeasurements()
    var elements: [AccessibilityElement] = []
    var named: [Bool] = []
    var textFlags: [(truncated: Bool, clipped: Bool)] = []
    /// Per element: its content shape (nil when it takes no touch), cut across scroll axes
    /// (what `offscreen-targets=scrolled-into-view` measures) and cut in full (where it
    /// answers now).
    var shapes: [Rect?] = []
    var crossCut: [Rect?] = []
    var fullCut: [Rect?] = []
    var scrollOf: [Int] = []
    /// Per element: the axes scroll views around it scroll it along (1 horizontal, 2 vertical).
    var scrollAxes: [UInt8] = []
    var actions: [(element: Int, action: Action)] = []
    var parts: [Part] = []
    var contentShapes: [Rect] = []
    var targets: [(id: String, frame: Rect)] = []
    /// Each effect with the element it names as its motion's subject: the first element the
    /// view exposes, or, for a view inside a control that exposes none of its own (a title in
    /// a button's label), the control; nil until that control is emitted.
    var effects: [(effect: MotionEffect, subject: Int?)] = []
    /// Per element: listed from inside a control's label (a named shape), where the
    /// modifiers outside the control do not reach it.
    var collected: [Bool] = []
    var feedback: [SensoryFeedback] = []
    var scrollRegions: [ScrollRegion] = []
    var follows: [(region: Int, trigger: String, anchor: UnitPoint, animation: Animation?, targets: [(id: String, frame: Rect)], viewport: Double, content: Double)] = []
    /// Some control reaches past its scroll view along the scroll axis.
    var reachesPastViewport = false
    /// The name an identifier just outside a `.contain` element gives its container.
    var containerName: String?

    /// This render's number, unique in the process: what a node's remembered sizes belong to.
    let number = RenderPass.passes.add(1, ordering: .relaxed).newValue

    private static let passes = Atomic<Int>(0)

    init(context: RenderContext) {
        self.context = context
        elements.reserveCapacity(64)
        named.reserveCapacity(64)
        textFlags.reserveCapacity(64)
        shapes.reserveCapacity(64)
        crossCut.reserveCapacity(64)
        fullCut.reserveCapacity(64)
        scrollOf.reserveCapacity(64)
        scrollAxes.reserveCapacity(64)
        collected.reserveCapacity(64)
    }

    /// A text or control inside a combined element, waiting to be joined into it.
    struct Part {
        var label: String
        var facts: [Fact]
        var isHidden: Bool
        var frame: Rect
        var truncated = false
        var clipped = false
        var traits: AccessibilityTraits = []
        var action: Action?
        var shape: Rect?
    }

    // MARK: Sizing

    mutating func size(_ node: Node, _ proposal: ProposedSize, _ environment: LayoutEnvironment, stackAxis: Axis?) -> Size {
        if let size = node.remembered(proposal, in: number) { return size }
        let size = measure(node, proposal, environment, stackAxis: stackAxis)
        node.remember(size, for: proposal, in: number)
        return size
    }

    private mutating func measure(_ node: Node, _ proposal: ProposedSize, _ environment: LayoutEnvironment,
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
        case .offset, .button, .contentShape, .clipped, .accessibility, .scrollTarget, .effect, .feedback, .facts:
            return size(node.first!, proposal, environment, stackAxis: stackAxis)
        }
    }

    private func inset(_ proposal: ProposedSize, _ insets: EdgeInsets) -> ProposedSize {
        ProposedSize(width: proposal.width.map { max(0, $0 - insets.horizontal) },
                     height: proposal.height.map { max(0, $0 - insets.vertical) })
    }

    private mutating func zStackSize(_ children: [Node], _ proposal: ProposedSize, _ environment: LayoutEnvironment) -> Size {
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
    private mutating func stackSizes(_ node: Node, _ layout: StackLayout, _ axis: Axis, _ proposal: ProposedSize,
                                     _ environment: LayoutEnvironment) -> [(proposal: ProposedSize, size: Size)] {
        let children = node.laidOutChildren
        if let division = node.division, division.pass == number, division.proposal == proposal { return division.sizes }
        let sizes = divide(children, layout, axis, proposal, environment)
        node.division = (number, proposal, sizes)
        return sizes
    }

    private mutating func divide(_ children: [Node], _ layout: StackLayout, _ axis: Axis, _ proposal: ProposedSize,
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
    private mutating func frameLayout(_ node: Node, _ frame: FrameLayout, _ proposal: ProposedSize,
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
    private mutating func scrollLayout(_ node: Node, _ scroll: ScrollContent, _ proposal: ProposedSize,
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

    // MARK: Placing

    mutating func place(_ node: Node, _ proposal: ProposedSize, at origin: Point, _ environment: LayoutEnvironment,
                        _ exposure: Exposure, stackAxis: Axis?) {
        let own = size(node, proposal, environment, stackAxis: stackAxis)
        let frame = Rect(origin: origin, size: own)
        switch node.kind {
        case .empty, .spacer:
            return
        case .group:
            for child in node.laidOutChildren {
                let size = size(child, proposal, environment, stackAxis: nil)
                place(child, proposal, at: aligned(size, in: frame, .center), environment, exposure, stackAxis: nil)
            }
        case .text(let text):
            let fit = TextLayout.fit(text, environment: environment, proposal: proposal, measure: &measurements)
            var facts = [Fact("font", environment.font.name), Fact("weight", environment.font.resolvedWeight.rawValue)]
            if let color = environment.foreground { facts.append(Fact("color", color)) }
            if exposure.isCollecting {
                parts.append(Part(label: text.string, facts: facts, isHidden: exposure.isHidden, frame: frame,
                                  truncated: fit.isTruncated))
            } else {
                emit(AccessibilityElement(id: "", label: text.string, traits: [.staticText], isHidden: exposure.isHidden,
                                          frame: frame, container: exposure.container, facts: facts),
                     truncated: fit.isTruncated)
            }
        case .image(let image):
            var facts = [Fact("symbol", image.symbol), Fact("font", environment.font.name)]
            if let color = environment.foreground { facts.append(Fact("color", color)) }
            let hidden = exposure.isHidden || image.isDecorative
            if exposure.isCollecting {
                parts.append(Part(label: image.spokenName, facts: facts, isHidden: hidden, frame: frame))
            } else {
                emit(AccessibilityElement(id: "", label: image.spokenName, traits: [.image], isHidden: hidden,
                                          isDecorative: image.isDecorative, frame: frame, container: exposure.container,
                                          facts: facts))
            }
        case .shape(let shape):
            var facts = [Fact("shape", shape.kind.rawValue)]
            if shape.kind == .roundedRectangle { facts.append(Fact("corner-radius", Renderer.format(shape.cornerRadius))) }
            // Inside a control's label a shape is listed too (hidden, and kept only when it is
            // named), so a rule can see a named underline and a motion can name it.
            emit(AccessibilityElement(id: "", isHidden: true, isDecorative: true, frame: frame,
                                      container: exposure.container, facts: facts), collected: exposure.isCollecting)
        case .stack(let layout):
            let children = node.laidOutChildren
            guard let axis = layout.axis else {
                for child in children {
                    let size = size(child, proposal, environment, stackAxis: nil)
                    place(child, proposal, at: aligned(size, in: frame, layout.alignment), environment, exposure, stackAxis: nil)
                }
                return
            }
            var position = axis == .horizontal ? origin.x : origin.y
            for (child, sized) in zip(children, stackSizes(node, layout, axis, proposal, environment)) {
                let across = layout.alignment.offset(of: sized.size[axis.cross], in: own[axis.cross], along: axis.cross)
                let at = axis == .horizontal ? Point(x: position, y: origin.y + across) : Point(x: origin.x + across, y: position)
                place(child, sized.proposal, at: at, environment, exposure, stackAxis: axis)
                position += sized.size[axis] + layout.spacing
            }
        case .padding(let insets):
            place(node.first!, inset(proposal, insets), at: Point(x: origin.x + insets.leading, y: origin.y + insets.top),
                  environment, exposure, stackAxis: nil)
        case .frame(let layout):
            let (_, childProposal) = frameLayout(node, layout, proposal, environment)
            let child = size(node.first!, childProposal, environment, stackAxis: nil)
            place(node.first!, childProposal, at: aligned(child, in: frame, layout.alignment), environment, exposure,
                  stackAxis: nil)
        case .fixedSize(let horizontal, let vertical):
            // Sized at its ideal size, the child is then placed proposed that size, so a stack
            // under it offers each child its own width (`VStack { Text; Capsule().frame(height:
            // 3) }.fixedSize()` draws the capsule as wide as the text, as in SwiftUI).
            place(node.first!, ProposedSize(width: horizontal ? own.width : proposal.width,
                                                 height: vertical ? own.height : proposal.height),
                  at: origin, environment, exposure, stackAxis: nil)
        case .offset(let x, let y):
            place(node.first!, proposal, at: Point(x: origin.x + x, y: origin.y + y), environment, exposure,
                  stackAxis: stackAxis)
        case .environment(let change):
            place(node.first!, proposal, at: origin, environment.applying(change), exposure, stackAxis: stackAxis)
        case .layered(let alignment, let secondaryOnTop):
            let secondary = node.children[1]
            let secondaryProposal = ProposedSize(width: own.width, height: own.height)
            let secondarySize = size(secondary, secondaryProposal, environment, stackAxis: nil)
            if !secondaryOnTop {
                place(secondary, secondaryProposal, at: aligned(secondarySize, in: frame, alignment), environment, exposure, stackAxis: nil)
            }
            place(node.first!, proposal, at: origin, environment, exposure, stackAxis: stackAxis)
            if secondaryOnTop {
                place(secondary, secondaryProposal, at: aligned(secondarySize, in: frame, alignment), environment, exposure, stackAxis: nil)
            }
        case .scroll(let scroll):
            placeScrollView(node, scroll, proposal, frame, environment, exposure)
        case .button(let button):
            placeButton(node, button, proposal, frame, environment, exposure, stackAxis: stackAxis)
        case .contentShape:
            contentShapes.append(frame)
            place(node.first!, proposal, at: origin, environment, exposure, stackAxis: stackAxis)
        case .clipped:
            let (firstElement, firstPart) = (elements.count, parts.count)
            place(node.first!, proposal, at: origin, environment, exposure, stackAxis: stackAxis)
            markClipped(elements: firstElement..<elements.count, parts: firstPart..<parts.count, outside: frame)
        case .accessibility(let change):
            placeAccessibility(node, change, proposal, frame, environment, exposure, stackAxis: stackAxis)
        case .scrollTarget(let id):
            targets.append((id, frame))
            place(node.first!, proposal, at: origin, environment, exposure, stackAxis: stackAxis)
        case .effect(let effect):
            let first = elements.count
            place(node.first!, proposal, at: origin, environment, exposure, stackAxis: stackAxis)
            let range = first..<elements.count
            effects.append((effect, exposure.isCollecting ? range.first : range.first { !collected[$0] }))
        case .feedback(let haptic):
            feedback.append(haptic)
            place(node.first!, proposal, at: origin, environment, exposure, stackAxis: stackAxis)
        case .facts(let facts):
            let (firstElement, firstPart) = (elements.count, parts.count)
            place(node.first!, proposal, at: origin, environment, exposure, stackAxis: stackAxis)
            for index in firstElement..<elements.count where exposure.isCollecting || !collected[index] {
                elements[index].facts = merged(elements[index].facts, facts)
            }
            for index in firstPart..<parts.count { parts[index].facts = merged(parts[index].facts, facts) }
        }
    }

    private func aligned(_ size: Size, in frame: Rect, _ alignment: Alignment) -> Point {
        Point(x: frame.x + alignment.offset(of: size.width, in: frame.width, along: .horizontal),
              y: frame.y + alignment.offset(of: size.height, in: frame.height, along: .vertical))
    }

    private func merged(_ facts: [Fact], _ more: [Fact]) -> [Fact] {
        facts.filter { fact in !more.contains { $0.name == fact.name } } + more
    }

    private mutating func emit(_ element: AccessibilityElement, truncated: Bool = false, shape: Rect? = nil,
                               collected: Bool = false) {
        elements.append(element)
        self.collected.append(collected)
        named.append(false)
        textFlags.append((truncated, false))
        shapes.append(shape)
        crossCut.append(shape)
        fullCut.append(shape)
        scrollOf.append(-1)
        scrollAxes.append(0)
    }

    private mutating func markClipped(elements range: Range<Int>, parts partRange: Range<Int>, outside clip: Rect) {
        for index in range where elements[index].traits.contains(.staticText) && !elements[index].frame.isInside(clip) {
            textFlags[index].clipped = true
        }
        for index in partRange where !parts[index].frame.isInside(clip) { parts[index].clipped = true }
    }

    /// A button: one element joining its label's parts, answering on the content shapes its
    /// label sets (its frame when it sets none). Inside a combining element it is a part.
    private mutating func placeButton(_ node: Node, _ button: ButtonContent, _ proposal: ProposedSize, _ frame: Rect,
                                      _ environment: LayoutEnvironment, _ exposure: Exposure, stackAxis: Axis?) {
        let (firstPart, firstShape, firstEffect) = (parts.count, contentShapes.count, effects.count)
        var inner = exposure
        inner.isCollecting = true
        place(node.first!, proposal, at: Point(x: frame.x, y: frame.y), environment, inner, stackAxis: stackAxis)
        let shape = union(contentShapes[firstShape...]) ?? frame
        contentShapes.removeSubrange(firstShape...)
        let labelParts = Array(parts[firstPart...])
        parts.removeSubrange(firstPart...)
        if exposure.isCollecting {
            parts.append(Part(label: joined(labelParts), facts: mergedFacts(labelParts), isHidden: exposure.isHidden, frame: frame,
                              truncated: labelParts.contains(where: \.truncated), clipped: labelParts.contains(where: \.clipped),
                              traits: [.button], action: button.action, shape: shape))
            return
        }
        emit(AccessibilityElement(id: "", label: joined(labelParts), traits: [.button], isHidden: exposure.isHidden,
                                  isInteractive: true, frame: frame, container: exposure.container,
                                  facts: mergedFacts(labelParts)),
             truncated: labelParts.contains(where: \.truncated), shape: shape)
        textFlags[elements.count - 1].clipped = labelParts.contains(where: \.clipped)
        actions.append((elements.count - 1, button.action))
        nameEffects(from: firstEffect, after: elements.count - 1)
    }

    /// Effects on views inside a control that exposed no element of their own name the
    /// control, emitted as element `control`.
    private mutating func nameEffects(from first: Int, after control: Int) {
        for index in first..<effects.count where effects[index].subject == nil { effects[index].subject = control }
    }

    private func union<C: Collection>(_ rects: C) -> Rect? where C.Element == Rect {
        guard var result = rects.first else { return nil }
        for rect in rects.dropFirst() {
            let left = min(result.minX, rect.minX), top = min(result.minY, rect.minY)
            result = Rect(x: left, y: top, width: max(result.maxX, rect.maxX) - left, height: max(result.maxY, rect.maxY) - top)
        }
        return result
    }

    private func joined(_ parts: [Part]) -> String {
        parts.filter { !$0.isHidden && !$0.label.isEmpty }.map(\.label).joined(separator: ", ")
    }

    private func mergedFacts(_ parts: [Part]) -> [Fact] {
        var facts: [Fact] = []
        for part in parts where !part.isHidden {
            for fact in part.facts where !facts.contains(where: { $0.name == fact.name }) { facts.append(fact) }
        }
        return facts
    }

    private mutating func placeAccessibility(_ node: Node, _ change: AccessibilityChange, _ proposal: ProposedSize,
                                             _ frame: Rect, _ environment: LayoutEnvironment, _ exposure: Exposure,
                                             stackAxis: Axis?) {
        // `.accessibilityElement(children: .contain).accessibilityIdentifier(id)`: the
        // identifier names the container, as it names the container's element in UIKit.
        if change.children == nil, change.identifier != nil, change.label == nil, change.value == nil,
           change.hint == nil, change.isHidden == nil, change.addTraits.isEmpty, change.removeTraits.isEmpty,
           change.customActions.isEmpty, change.seriesPosition == nil, change.group == nil, !exposure.isCollecting,
           case .accessibility(let contained) = node.first!.kind, contained.children == .contain,
           contained.identifier == nil {
            containerName = change.identifier
            place(node.first!, proposal, at: Point(x: frame.x, y: frame.y), environment, exposure, stackAxis: stackAxis)
            return
        }
        var inner = exposure
        if change.isHidden == true { inner.isHidden = true }
        let (firstElement, firstPart, firstShape, firstEffect) = (elements.count, parts.count, contentShapes.count, effects.count)
        if let children = change.children, !exposure.isCollecting {
            switch children {
            case .combine, .ignore:
                inner.isCollecting = true
                place(node.first!, proposal, at: Point(x: frame.x, y: frame.y), environment, inner, stackAxis: stackAxis)
                let collected = Array(parts[firstPart...])
                parts.removeSubrange(firstPart...)
                let shapes = contentShapes[firstShape...]
                let controls = collected.filter { $0.action != nil }
                let shape = controls.isEmpty ? nil : union(controls.compactMap(\.shape) + shapes) ?? frame
                contentShapes.removeSubrange(firstShape...)
                let traits = collected.filter { !$0.isHidden }.reduce(AccessibilityTraits()) { $0.union($1.traits) }
                emit(AccessibilityElement(id: "", label: children == .combine ? joined(collected) : "",
                                          traits: traits, isHidden: inner.isHidden, isInteractive: !controls.isEmpty,
                                          frame: frame, container: exposure.container,
                                          facts: children == .combine ? mergedFacts(collected) : []),
                     truncated: collected.contains(where: \.truncated), shape: shape)
                textFlags[elements.count - 1].clipped = collected.contains(where: \.clipped)
                if let action = controls.first?.action { actions.append((elements.count - 1, action)) }
                nameEffects(from: firstEffect, after: elements.count - 1)
            case .contain:
                inner.container = change.identifier ?? containerName ?? exposure.container
                containerName = nil
                place(node.first!, proposal, at: Point(x: frame.x, y: frame.y), environment, inner, stackAxis: stackAxis)
                apply(change, elements: firstElement..<elements.count, parts: firstPart..<parts.count, naming: false,
                      outside: !exposure.isCollecting)
                return
            }
        } else {
            place(node.first!, proposal, at: Point(x: frame.x, y: frame.y), environment, inner, stackAxis: stackAxis)
        }
        apply(change, elements: firstElement..<elements.count, parts: firstPart..<parts.count, naming: true,
              outside: !exposure.isCollecting)
    }

    /// `outside`: the modifier sits outside every control, so what a control's label listed
    /// (``collected``) is not its to change.
    private mutating func apply(_ change: AccessibilityChange, elements range: Range<Int>, parts partRange: Range<Int>,
                                naming: Bool, outside: Bool) {
        for index in partRange {
            if let label = change.label { parts[index].label = label }
            if change.isHidden == true { parts[index].isHidden = true }
            parts[index].traits.formUnion(change.addTraits)
            parts[index].traits.subtract(change.removeTraits)
        }
        if naming, let id = change.identifier, let first = range.first(where: { !named[$0] && !(outside && collected[$0]) }) {
            elements[first].id = id
            named[first] = true
        }
        for index in range where !(outside && collected[index]) {
            if let label = change.label { elements[index].label = label }
            if let value = change.value { elements[index].value = value }
            if let hint = change.hint { elements[index].hint = hint }
            elements[index].traits.formUnion(change.addTraits)
            elements[index].traits.subtract(change.removeTraits)
            if change.isHidden == true { elements[index].isHidden = true }
            elements[index].customActions += change.customActions
            if let position = change.seriesPosition { elements[index].seriesPosition = position }
            if let group = change.group { elements[index].group = group }
            if let priority = change.sortPriority { elements[index].sortPriority = priority }
            if let expansion = change.expansion { elements[index].expansion = expansion }
            if let editing = change.isEditing { elements[index].isEditing = editing }
        }
    }

    /// A scroll view: its content placed at its resting offset, its region recorded, and
    /// the content shapes of its controls cut to its bounds as `scroll-view-hits` and
    /// `offscreen-targets` say.
    private mutating func placeScrollView(_ node: Node, _ scroll: ScrollContent, _ proposal: ProposedSize, _ frame: Rect,
                                          _ environment: LayoutEnvironment, _ exposure: Exposure) {
        let axis = scroll.axis
        let layout = scrollLayout(node, scroll, proposal, environment)
        let (firstElement, firstTarget) = (elements.count, targets.count)
        if scroll.isPaging {
            var position = axis == .horizontal ? frame.x : frame.y
            for page in node.laidOutChildren {
                let at = axis == .horizontal ? Point(x: position, y: frame.y) : Point(x: frame.x, y: position)
                place(page, layout.pageProposal, at: at, environment, exposure, stackAxis: nil)
                position += frame.size[axis]
            }
        } else {
            // A scroll view is an accessibility container (UIKit's UIScrollView behind it):
            // VoiceOver visits its elements together, scrolling them in, whatever their frames.
            var inner = exposure
            inner.container = scroll.id
            place(node.first!, layout.pageProposal, at: Point(x: frame.x, y: frame.y), environment, inner, stackAxis: nil)
        }
        let viewport = frame.size[axis], contentLength = layout.content[axis]
        let scrollTargets = Array(targets[firstTarget...])
        func resting(_ position: ScrollPosition) -> Double {
            switch position {
            case .offset(let offset):
                return scroll.isPaging ? offset * viewport : offset
            case .target(let id, let anchor):
                guard let target = scrollTargets.first(where: { $0.id == id })?.frame else { return 0 }
                let start = (axis == .horizontal ? target.x - frame.x : target.y - frame.y)
                let wanted = start + target.size[axis] * anchor.fraction - viewport * anchor.fraction
                return min(max(0, wanted), max(0, contentLength - viewport))
            }
        }
        let offset = resting(scroll.position)
        let shift = axis == .horizontal ? Point(x: -offset, y: 0) : Point(x: 0, y: -offset)
        let region = scrollRegions.count
        scrollRegions.append(ScrollRegion(id: scroll.id, axis: axis == .horizontal ? .horizontal : .vertical,
                                          contentLength: contentLength, viewportLength: viewport, isScrollEnabled: true,
                                          offset: offset))
        if let follows = scroll.follows {
            self.follows.append((region, follows.trigger, follows.anchor, follows.animation, scrollTargets.map {
                ($0.id, $0.frame.moved(by: Point(x: -frame.x, y: -frame.y)))
            }, viewport, contentLength))
        }
        targets.removeSubrange(firstTarget...)
        let across = axis == .horizontal
            ? Rect(x: -1e9, y: frame.y, width: 2e9, height: frame.height)
            : Rect(x: frame.x, y: -1e9, width: frame.width, height: 2e9)
        let clipsHits = context.choices.holds(KitAssumptions.scrollViewHits, "clipped")
        // A scroll view inside this one that scrolls across this one's axis brings its
        // content into view itself: this one's bounds do not cut that content's measure.
        let ownAxis: UInt8 = axis == .horizontal ? 1 : 2, crossAxis: UInt8 = axis == .horizontal ? 2 : 1
        for index in firstElement..<elements.count {
            elements[index].frame = elements[index].frame.moved(by: shift)
            if scrollOf[index] < 0 { scrollOf[index] = region }
            let scrolledAcross = scrollAxes[index] & crossAxis != 0
            scrollAxes[index] |= ownAxis
            if !scrolledAcross, elements[index].traits.contains(.staticText), !elements[index].frame.isInside(across) {
                textFlags[index].clipped = true
            }
            guard let shape = shapes[index]?.moved(by: shift) else { continue }
            // Only a shape that reaches past the bounds rests on how they cut it.
            if !scrolledAcross, shape.intersection(across) != shape { context.record(KitAssumptions.scrollViewHits.name) }
            if shape.intersection(frame) != shape.intersection(across) { reachesPastViewport = true }
            shapes[index] = shape
            crossCut[index] = crossCut[index]?.moved(by: shift)
            fullCut[index] = fullCut[index]?.moved(by: shift)
            if clipsHits {
                if !scrolledAcross { crossCut[index] = crossCut[index]?.intersection(across) }
                fullCut[index] = fullCut[index]?.intersection(frame)
            }
        }
    }

    // MARK: Finishing

    mutating func finish(width: Double) -> Layout {
        // Measured where it lies, a control past the viewport is cut by the viewport, which
        // rests on `scroll-view-hits` too.
        let measuresAsPlaced = reachesPastViewport && context.holds(KitAssumptions.offscreenTargets, "as-placed")
        if measuresAsPlaced { context.record(KitAssumptions.scrollViewHits.name) }
        var touchShapes: [(element: Int, shape: Rect)] = []
        for index in elements.indices where shapes[index] != nil {
            if let full = fullCut[index], !full.isEmpty { touchShapes.append((index, full)) }
        }
        for index in elements.indices {
            if textFlags[index].truncated { elements[index].facts.append(Fact("truncated", "yes")) }
            if textFlags[index].clipped { elements[index].facts.append(Fact("clipped", "yes")) }
            guard let measured = measuresAsPlaced ? fullCut[index] : crossCut[index] else { continue }
            let above = touchShapes.filter { $0.element > index && scrollOf[$0.element] == scrollOf[index] }.map(\.shape)
            elements[index].hitRegion = Self.boundingBox(of: Self.subtract(above, from: measured))
        }
        var autoNumber = 0
        for index in elements.indices where !named[index] && !collected[index] {
            autoNumber += 1
            elements[index].id = "element.\(autoNumber)"
        }
        let transitions = actions.map { transition(for: $0.element, $0.action) }
        var kept: [AccessibilityElement] = []
        kept.reserveCapacity(elements.count)
        var keptIndex = Array(repeating: -1, count: elements.count)
        for index in elements.indices where named[index] || !elements[index].isHidden {
            keptIndex[index] = kept.count
            kept.append(elements[index])
        }
        touchShapes = touchShapes.compactMap { keptIndex[$0.element] >= 0 ? (keptIndex[$0.element], $0.shape) : nil }
        let state = context.unrecordedState
        return Layout(elements: kept, scrollRegions: scrollRegions, touchShapes: touchShapes, transitions: transitions,
                      assumptionsRead: context.read.sorted(), width: width,
                      dimensionsRead: context.dimensionsRead, values: state.valueIndices)
    }

    /// What activating a control does: the state its action leads to, the haptics whose
    /// trigger it changes, and the motions of the views whose trigger it changes, with the
    /// transaction's animation (or the view's own); without an animation every change is
    /// instant.
    private func transition(for element: Int, _ action: Action) -> TransitionTemplate {
        let state = context.unrecordedState
        var changes: [(position: Int, value: Int)] = []
        var changed: Set<String> = []
        for change in action.changes where change.changesValue {
            let position = state.dimensions.firstIndex { $0.name == change.binding.dimension }!
            guard let value = state.dimensions[position].values.firstIndex(of: change.value) else {
                preconditionFailure("no value '\(change.value)' for '\(change.binding.dimension)' in this state's region")
            }
            changes.append((position, value))
            changed.insert(change.binding.dimension)
        }
        var motions: [TransitionTemplate.Movement] = []
        for (effect, subject) in effects where changed.contains(effect.trigger) {
            guard let subject = subject.map({ elements[$0].id }) else { continue }
            motions.append(.init(subject: subject, kind: effect.kind, animation: effect.animation ?? action.animation))
        }
        for follow in follows where changed.contains(follow.trigger) {
            let target = action.changes.first { $0.binding.dimension == follow.trigger }!.value
            guard let frame = follow.targets.first(where: { $0.id == target })?.frame else { continue }
            let region = scrollRegions[follow.region]
            let start = region.axis == .horizontal ? frame.x : frame.y
            let length = region.axis == .horizontal ? frame.width : frame.height
            let wanted = start + length * follow.anchor.fraction - follow.viewport * follow.anchor.fraction
            let offset = min(max(0, wanted), max(0, follow.content - follow.viewport))
            if abs(offset - region.offset) > 0.01 {
                motions.append(.init(subject: region.id, kind: .slide, animation: follow.animation))
            }
        }
        return TransitionTemplate(target: elements[element].id, changes: changes,
                                  changesSelection: action.changes.contains { $0.binding.isSelection && $0.changesValue },
                                  haptics: feedback.filter { changed.contains($0.trigger) }.map(\.haptic), motions: motions)
    }

    /// `rect` less every rectangle of `holes`, as disjoint rectangles.
    static func subtract(_ holes: [Rect], from rect: Rect) -> [Rect] {
        var pieces = [rect]
        for hole in holes {
            pieces = pieces.flatMap { piece -> [Rect] in
                guard piece.intersects(hole) else { return [piece] }
                let cut = piece.intersection(hole)
                return [
                    Rect(x: piece.minX, y: piece.minY, width: piece.width, height: cut.minY - piece.minY),
                    Rect(x: piece.minX, y: cut.maxY, width: piece.width, height: piece.maxY - cut.maxY),
                    Rect(x: piece.minX, y: cut.minY, width: cut.minX - piece.minX, height: cut.height),
                    Rect(x: cut.maxX, y: cut.minY, width: piece.maxX - cut.maxX, height: cut.height),
                ].filter { !$0.isEmpty }
            }
        }
        return pieces
    }

    /// The smallest rectangle holding every piece; an empty rectangle where there is none.
    static func boundingBox(of pieces: [Rect]) -> Rect {
        guard var box = pieces.first else { return .zero }
        for piece in pieces.dropFirst() {
            let left = min(box.minX, piece.minX), top = min(box.minY, piece.minY)
            box = Rect(x: left, y: top, width: max(box.maxX, piece.maxX) - left, height: max(box.maxY, piece.maxY) - top)
        }
        return box
    }
}

extension Rect {
    /// Within `other`, give or take a hundredth of a point.
    func isInside(_ other: Rect) -> Bool {
        minX >= other.minX - 0.01 && maxX <= other.maxX + 0.01 && minY >= other.minY - 0.01 && maxY <= other.maxY + 0.01
    }

    func moved(by delta: Point) -> Rect { Rect(x: x + delta.x, y: y + delta.y, width: width, height: height) }

    var size: Size { Size(width: width, height: height) }
}
