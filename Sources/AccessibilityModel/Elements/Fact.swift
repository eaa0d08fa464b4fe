/// A named fact a model records beside the accessibility tree: a theme token, a font, a
/// count. Facts become attributes in state documents, so block contracts can check them.
public struct Fact: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
