/// Folds numbers into one word, which a `Hasher` then takes once: hashing each field of a
/// value on its own costs a round of the hasher apiece, and values met for the first time
/// are hashed for every state. Equal values fold equally (a zero counts as positive, as
/// `==` sees it), so a type may hash through it and still compare every field. Shared by
/// the modules of this package (the kit keys its renders with it, the auditor its children).
package struct HashMix {
    package private(set) var value: UInt64 = 0

    package init() {}

    package mutating func add(_ number: Int) {
        value = (value ^ UInt64(bitPattern: Int64(number))) &* 0x9E37_79B9_7F4A_7C15
        value ^= value >> 29
    }

    package mutating func add(_ number: Double?) {
        add(number.map { Int(bitPattern: UInt(($0 + 0).bitPattern)) } ?? 0x7FF8_DEAD)
    }

    package mutating func add(_ rect: Rect?) {
        add(rect?.x)
        add(rect?.y)
        add(rect?.width)
        add(rect?.height)
    }

    package mutating func add(_ colour: SRGBColor?) {
        add(colour?.red)
        add(colour?.green)
        add(colour?.blue)
        add(colour?.alpha)
    }

    /// An element apart from its id and where it is placed: its order, the lengths of its
    /// texts, its traits, how many facts and actions it has, and its inks' colours, sizes
    /// and the lengths of their texts. An element's inks differ between the colour settings
    /// of one render, where nothing else does: without their colours those elements would
    /// share a hash. The element is read where it lies, not copied.
    package mutating func add(contentOf element: UnsafePointer<AccessibilityElement>, order: Int) {
        add(order)
        add(element.pointee.label.utf8.count << 40 ^ element.pointee.value.utf8.count << 20 ^ element.pointee.hint.utf8.count)
        add(Int(element.pointee.traits.rawValue) << 1 | (element.pointee.isHidden ? 1 : 0))
        add(element.pointee.facts.count << 16 ^ element.pointee.customActions.count)
        add(element.pointee.inks.count)
        for index in element.pointee.inks.indices {
            add(element.pointee.inks[index].foreground)
            add(element.pointee.inks[index].background)
            add(element.pointee.inks[index].inside)
            add(element.pointee.inks[index].pointSize)
            add(element.pointee.inks[index].text.utf8.count << 20 ^ element.pointee.inks[index].token.utf8.count)
        }
    }

    /// FNV-1a over a string's UTF-8 bytes: strings of equal bytes mix equally. Strings equal
    /// only as Swift compares them (canonically equivalent, other bytes) may not: a search by
    /// the mix then misses and files the string again, and never finds a wrong one. A short
    /// list of strings searched by it costs less than hashing each string with a `Hasher`.
    @inlinable package static func mix(ofBytesOf string: String) -> UInt64 {
        var string = string
        return string.withUTF8 { bytes in
            var mix: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes { mix = (mix ^ UInt64(byte)) &* 0x100_0000_01B3 }
            return mix
        }
    }

    /// A string by its bytes' mix (``mix(ofBytesOf:)``): strings of equal bytes add equally.
    @inlinable package mutating func add(bytesOf string: String) {
        add(Int(bitPattern: UInt(Self.mix(ofBytesOf: string))))
    }

    /// The mix as a whole number, as tables by hash file it.
    @inlinable package var number: Int { Int(bitPattern: UInt(value)) }

    package mutating func add(_ numbers: [Int]) {
        add(numbers.count)
        for number in numbers { add(number) }
    }
}
