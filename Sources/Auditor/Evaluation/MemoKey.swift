import XMLSupport

/// Gives every distinct child of a state document a small number, so that memo keys are
/// short arrays of numbers instead of documents.
///
/// Interning is exact: a child gets an existing number only when it is equal, attribute
/// for attribute, to the child that number stands for, so keys built from numbers are as
/// exact as the documents, and a memo hit can never change a finding.
struct Interner {
    private struct Entry: Hashable {
        let element: XMLElement

        static func == (lhs: Entry, rhs: Entry) -> Bool { lhs.element == rhs.element }

        func hash(into hasher: inout Hasher) { Self.hash(element, into: &hasher) }

        private static func hash(_ element: XMLElement, into hasher: inout Hasher) {
            hasher.combine(element.name)
            hasher.combine(element.attributes.count)
            for attribute in element.attributes { hasher.combine(attribute.value) }
            hasher.combine(element.text)
            hasher.combine(element.children.count)
            for child in element.children { hash(child, into: &hasher) }
        }
    }

    private var numbers: [Entry: Int] = [:]

    var count: Int { numbers.count }

    mutating func number(for element: XMLElement) -> Int {
        let entry = Entry(element: element)
        if let known = numbers[entry] { return known }
        numbers[entry] = numbers.count
        return numbers.count - 1
    }

    mutating func removeAll() { numbers.removeAll(keepingCapacity: true) }
}

/// What a group of rules can see of one state: the numbers of the children it may read,
/// the parameters it reads, and the state id when it reads it. A local group's key names
/// the environment and one unit; a document-wide group's key names every child.
struct MemoKey: Hashable {
    var parameters: [String]
    var stateID: String = ""
    var environment: Int = -1
    var unit: Int = -1
    var children: [Int] = []
}
