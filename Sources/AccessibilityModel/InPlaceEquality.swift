/// Lists of model values compared where they lie.
///
/// `Array`'s own `==`, specialised for a struct of strings and lists, copies each element
/// out of its storage to compare it: every string and list the element holds is retained
/// and released again, for each element of both lists, and reading an element through a
/// buffer's subscript copies it just the same. The lists an audit compares most (an
/// element's inks and facts, a transition's motions) are equal far more often than not, so
/// those copies were most of what a comparison cost. Here each field is read where it
/// lies. `InPlaceEqualityTests` checks that every field of each type is compared, and
/// fails when one is added. Public, for types of other modules compared the same way.
public enum InPlaceEquality {
    /// Whether the lists are equal, element by element, `equal` reading each pair where it lies.
    @inlinable
    public static func equal<Element>(_ first: [Element], _ second: [Element],
                                      by equal: (UnsafePointer<Element>, UnsafePointer<Element>) -> Bool) -> Bool {
        guard first.count == second.count else { return false }
        return first.withUnsafeBufferPointer { first in
            second.withUnsafeBufferPointer { second in
                guard let a = first.baseAddress, let b = second.baseAddress, a != b else { return true }
                for index in first.indices where !equal(a + index, b + index) { return false }
                return true
            }
        }
    }
}

extension Ink {
    /// Whether two lists of inks are equal, ink by ink, without copying one; or, when
    /// `framesToo` is false, equal but for where each ink lies.
    public static func equal(_ first: [Ink], _ second: [Ink], framesToo: Bool = true) -> Bool {
        InPlaceEquality.equal(first, second) { a, b in
            (!framesToo || a.pointee.frame == b.pointee.frame) && a.pointee.kind == b.pointee.kind
                && a.pointee.foreground == b.pointee.foreground && a.pointee.background == b.pointee.background
                && a.pointee.inside == b.pointee.inside && a.pointee.pointSize == b.pointee.pointSize
                && a.pointee.text == b.pointee.text && a.pointee.token == b.pointee.token
                && a.pointee.weight == b.pointee.weight
        }
    }
}

extension Motion {
    /// Whether two lists of motions are equal, motion by motion, without copying one.
    public static func equal(_ first: [Motion], _ second: [Motion]) -> Bool {
        InPlaceEquality.equal(first, second) { a, b in
            a.pointee.duration == b.pointee.duration && a.pointee.kind == b.pointee.kind
                && a.pointee.followsFinger == b.pointee.followsFinger && a.pointee.subject == b.pointee.subject
                && a.pointee.token == b.pointee.token
        }
    }
}

extension Fact {
    /// Whether two lists of facts are equal, fact by fact, without copying one.
    public static func equal(_ first: [Fact], _ second: [Fact]) -> Bool {
        InPlaceEquality.equal(first, second) { a, b in a.pointee.name == b.pointee.name && a.pointee.value == b.pointee.value }
    }
}
