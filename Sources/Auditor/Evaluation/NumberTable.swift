extension Array where Element == Int {
    /// Extends a table indexed by number with -1 ("not worked out yet") until it holds
    /// `number`. Numbers are handed out in order, so the table mostly grows by one, which
    /// `append` does in a few instructions where appending a repeated sequence takes a
    /// hundred.
    mutating func extendUnknown(through number: Int) {
        while count <= number { append(-1) }
    }
}
