/// One attribute of an ``XMLElement``, its name and its value.
///
/// A struct rather than a `(name:value:)` tuple: a list of tuples is copied and torn down
/// through the generic witness of tuples, which reaches each field through the witness of
/// its type, where a struct's list is handled by code made for it. Documents kept between
/// states are written from lists of these, element after element, state after state.
public struct XMLAttribute: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
