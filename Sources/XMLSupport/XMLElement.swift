/// An immutable element tree as plain values: what the project builds
/// documents from (see `XMLDocument(root:)`) and what example snippets are
/// copied out as (see `XMLNode.copy()`).
///
/// Attribute order is kept. A `text` is written before the children; an
/// empty text counts as no text. An element copied from a document whose text
/// and child elements interleave keeps their order in ``mixedContent``, for a
/// writer that must give them back as they were. Namespace declarations are
/// ordinary attributes named `xmlns` or `xmlns:prefix`.
public struct XMLElement: Sendable, Equatable {
    public var name: String
    public var attributes: [XMLAttribute]
    public var children: [XMLElement]
    public var text: String?
    /// The text and the child elements in document order, when text other than white
    /// space stands between or after child elements; nil otherwise.
    public var mixedContent: [Content]?

    /// A piece of mixed content.
    public indirect enum Content: Sendable, Equatable {
        case text(String)
        case element(XMLElement)
    }

    public init(_ name: String, attributes: [XMLAttribute] = [], children: [XMLElement] = [], text: String? = nil) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
    }

    /// The same, the attributes given as pairs (`[("id", "s1")]`).
    public init(_ name: String, attributes: [(name: String, value: String)], children: [XMLElement] = [], text: String? = nil) {
        self.init(name, attributes: attributes.map { XMLAttribute($0.name, $0.value) }, children: children, text: text)
    }

    /// Names, texts, attributes in order and children; mixed content is how the text and
    /// children were interleaved when read, not part of what the element says.
    public static func == (lhs: XMLElement, rhs: XMLElement) -> Bool {
        lhs.name == rhs.name && lhs.text == rhs.text && lhs.attributes == rhs.attributes && lhs.children == rhs.children
    }
}
