/// A lazily enumerated set of states: per region, the product of the allowed values of
/// each dimension.
///
/// Random access by position lets the engine hand out chunks to workers without ever
/// holding more than one state per worker.
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
        endIndex = total
    }

    public var startIndex: Int { 0 }

    public subscript(position: Int) -> BlockState {
        precondition(position >= 0 && position < endIndex, "state position out of range")
        var part = parts.count - 1
        while starts[part] > position { part -= 1 }
        let allowed = parts[part].allowed
        var remainder = position - starts[part]
        var indices = [Int](repeating: 0, count: allowed.count)
        for dimension in allowed.indices.reversed() {
            let domain = allowed[dimension]
            indices[dimension] = domain[remainder % domain.count]
            remainder /= domain.count
        }
        return BlockState(dimensions: parts[part].dimensions, valueIndices: indices)
    }
}
