import AccessibilityModel

/// Larger fixtures of the blocks, for measuring how an audit grows
/// (`audit --scale N`, hidden: a benchmark's option, not a user's).
///
/// Scaling multiplies a block's `width` dimension: each width `w` of the block becomes the
/// widths `w, w + 1, …, w + N − 1`, so the block has N times its states, every one a
/// real layout of the model (one point wider lays out differently, so memoised results
/// are not simply reused). The blocks themselves are left as they are.
enum Scale {
    static let limit = 64

    /// The blocks with `factor` times as many widths.
    static func blocks(_ blocks: [any BlockModel], by factor: Int) throws(InputError) -> [any BlockModel] {
        guard factor > 1 else { return blocks }
        var scaled: [any BlockModel] = []
        for block in blocks {
            guard let scalable = block as? any ScalableBlock else {
                throw InputError("--scale needs blocks that adopt ScalableBlock; \(block.name) does not")
            }
            scaled.append(scalable.widened(to: try Self.widths(of: block, by: factor)))
        }
        return scaled
    }

    /// `w, w + 1, …, w + factor − 1` for each width `w` of the block, in order.
    static func widths(of block: any BlockModel, by factor: Int) throws(InputError) -> [Int] {
        guard let dimension = block.stateSpace.dimension(named: "width") else {
            throw InputError("--scale multiplies the width dimension, which \(block.name) lacks")
        }
        let widths = dimension.values.compactMap(Int.init).flatMap { width in (0..<factor).map { width + $0 } }
        guard Set(widths).count == dimension.values.count * factor else {
            throw InputError("--scale \(factor) would repeat a width of \(block.name); widths \(dimension.values.joined(separator: ", ")) are too close")
        }
        return widths.sorted()
    }
}
