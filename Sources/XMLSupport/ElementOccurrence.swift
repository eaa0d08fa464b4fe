@preconcurrency internal import CLibXML2

/// Which element of a document an error is about, in terms that can be found
/// again in the source text: its qualified name and its position among all
/// elements in document order (the same order as start tags in the source).
struct ElementOccurrence: Equatable {
    var qualifiedName: String
    var ordinal: Int

    /// Describes `node` if it is an element of a document; walks the tree
    /// from the root, so only use it on error paths.
    init?(_ node: xmlNodePtr) {
        guard node.pointee.type == XML_ELEMENT_NODE,
              let doc = node.pointee.doc,
              let root = xmlDocGetRootElement(doc),
              let ordinal = Self.ordinal(of: node, from: root)
        else { return nil }
        self.qualifiedName = node.qualifiedName
        self.ordinal = ordinal
    }

    /// Index of `target` among elements in document order, counting from `root`.
    private static func ordinal(of target: xmlNodePtr, from root: xmlNodePtr) -> Int? {
        var ordinal = 0
        var current: xmlNodePtr? = root
        while let node = current {
            if node == target { return ordinal }
            if node.pointee.type == XML_ELEMENT_NODE {
                ordinal += 1
                if let child = node.pointee.children {
                    current = child
                    continue
                }
            }
            var climber = node
            while climber.pointee.next == nil {
                guard let parent = climber.pointee.parent, parent != root.pointee.parent else { return nil }
                climber = parent
            }
            current = climber.pointee.next
        }
        return nil
    }
}
