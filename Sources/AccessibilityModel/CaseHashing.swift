extension Hasher {
    /// Combines a raw-value enum by its case rather than by its raw string, as
    /// `RawRepresentable`'s default `hash(into:)` would: the enums that key environments,
    /// render identities, inks and transitions are hashed for every one looked up, and a
    /// string costs a round of the hasher per few letters.
    ///
    /// A raw-value enum carries no payload, so it is stored as its case's tag alone: equal
    /// cases have equal bytes, and distinct cases distinct ones (`CaseHashingTests`).
    mutating func combine<Case: RawRepresentable>(caseOf value: Case) {
        withUnsafeBytes(of: value) { bytes in
            for byte in bytes { combine(byte) }
        }
    }
}
