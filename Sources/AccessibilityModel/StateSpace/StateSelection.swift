/// A lazily enumerated set of states: per region, the product of the allowed values of
/// each dimension.
///
/// Random access by position lets the engine hand out chunks to workers without ever
/// holding more than one state per worker. A strided view (``strided(from:by:)``) is one
/// job's share when an audit is split across CI jobs, still without listing any state.
public struct StateSelection: Sendable, RandomAccessCollection {
    struct Part: Sendable {
        let dimensions: [Dimension]
        /// Allowed value indices per dimension, in dimension order.
        let allowed: [[Int]]
        var count: Int { allowed.reduce(1) { $0 * $1.count } }
    }

    let parts: [Part]
    /// Where each part starts among the selection's positions.
    private let starts: [Int]
    /// The states of the whole selection, before any striding.
    private let total: Int
    /// Position `i` of this view is position `offset + i * step` of the whole selection.
    private let offset: Int
    private let step: Int
    public let endIndex: Int

    init(parts: [Part]) {
        self.parts = parts
        var starts: [Int] = []
        var total = 0
        for part in parts {
            starts.append(total)
            total += part.count
        }
        self.starts = starts
        self.total = total
        offset = 0
        step = 1
        endIndex = total
    }

    private init(_ base: StateSelection, offset: Int, step: Int) {
        parts = base.parts
        starts = base.starts
        total = base.total
        self.offset = offset
        self.step = step
        endIndex = offset < total ? (total - offset + step - 1) / step : 0
    }

    public var startIndex: Int { 0 }

    /// Every `step`-th state, starting at position `start`: with `step` N and `start` 0…N-1,
    /// N views that hold each state exactly once between them.
    public func strided(from start: Int, by step: Int) -> StateSelection {
        precondition(start >= 0 && step >= 1, "a stride starts at 0 or later and steps by 1 or more")
        return StateSelection(self, offset: offset + start * self.step, step: self.step * step)
    }

    /// The position in the whole, unstrided selection of this view's `position`: the same
    /// state's number in every view, so samples order alike across jobs.
    public func basePosition(_ position: Int) -> Int { offset + position * step }

    /// Where `state` is in this view, or nil when the view does not hold it.
    public func position(of state: BlockState) -> Int? {
        for (index, part) in parts.enumerated() where part.dimensions == state.dimensions {
            var number = 0
            var matches = true
            for (dimension, allowed) in part.allowed.enumerated() {
                guard let digit = allowed.firstIndex(of: state.valueIndices[dimension]) else {
                    matches = false
                    break
                }
                number = number * allowed.count + digit
            }
            guard matches else { continue }
            let base = starts[index] + number
            guard base >= offset, (base - offset) % step == 0 else { return nil }
            return (base - offset) / step
        }
        return nil
    }

    /// How many states from `position` on, itself included, differ from its state only in
    /// the last `trailing` dimensions of its region: they follow one another, the last
    /// dimension fastest, to the end of the block they share. 1 in a strided view, whose
    /// neighbours are other jobs'.
    public func run(from position: Int, trailing: Int) -> Int {
        guard step == 1, trailing > 0 else { return 1 }
        let located = part(at: basePosition(position))
        let block = parts[located.part].allowed.suffix(trailing).reduce(1) { $0 * $1.count }
        return block - located.offset % block
    }

    /// The allowed value indices of the last `trailing` dimensions of the region of the
    /// state at `position`.
    public func allowed(at position: Int, trailing: Int) -> [[Int]] {
        guard trailing > 0 else { return [] }
        return Array(parts[part(at: basePosition(position)).part].allowed.suffix(trailing))
    }

    /// The allowed value indices of each dimension of the region of the state at `position`,
    /// in dimension order; nil in a strided view, whose neighbours are other jobs'. The
    /// states that differ from that state only at some dimensions lie `stride` apart per
    /// value there, a dimension's stride being the product of the counts after it.
    public func allowedValues(at position: Int) -> [[Int]]? {
        guard step == 1 else { return nil }
        return parts[part(at: basePosition(position)).part].allowed
    }

