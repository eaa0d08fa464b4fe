import AccessibilityModel

/// A representative and every state folded onto it (`Folding`), as they lie in an
/// unstrided selection: each combination of the allowed values of its region's folded
/// dimensions, numbered as positions count them (the last folded dimension fastest). The
/// representative takes the first allowed value of each, so it is combination 0, and the
/// combinations' positions grow with their numbers.
///
/// Counting a block at its representative lets a rule group's results be counted once for
/// each class of states it cannot tell apart (``StateEvaluator/classes(of:seen:)``), where
/// counting state by state looked each state's results up group by group.
///
/// A class, not a struct: every class of states that fails a rule holds the block, and a
/// struct of its arrays was retained field by field for each. Immutable once made.
final class TwinBlock {
    let representative: BlockState
    /// The representative's position in the whole selection.
    let position: Int
    /// The representative's space-wide value indices (``ValueTally/Indexer``).
    let values: [Int]
    let shape: Shape

    var count: Int { shape.count }

    init(representative: BlockState, position: Int, values: [Int], shape: Shape) {
        self.representative = representative
        self.position = position
        self.values = values
        self.shape = shape
    }

    /// What every block of one region of one selection shares: its folded dimensions, and
    /// each combination's digits, settings and distance from the representative, worked out
    /// once for the region rather than for every representative. Immutable once made.
    final class Shape: Sendable {
        /// One folded dimension: its position in the region, its allowed value indices, and
        /// how many positions apart two states are whose values there are neighbours.
        struct Axis {
            var position: Int
            var allowed: [Int]
            var stride: Int
            var setting: Folding.Setting
        }

        let axes: [Axis]
        /// How many combinations: the product of the axes' allowed counts.
        let count: Int
        /// Per combination: the folded settings in which it differs from the representative
        /// (`Folding.Setting` bits), each setting's value index, and how many positions after
        /// the representative it lies.
        let differing: [UInt8]
        let settings: [Folding.SettingValues]
        let offsets: [Int]
        /// Per combination, each axis's digit: the place of its value among the allowed.
        let digits: [[Int]]
        /// Per axis, the space-wide index of each allowed value (``ValueTally/Indexer``).
        let spaceWide: [[Int]]
        /// How many of the region's last dimensions are folded: the states after one that
        /// differ from it only there are folded onto the same representative.
        let trailingAxes: Int
        /// The folded positions whose value varies within a block, one bit each as
        /// ``Snapshot/dimensionsRead`` numbers them.
        let foldedPositions: UInt64
        /// Per set of settings (`Folding.Setting` bits, all 16): the classes of combinations
        /// that agree in those settings, each as its members (a bit each) and the one of them
        /// that differs from the representative in those settings only.
        let classes: [[(members: UInt64, canonical: Int)]]

        /// The shape of the blocks of a region whose dimensions' allowed value indices are
        /// `allowed`, with `folded` dimensions; nil unless a block holds 2 to 64 states, as its
        /// classes are kept as bit masks.
        ///
        /// `spaceWide` gives the space-wide index of a value index at a position of the region;
        /// by default the index itself, as in a space of one region.
        init?(allowed: [[Int]], folded: [(position: Int, setting: Folding.Setting)],
              spaceWide: (_ value: Int, _ position: Int) -> Int = { value, _ in value }) {
            var axes: [Axis] = []
            for (position, setting) in folded {
                let stride = allowed[(position + 1)...].reduce(1) { $0 * $1.count }
                axes.append(Axis(position: position, allowed: allowed[position], stride: stride, setting: setting))
            }
            let count = axes.reduce(1) { $0 * $1.allowed.count }
            guard count > 1, count <= UInt64.bitWidth else { return nil }
            self.axes = axes
            self.count = count
            var trailing = 0
            while trailing < axes.count, axes[axes.count - 1 - trailing].position == allowed.count - 1 - trailing { trailing += 1 }
            trailingAxes = trailing
            var differing: [UInt8] = [], settings: [Folding.SettingValues] = [], offsets: [Int] = []
            var digits: [[Int]] = []
            for combo in 0..<count {
                var rest = combo
                var own = Array(repeating: 0, count: axes.count)
                for axis in axes.indices.reversed() {
                    own[axis] = rest % axes[axis].allowed.count
                    rest /= axes[axis].allowed.count
                }
                digits.append(own)
                var values = Folding.SettingValues()
                var bits: UInt8 = 0
                var offset = 0
                for (axis, digit) in zip(axes, own) {
                    values[axis.setting] = axis.allowed[digit]
                    if digit != 0 { bits |= axis.setting.bit }
                    offset += axis.stride * digit
                }
                differing.append(bits)
                settings.append(values)
                offsets.append(offset)
            }
            self.differing = differing
            self.settings = settings
            self.offsets = offsets
            self.digits = digits
            self.spaceWide = axes.map { axis in axis.allowed.map { spaceWide($0, axis.position) } }
            foldedPositions = axes.reduce(0) {
                $1.allowed.count < 2 ? $0 : $0 | ($1.position < 64 ? 1 << UInt64($1.position) : .max)
            }
            // The member of a combination's class that takes the first allowed value on every
            // axis whose setting a group does not see (`sees`).
            func canonical(of combo: Int, sees: UInt8) -> Int {
                (0..<count).first { other in
                    axes.indices.allSatisfy { axis in
                        let (mine, theirs) = (digits[combo][axis], digits[other][axis])
                        return sees & axes[axis].setting.bit != 0 ? mine == theirs : theirs == 0
                    }
                }!
            }
            classes = (0...Int(Folding.Setting.all)).map { bits in
                var classes: [(members: UInt64, canonical: Int)] = []
                for combo in 0..<count {
                    let canonical = canonical(of: combo, sees: UInt8(bits))
                    if let place = classes.firstIndex(where: { $0.canonical == canonical }) {
                        classes[place].members |= 1 << UInt64(combo)
                    } else {
                        classes.append((1 << UInt64(combo), canonical))
                    }
                }
                return classes
            }
        }
    }

    func position(of combo: Int) -> Int { position + shape.offsets[combo] }

    func state(of combo: Int) -> BlockState {
        guard combo > 0 else { return representative }
        var changes: [(position: Int, value: Int)] = []
        for axis in shape.axes where shape.settings[combo][axis.setting] != representative.valueIndices[axis.position] {
            changes.append((axis.position, shape.settings[combo][axis.setting]))
        }
        return representative.with(changes)
    }

    func values(of combo: Int) -> [Int] {
        guard combo > 0 else { return values }
        var values = values
        for (index, axis) in shape.axes.enumerated() {
            values[axis.position] = shape.spaceWide[index][shape.digits[combo][index]]
        }
        return values
    }

    /// Counts the states of a class into `tally`: those that agree with `canonical` in the
    /// settings a group `sees` and take every allowed value of the other axes, each equally
    /// often. Counted as the representative's values, moved where the class differs from them.
    func add(classOf canonical: Int, sees: UInt8, states: Int, to tally: inout ValueTally) {
        tally.add(values, times: states)
        for (index, axis) in shape.axes.enumerated() where axis.allowed.count > 1 {
            let position = axis.position
            if sees & axis.setting.bit != 0 {
                let digit = shape.digits[canonical][index]
                guard digit != 0 else { continue }
                tally.add(-states, at: position, value: values[position])
                tally.add(states, at: position, value: shape.spaceWide[index][digit])
            } else {
                tally.add(-states, at: position, value: values[position])
                for value in shape.spaceWide[index] { tally.add(states / axis.allowed.count, at: position, value: value) }
            }
        }
    }
}
