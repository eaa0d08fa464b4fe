/// A block that can be audited with more screen widths than its own: the larger fixtures
/// `audit --scale N` measures how an audit grows with (a benchmark's option). A block that
/// does not adopt it is audited as it is and refused by `--scale`.
public protocol ScalableBlock: BlockModel {
    /// The same block, with the same configuration and assumption choices, laid out at
    /// each of `widths`.
    func widened(to widths: [Int]) -> any BlockModel
}
