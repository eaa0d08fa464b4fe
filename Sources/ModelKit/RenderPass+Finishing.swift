import AccessibilityModel

/// Finishing: hit regions, ids and transitions once every view is placed.
extension RenderPass {

    mutating func finish(width: Double) -> Layout {
        // Measured where it lies, a control past the viewport is cut by the viewport, which
        // rests on `scroll-view-hits` too.
        let measuresAsPlaced = reachesPastViewport && context.holds(KitAssumptions.offscreenTargets, "as-placed")
        if measuresAsPlaced { context.record(KitAssumptions.scrollViewHits.name) }
        var touchShapes: [(element: Int, shape: Rect)] = []
        touchShapes.reserveCapacity(elements.count)
        for index in elements.indices where shapes[index] != nil {
            if let full = fullCut[index], !full.isEmpty { touchShapes.append((index, full)) }
        }
        for index in elements.indices {
            if textFlags[index].truncated { elements[index].facts.append(Fact("truncated", "yes")) }
            if textFlags[index].clipped { elements[index].facts.append(Fact("clipped", "yes")) }
            if textFlags[index].truncated || textFlags[index].clipped, drawn[index].lineWidth > 0 {
                elements[index].facts.append(Fact("text-width", Renderer.format(Self.hundredths(drawn[index].lineWidth))))
            }
            guard let measured = measuresAsPlaced ? fullCut[index] : crossCut[index] else { continue }
            let above = touchShapes.filter { $0.element > index && scrollOf[$0.element] == scrollOf[index] }.map(\.shape)
            elements[index].hitRegion = Self.boundingBox(of: Self.subtract(above, from: measured))
        }
        var autoNumber = 0
        for index in elements.indices where !named[index] && !collected[index] {
            autoNumber += 1
            elements[index].id = "element.\(autoNumber)"
        }
        for index in elements.indices {
            // Most elements draw what they say and lie under nothing: their facts are left
            // as they are.
            let added = drawnFacts(of: index) + coverFacts(of: index, among: touchShapes)
            if !added.isEmpty { elements[index].facts += added }
        }
        let transitions = actions.map { transition(for: $0.element, $0.action) }
        var keptIndex = Array(repeating: -1, count: elements.count)
        var keptElements: [Int] = []
        keptElements.reserveCapacity(elements.count)
        for index in elements.indices where named[index] || !elements[index].isHidden {
            keptIndex[index] = keptElements.count
            keptElements.append(index)
        }
        var kept = Self.moving(&elements, keeping: keptElements)
        touchShapes = touchShapes.compactMap { keptIndex[$0.element] >= 0 ? (keptIndex[$0.element], $0.shape) : nil }
        let inks = resolvedInks(of: keptElements)
        let (appearance, contrast) = ColourVariants.settings[Layout.firstSetting]
        for (index, elementInks) in inks.inks(appearance: appearance, contrast: contrast).enumerated() where !elementInks.isEmpty {
            kept[index].inks = elementInks
        }
        return Layout(elements: kept, scrollRegions: scrollRegions, touchShapes: touchShapes, transitions: transitions,
                      assumptionsRead: context.read.sorted(), inks: inks, width: width,
                      dimensionsRead: context.dimensionsRead, number: number)
    }