    /// The positions divided into `shares` lists of runs by the value of the dimension
    /// `name`: the states of one value of it go to one share, the values dealt out in turn,
    /// so that no two shares meet the states of the same value. A run is the states that
    /// agree on every dimension up to and including `name` (the dimensions after it vary
    /// within it), in position order; neighbouring runs of one share are joined. A part
    /// without the dimension, or with one value of it allowed, is cut into `shares`
    /// contiguous ranges instead. Nil in a strided view, whose neighbours are other jobs'.
    public func shares(_ shares: Int, dealingOut name: String) -> [[Range<Int>]]? {
        guard step == 1, shares >= 1 else { return nil }
        var result = [[Range<Int>]](repeating: [], count: shares)
        func add(_ range: Range<Int>, to share: Int) {
            guard !range.isEmpty else { return }
            if let last = result[share].last, last.upperBound == range.lowerBound {
                result[share][result[share].count - 1] = last.lowerBound..<range.upperBound
            } else {
                result[share].append(range)
            }
        }
        for (index, part) in parts.enumerated() {
            let start = starts[index], count = part.count
            guard let dimension = part.dimensions.firstIndex(where: { $0.name == name }),
                  part.allowed[dimension].count >= 2 else {
                for share in 0..<shares { add(start + count * share / shares..<start + count * (share + 1) / shares, to: share) }
                continue
            }
            let length = part.allowed[(dimension + 1)...].reduce(1) { $0 * $1.count }
            let values = part.allowed[dimension].count
            for run in 0..<(length == 0 ? 0 : count / length) {
                add(start + run * length..<start + (run + 1) * length, to: run % values % shares)
            }
        }
        return result
    }

    /// The part holding the whole selection's position `base`, and the position in it.
    private func part(at base: Int) -> (part: Int, offset: Int) {
        var part = parts.count - 1
        while starts[part] > base { part -= 1 }
        return (part, base - starts[part])
    }

    /// The state of the selection that agrees with `state` but takes, at each dimension
    /// position in `folded` (positions in the state's region), the first value the
    /// selection allows: the one state an auditor evaluates in full for all the states that
    /// differ from it only there. Nil when the state is not in the selection's parts.
    /// Striding is ignored: the representative of one job's state may be another job's.
    public func representative(of state: BlockState, folding folded: [Int]) -> BlockState? {
        guard let part = parts.first(where: { $0.dimensions == state.dimensions }) else { return nil }
        var indices = state.valueIndices
        for position in folded {
            guard let first = part.allowed[position].first else { return nil }
            indices[position] = first
        }
        return BlockState(dimensions: part.dimensions, valueIndices: indices)
    }

    public subscript(position: Int) -> BlockState {
        precondition(position >= 0 && position < endIndex, "state position out of range")
        let located = part(at: basePosition(position))
        let allowed = parts[located.part].allowed
        var remainder = located.offset
        var indices = [Int](repeating: 0, count: allowed.count)
        for dimension in allowed.indices.reversed() {
            let domain = allowed[dimension]
            indices[dimension] = domain[remainder % domain.count]
            remainder /= domain.count
        }
        return BlockState(dimensions: parts[located.part].dimensions, valueIndices: indices)
    }

    /// The state at `position`, given `previous`, the state at `position - 1`: the last
    /// dimension steps on to its next allowed value, carrying into the ones before it as an
    /// odometer does, instead of every dimension's value being divided out of the position.
    /// An auditor walking its positions in order asks for every state this way.
    public func state(at position: Int, after previous: BlockState) -> BlockState {
        var state = previous
        advance(&state, to: position)
        return state
    }

    /// Makes `state`, the state at `position`, the state at `target`, a later position: the
    /// difference added to its values as an odometer adds, the last dimension fastest. An
    /// auditor that skips the states counted with another steps on this way.
    public func advance(_ state: inout BlockState, from position: Int, to target: Int) {
        guard step == 1, target > position else {
            state = self[target]
            return
        }
        let located = part(at: basePosition(target))
        let allowed = parts[located.part].allowed
        guard located.offset >= target - position, state.valueIndices.count == allowed.count,
              state.dimensions == parts[located.part].dimensions else {
            state = self[target]
            return
        }
        var carry = target - position
        for dimension in allowed.indices.reversed() where carry > 0 {
            let domain = allowed[dimension]
            guard let digit = domain.firstIndex(of: state.valueIndices[dimension]) else {
                state = self[target]
                return
            }
            let sum = digit + carry
            state.valueIndices[dimension] = domain[sum % domain.count]
            carry = sum / domain.count
        }
    }

    /// Makes `state`, the state at `position - 1`, the state at `position`, as
    /// ``state(at:after:)`` does, in place: a state no one else holds changes its values
    /// where they lie instead of making a new array for each position.
    public func advance(_ state: inout BlockState, to position: Int) {
        guard step == 1, position > 0 else {
            state = self[position]
            return
        }
        let located = part(at: basePosition(position))
        let allowed = parts[located.part].allowed
        // The first state of a part starts afresh; so does a state not of this part.
        guard located.offset > 0, state.valueIndices.count == allowed.count,
              state.dimensions == parts[located.part].dimensions else {
            state = self[position]
            return
        }
        for dimension in allowed.indices.reversed() {
            let domain = allowed[dimension]
            guard let digit = domain.firstIndex(of: state.valueIndices[dimension]) else {
                state = self[position]
                return
            }
            if digit + 1 < domain.count {
                state.valueIndices[dimension] = domain[digit + 1]
                return
            }
            state.valueIndices[dimension] = domain[0]
        }
        state = self[position]
    }
}
