import AccessibilityModel

/// Placing: where each view goes, and the elements, content shapes and effects it leaves.
extension RenderPass {

    mutating func place(_ node: Node, _ proposal: ProposedSize, at origin: Point, _ environment: LayoutEnvironment,
                        _ exposure: Exposure, stackAxis: Axis?) {
        if let kept = node.kept {
            placeKept(node, kept, proposal, at: origin, environment, exposure, stackAxis: stackAxis)
        } else {
            lay(node, proposal, at: origin, environment, exposure, stackAxis: stackAxis)
        }
    }

    /// Lays `node` out and places what it leaves: ``place(_:_:at:_:_:stackAxis:)`` without
    /// looking for a kept placement of it.
    mutating func lay(_ node: Node, _ proposal: ProposedSize, at origin: Point, _ environment: LayoutEnvironment,
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
            let ink = inkOfText(text.string, frame: frame, environment)
            if exposure.isCollecting {
                parts.append(Part(label: text.string, facts: facts, isHidden: exposure.isHidden, frame: frame,
                                  truncated: fit.isTruncated, inks: [ink],
                                  drawn: DrawnContent(text: text.string, lineWidth: fit.lineWidth)))
            } else {
                emit(AccessibilityElement(id: "", label: text.string, traits: [.staticText], isHidden: exposure.isHidden,
                                          frame: frame, container: exposure.container, facts: facts),
                     truncated: fit.isTruncated, inks: [ink], drawn: DrawnContent(text: text.string, lineWidth: fit.lineWidth))
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
            // Laid out where it was, then moved: an offset shifts "the displayed contents" and
            // leaves "the original dimensions of the view" as they were (Apple,
            // `View.offset(x:y:)`), so it applies after layout. Placed at its own origin, a kept
            // part under an offset (a page a drag moves) is placed alike however far it moves.
            let before = counts
            place(node.first!, proposal, at: origin, environment, exposure, stackAxis: stackAxis)
            move(since: before, by: Point(x: x, y: y))
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
            let (firstElement, firstPart, firstLayer, firstInk) = (elements.count, parts.count, layers.count, inks.count)
            place(node.first!, proposal, at: origin, environment, exposure, stackAxis: stackAxis)
            for index in firstLayer..<layers.count { layers[index].clip(to: frame) }
            for index in firstInk..<inks.count { inks[index].clip = inks[index].clip.map { $0.intersection(frame) } ?? frame }
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
                elements[index].facts = Self.merged(elements[index].facts, facts)
            }
            for index in firstPart..<parts.count { parts[index].facts = Self.merged(parts[index].facts, facts) }
        case .paint(let layer):
            place(node.first!, proposal, at: origin, environment, exposure, stackAxis: stackAxis)
            var placed = layer
            placed.frame = frame
            layers.append(placed)
        case .colorEffect(let hueRotation, let opacity):
            let (firstLayer, firstInk) = (layers.count, inks.count)
            place(node.first!, proposal, at: origin, environment, exposure, stackAxis: stackAxis)
            for index in firstLayer..<layers.count {
                layers[index].hueRotation += hueRotation
                layers[index].opacity *= opacity
            }
            for index in firstInk..<inks.count { inks[index].opacity *= opacity }
        case .conveys(let meaning):
            let (firstLayer, firstElement) = (layers.count, elements.count)
            place(node.first!, proposal, at: origin, environment, exposure, stackAxis: stackAxis)
            // Inside a control's label the marks are the control's; elsewhere the named
            // shape's, which is listed.
            for layer in firstLayer..<layers.count {
                inks.append(InkTemplate(kind: .mark, text: meaning, frame: layers[layer].frame, layer: layer))
                if exposure.isCollecting {
                    collectedInks.append(inks.count - 1)
                } else if firstElement < elements.count {
                    elementInks[firstElement].append(inks.count - 1)
                }
            }
        }
    }

    /// Moves by `delta` whatever was placed since the lists had the lengths `before`: frames,
    /// content shapes and their cuts, scroll targets, layers and inks with their clips.
    mutating func move(since before: PlacedPart.Counts, by delta: Point) {
        guard delta.x != 0 || delta.y != 0 else { return }
        for index in before.elements..<elements.count {
            elements[index].frame = elements[index].frame.moved(by: delta)
            shapes[index] = shapes[index]?.moved(by: delta)
            crossCut[index] = crossCut[index]?.moved(by: delta)
            fullCut[index] = fullCut[index]?.moved(by: delta)
        }
        for index in before.parts..<parts.count {
            parts[index].frame = parts[index].frame.moved(by: delta)
            parts[index].shape = parts[index].shape?.moved(by: delta)
        }
        for index in before.contentShapes..<contentShapes.count { contentShapes[index] = contentShapes[index].moved(by: delta) }
        for index in before.targets..<targets.count { targets[index].frame = targets[index].frame.moved(by: delta) }
        for index in before.layers..<layers.count {
            layers[index].frame = layers[index].frame.moved(by: delta)
            layers[index].clip = layers[index].clip?.moved(by: delta)
        }
        for index in before.inks..<inks.count {
            inks[index].frame = inks[index].frame.moved(by: delta)
            inks[index].clip = inks[index].clip?.moved(by: delta)
        }
    }

    func aligned(_ size: Size, in frame: Rect, _ alignment: Alignment) -> Point {
        Point(x: frame.x + alignment.offset(of: size.width, in: frame.width, along: .horizontal),
              y: frame.y + alignment.offset(of: size.height, in: frame.height, along: .vertical))
    }

    /// Static: a method on the pass, called while one of its elements is being written,
    /// would copy the whole pass for the call.
    static func merged(_ facts: [Fact], _ more: [Fact]) -> [Fact] {
        if facts.isEmpty { return more }
        var result: [Fact] = []
        result.reserveCapacity(facts.count + more.count)
        for fact in facts where !more.contains(where: { $0.name == fact.name }) { result.append(fact) }
        result.append(contentsOf: more)
        return result
    }

    /// Files `element` with what its view drew and where it answers. The element is taken,
    /// not borrowed: a borrowed one was copied into the list, its strings and lists retained.
    mutating func emit(_ element: consuming AccessibilityElement, truncated: Bool = false, shape: Rect? = nil,
                               collected: Bool = false, inks: [Int] = [], drawn: DrawnContent = DrawnContent()) {
        elements.append(element)
        elementInks.append(inks)
        self.drawn.append(drawn)
        self.collected.append(collected)
        named.append(false)
        textFlags.append((truncated, false))
        shapes.append(shape)
        crossCut.append(shape)
        fullCut.append(shape)
        scrollOf.append(-1)
        scrollAxes.append(0)
    }

    mutating func markClipped(elements range: Range<Int>, parts partRange: Range<Int>, outside clip: Rect) {
        for index in range where elements[index].traits.contains(.staticText) && !elements[index].frame.isInside(clip) {
            textFlags[index].clipped = true
        }
        for index in partRange where !parts[index].frame.isInside(clip) { parts[index].clipped = true }
    }

    /// A button: one element joining its label's parts, answering on the content shapes its
    /// label sets (its frame when it sets none). Inside a combining element it is a part.
    mutating func placeButton(_ node: Node, _ button: ButtonContent, _ proposal: ProposedSize, _ frame: Rect,
                                      _ environment: LayoutEnvironment, _ exposure: Exposure, stackAxis: Axis?) {
        let (firstPart, firstShape, firstEffect) = (parts.count, contentShapes.count, effects.count)
        let firstCollectedInk = collectedInks.count
        var inner = exposure
        inner.isCollecting = true
        place(node.first!, proposal, at: Point(x: frame.x, y: frame.y), environment, inner, stackAxis: stackAxis)
        let labelInks = Array(collectedInks[firstCollectedInk...])
        collectedInks.removeSubrange(firstCollectedInk...)
        let shape = union(contentShapes[firstShape...]) ?? frame
        contentShapes.removeSubrange(firstShape...)
        let labelParts = Array(parts[firstPart...])
        parts.removeSubrange(firstPart...)
        // A control inside a button's label is one more part of the button to VoiceOver.
        let drawn = DrawnContent(joining: labelParts, swallowing: labelParts.filter { $0.action != nil }.map(\.label))
        if exposure.isCollecting {
            parts.append(Part(label: joined(labelParts), facts: mergedFacts(labelParts), isHidden: exposure.isHidden, frame: frame,
                              truncated: labelParts.contains(where: \.truncated), clipped: labelParts.contains(where: \.clipped),
                              traits: [.button], action: button.action, shape: shape,
                              inks: labelParts.flatMap(\.inks) + labelInks, drawn: drawn))
            return
        }
        emit(AccessibilityElement(id: "", label: joined(labelParts), traits: [.button], isHidden: exposure.isHidden,
                                  isInteractive: true, frame: frame, container: exposure.container,
                                  facts: mergedFacts(labelParts)),
             truncated: labelParts.contains(where: \.truncated), shape: shape,
             inks: labelParts.flatMap(\.inks) + labelInks, drawn: drawn)
        textFlags[elements.count - 1].clipped = labelParts.contains(where: \.clipped)
        actions.append((elements.count - 1, button.action))
        nameEffects(from: firstEffect, after: elements.count - 1)
    }

    /// Effects on views inside a control that exposed no element of their own name the
    /// control, emitted as element `control`.
    mutating func nameEffects(from first: Int, after control: Int) {
        for index in first..<effects.count where effects[index].subject == nil { effects[index].subject = control }
    }

    func union<C: Collection>(_ rects: C) -> Rect? where C.Element == Rect {
        guard var result = rects.first else { return nil }
        for rect in rects.dropFirst() {
            let left = min(result.minX, rect.minX), top = min(result.minY, rect.minY)
            result = Rect(x: left, y: top, width: max(result.maxX, rect.maxX) - left, height: max(result.maxY, rect.maxY) - top)
        }
        return result
    }

    func joined(_ parts: [Part]) -> String {
        parts.filter { !$0.isHidden && !$0.label.isEmpty }.map(\.label).joined(separator: ", ")
    }

    func mergedFacts(_ parts: [Part]) -> [Fact] {
        var facts: [Fact] = []
        facts.reserveCapacity(parts.reduce(0) { $0 + ($1.isHidden ? 0 : $1.facts.count) })
        for part in parts where !part.isHidden {
            for fact in part.facts where !facts.contains(where: { $0.name == fact.name }) { facts.append(fact) }
        }
        return facts
    }

    mutating func placeAccessibility(_ node: Node, _ change: AccessibilityChange, _ proposal: ProposedSize,
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
                let firstCollectedInk = collectedInks.count
                place(node.first!, proposal, at: Point(x: frame.x, y: frame.y), environment, inner, stackAxis: stackAxis)
                let marks = Array(collectedInks[firstCollectedInk...])
                collectedInks.removeSubrange(firstCollectedInk...)
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
                     truncated: collected.contains(where: \.truncated), shape: shape,
                     inks: collected.flatMap(\.inks) + marks, drawn: DrawnContent(joining: collected))
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
    mutating func apply(_ change: AccessibilityChange, elements range: Range<Int>, parts partRange: Range<Int>,
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
            if !change.customActions.isEmpty { elements[index].customActions += change.customActions }
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
    mutating func placeScrollView(_ node: Node, _ scroll: ScrollContent, _ proposal: ProposedSize, _ frame: Rect,
                                          _ environment: LayoutEnvironment, _ exposure: Exposure) {
        let axis = scroll.axis
        let layout = scrollLayout(node, scroll, proposal, environment)
        let (firstElement, firstTarget, firstLayer, firstInk) = (elements.count, targets.count, layers.count, inks.count)
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
        for index in firstLayer..<layers.count {
            layers[index].frame = layers[index].frame.moved(by: shift)
            layers[index].clip = layers[index].clip?.moved(by: shift)
            layers[index].clip(to: frame)
        }
        for index in firstInk..<inks.count {
            inks[index].frame = inks[index].frame.moved(by: shift)
            inks[index].clip = inks[index].clip?.moved(by: shift)
            inks[index].clip = inks[index].clip.map { $0.intersection(frame) } ?? frame
        }
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
            if !scrolledAcross, shape.intersection(across) != shape { recordPlacementRead(KitAssumptions.scrollViewHits.name) }
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
}