    /// The elements at `kept` (ascending), moved out of `elements`, which is left empty: the
    /// pass ends with its layout, and copying each kept element out retained and released
    /// every string and list it holds.
    ///
    /// Invariant: while the list is compacted, the slots below the next kept element's new
    /// place hold the kept elements met so far, the dropped ones met so far are held aside
    /// (in memory of their own, which tears nothing down), and every other slot up to the one
    /// being read holds nothing, so each move lands on an empty slot; the dropped elements
    /// then fill the slots past the kept ones, for the list to tear down once. Tests that
    /// render hidden elements among kept ones, and the golden documents, would show an
    /// element lost, repeated or torn down twice.
    static func moving(_ elements: inout [AccessibilityElement], keeping kept: [Int]) -> [AccessibilityElement] {
        var moved: [AccessibilityElement] = []
        swap(&moved, &elements)
        let dropped = moved.count - kept.count
        guard dropped > 0 else { return moved }
        let aside = UnsafeMutablePointer<AccessibilityElement>.allocate(capacity: dropped)
        defer { aside.deallocate() }
        moved.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            var (next, set) = (0, 0)
            for index in buffer.indices {
                if next < kept.count, kept[next] == index {
                    if next != index { (base + next).moveInitialize(from: base + index, count: 1) }
                    next += 1
                } else {
                    (aside + set).moveInitialize(from: base + index, count: 1)
                    set += 1
                }
            }
            (base + kept.count).moveInitialize(from: aside, count: dropped)
        }
        moved.removeLast(dropped)
        return moved
    }

    /// What activating a control does: the state its action leads to, the haptics whose
    /// trigger it changes, and the motions of the views whose trigger it changes, with the
    /// transaction's animation (or the view's own); without an animation every change is
    /// instant.
    func transition(for element: Int, _ action: Action) -> TransitionTemplate {
        let state = context.unrecordedState
        let actionChanges = action.changes
        var changes: [(position: Int, value: Int)] = []
        changes.reserveCapacity(actionChanges.count)
        // An action sets a dimension or two: a list is quicker to search than a set to hash.
        var changed: [String] = []
        changed.reserveCapacity(actionChanges.count)
        var changesSelection = false
        for change in actionChanges where change.changesValue {
            let position = state.dimensions.firstIndex { $0.name == change.binding.dimension }!
            guard let value = state.dimensions[position].values.firstIndex(of: change.value) else {
                preconditionFailure("no value '\(change.value)' for '\(change.binding.dimension)' in this state's region")
            }
            changes.append((position, value))
            changed.append(change.binding.dimension)
            if change.binding.isSelection { changesSelection = true }
        }
        // An action that changes nothing the block owns moves nothing and triggers nothing.
        var motions: [TransitionTemplate.Movement] = []
        var haptics: [Haptic] = []
        if !changed.isEmpty {
            for (effect, subject) in effects where changed.contains(effect.trigger) {
                guard let subject = subject.map({ elements[$0].id }) else { continue }
                motions.append(.init(subject: subject, kind: effect.kind, animation: effect.animation ?? action.animation))
            }
            for follow in follows where changed.contains(follow.trigger) {
                let target = actionChanges.first { $0.binding.dimension == follow.trigger }!.value
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
            for item in feedback where changed.contains(item.trigger) { haptics.append(item.haptic) }
        }
        return TransitionTemplate(target: elements[element].id, changes: changes, changesSelection: changesSelection,
                                  haptics: haptics, motions: motions)
    }

    /// `visible-text` when the text an element draws is not what its label says, and
    /// `nested-controls` for the controls a button's label swallowed.
    func drawnFacts(of index: Int) -> [Fact] {
        var facts: [Fact] = []
        let text = drawn[index].text
        if !text.isEmpty, text != elements[index].label { facts.append(Fact("visible-text", text)) }
        let swallowed = drawn[index].swallowedControls
        if !swallowed.isEmpty {
            facts.append(Fact("nested-controls", swallowed.map { $0.isEmpty ? "an unlabelled control" : "“\($0)”" }
                .joined(separator: ", ")))
        }
        return facts
    }

    /// Where controls drawn above a control take touches inside its own touch shape, as
    /// `hitTest(at:)` answers: `covered-by` (their ids, in drawing order) and the size of
    /// the smallest rectangle holding every piece they take (`covered-width`,
    /// `covered-height`). Touching edges are no cover.
    func coverFacts(of index: Int, among touchShapes: [(element: Int, shape: Rect)]) -> [Fact] {
        guard let own = touchShapes.first(where: { $0.element == index })?.shape else { return [] }
        var covering: [String] = []
        var pieces: [Rect] = []
        for above in touchShapes where above.element > index && above.shape.intersects(own) {
            let piece = above.shape.intersection(own)
            guard piece.width > 0.01, piece.height > 0.01 else { continue }
            if !covering.contains(elements[above.element].id) { covering.append(elements[above.element].id) }
            pieces.append(piece)
        }
        guard !covering.isEmpty else { return [] }
        let box = Self.boundingBox(of: pieces)
        return [Fact("covered-by", covering.joined(separator: " ")),
                Fact("covered-width", Renderer.format(Self.hundredths(box.width))),
                Fact("covered-height", Renderer.format(Self.hundredths(box.height)))]
    }

    /// A figure rounded to hundredths of a point, as facts write lengths.
    static func hundredths(_ value: Double) -> Double { (value * 100).rounded() / 100 }

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
