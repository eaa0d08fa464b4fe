import AccessibilityModel

/// Kept parts: placed from what they left when they were placed alike before.
extension RenderPass {

    /// Places the root of a kept part: from its placement under the same proposal, origin,
    /// environment, exposure and stack axis when it has one, else by laying it out and,
    /// where it pays (``KeptPlacements/shouldRecord``), recording what it left.
    ///
    /// A part placed while an identifier waits for its container (``containerName``) is
    /// laid out: that name crosses from the views around the part into it.
    mutating func placeKept(_ node: Node, _ kept: KeptPlacements, _ proposal: ProposedSize, at origin: Point,
                            _ environment: LayoutEnvironment, _ exposure: Exposure, stackAxis: Axis?) {
        guard containerName == nil else {
            lay(node, proposal, at: origin, environment, exposure, stackAxis: stackAxis)
            return
        }
        let key = KeptPlacements.PlacementKey(proposal: proposal, origin: origin, environment: environment,
                                              exposure: exposure, stackAxis: stackAxis)
        let mix = key.mix
        if let placed = kept.placement(for: key, mix: mix) {
            replay(placed)
            return
        }
        guard kept.shouldRecord else {
            lay(node, proposal, at: origin, environment, exposure, stackAxis: stackAxis)
            return
        }
        let before = counts
        let reachedBefore = reachesPastViewport
        reachesPastViewport = false
        lay(node, proposal, at: origin, environment, exposure, stackAxis: stackAxis)
        let reaches = reachesPastViewport
        reachesPastViewport = reachedBefore || reaches
        guard containerName == nil else { return }
        kept.file(recording(key, since: before, reachesPastViewport: reaches), mix: mix)
    }

    /// The lengths of the lists a part's placement adds to.
    var counts: PlacedPart.Counts {
        PlacedPart.Counts(elements: elements.count, actions: actions.count, parts: parts.count,
                          contentShapes: contentShapes.count, targets: targets.count, effects: effects.count,
                          feedback: feedback.count, scrollRegions: scrollRegions.count, follows: follows.count,
                          layers: layers.count, inks: inks.count, collectedInks: collectedInks.count,
                          reads: placementReads.count)
    }

    /// What this pass's lists gained since they had the lengths `before`.
    ///
    /// Placing a view only appends to the lists and changes what it appended (a button
    /// takes its label's parts and content shapes off again), so the tails are all it left.
    /// They are copied into lists of their own: a kept placement must not hold a whole
    /// render's storage alive, nor make the render copy its lists when it appends to them.
    func recording(_ key: KeptPlacements.PlacementKey, since before: PlacedPart.Counts,
                   reachesPastViewport: Bool) -> PlacedPart {
        var placed = PlacedPart(key: key)
        placed.before = before
        let first = before.elements
        placed.elements = Array(elements[first...])
        placed.named = Array(named[first...])
        placed.textFlags = Array(textFlags[first...])
        placed.drawn = Array(drawn[first...])
        placed.shapes = Array(shapes[first...])
        placed.crossCut = Array(crossCut[first...])
        placed.fullCut = Array(fullCut[first...])
        placed.scrollOf = Array(scrollOf[first...])
        placed.scrollAxes = Array(scrollAxes[first...])
        placed.collected = Array(collected[first...])
        placed.elementInks = Array(elementInks[first...])
        placed.actions = Array(actions[before.actions...])
        placed.parts = Array(parts[before.parts...])
        placed.contentShapes = Array(contentShapes[before.contentShapes...])
        placed.targets = Array(targets[before.targets...])
        placed.effects = Array(effects[before.effects...])
        placed.feedback = Array(feedback[before.feedback...])
        placed.scrollRegions = Array(scrollRegions[before.scrollRegions...])
        placed.follows = Array(follows[before.follows...])
        placed.layers = Array(layers[before.layers...])
        placed.inks = Array(inks[before.inks...])
        placed.collectedInks = Array(collectedInks[before.collectedInks...])
        placed.reads = Array(placementReads[before.reads...])
        placed.reachesPastViewport = reachesPastViewport
        return placed
    }

    /// Adds what `placed` left, its indices moved by how many more elements, layers, inks
    /// and scroll regions lie before it now than when it was recorded.
    mutating func replay(_ placed: PlacedPart) {
        let now = counts
        let element = now.elements - placed.before.elements
        let layer = now.layers - placed.before.layers
        let ink = now.inks - placed.before.inks
        let region = now.scrollRegions - placed.before.scrollRegions
        elements += placed.elements
        named += placed.named
        textFlags += placed.textFlags
        drawn += placed.drawn
        shapes += placed.shapes
        crossCut += placed.crossCut
        fullCut += placed.fullCut
        scrollAxes += placed.scrollAxes
        collected += placed.collected
        contentShapes += placed.contentShapes
        targets += placed.targets
        feedback += placed.feedback
        scrollRegions += placed.scrollRegions
        layers += placed.layers
        if element == 0, layer == 0, ink == 0, region == 0 {
            scrollOf += placed.scrollOf
            elementInks += placed.elementInks
            actions += placed.actions
            parts += placed.parts
            effects += placed.effects
            follows += placed.follows
            inks += placed.inks
            collectedInks += placed.collectedInks
        } else {
            scrollOf += placed.scrollOf.lazy.map { $0 < 0 ? $0 : $0 + region }
            elementInks += placed.elementInks.lazy.map { $0.map { $0 + ink } }
            actions += placed.actions.lazy.map { ($0.element + element, $0.action) }
            parts += placed.parts.lazy.map { part in
                var moved = part
                moved.inks = part.inks.map { $0 + ink }
                return moved
            }
            effects += placed.effects.lazy.map { ($0.effect, $0.subject.map { $0 + element }) }
            follows += placed.follows.lazy.map { follow in
                var moved = follow
                moved.region += region
                return moved
            }
            inks += placed.inks.lazy.map { template in
                var moved = template
                moved.layer += layer
                return moved
            }
            collectedInks += placed.collectedInks.lazy.map { $0 + ink }
        }
        for name in placed.reads { recordPlacementRead(name) }
        if placed.reachesPastViewport { reachesPastViewport = true }
    }

    /// Records that placing read assumption `name`, in the render's context and in
    /// ``placementReads``.
    mutating func recordPlacementRead(_ name: String) {
        placementReads.append(name)
        context.record(name)
    }
}
