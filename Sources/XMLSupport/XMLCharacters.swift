@preconcurrency internal import CLibXML2

/// Characters XML 1.0 allows (`Char` production). Swift strings cannot hold
/// lone surrogates, so what can go wrong is C0 controls other than tab, line
/// feed and carriage return (NUL and ESC included) and U+FFFE/U+FFFF.
enum XMLCharacters {
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// `string` without the characters XML 1.0 forbids.
    static func sanitized(_ string: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in string.unicodeScalars where isAllowed(scalar) {
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// Whether UTF-8 `bytes` contain a forbidden character. A byte scan, so
    /// the common clean case costs next to nothing.
    @inline(__always)
    static func containsForbidden(_ bytes: UnsafePointer<UInt8>, count: Int) -> Bool {
        var index = 0
        while index < count {
            let byte = bytes[index]
            if byte < 0x20 {
                if byte != 0x9 && byte != 0xA && byte != 0xD { return true }
            } else if byte == 0xEF, index + 2 < count, bytes[index + 1] == 0xBF,
                      bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF {
                return true
            }
            index += 1
        }
        return false
    }
}

/// Calls `body` with `string` as a NUL-terminated libxml2 string, minus any
/// character XML 1.0 forbids (an embedded NUL would otherwise cut it short).
/// Clean native strings are passed without copying.
@inline(__always)
func withXMLChars<R>(_ string: String, _ body: (UnsafePointer<xmlChar>) -> R) -> R {
    let count = string.utf8.count
    let direct: R? = string.withCString { cString in
        let bytes = UnsafeRawPointer(cString).assumingMemoryBound(to: xmlChar.self)
        return XMLCharacters.containsForbidden(bytes, count: count) ? nil : body(bytes)
    }
    if let direct { return direct }
    return XMLCharacters.sanitized(string).withCString { cString in
        body(UnsafeRawPointer(cString).assumingMemoryBound(to: xmlChar.self))
    }
}

/// Whether two NUL-terminated libxml2 strings hold the same bytes, as `xmlStrEqual` tells.
/// Compared here, in line: names are compared for every node a path walks, and most are
/// short ("element", "fact"), where the call cost more than the comparison.
@inline(__always)
func sameXMLChars(_ first: UnsafePointer<xmlChar>, _ second: UnsafePointer<xmlChar>) -> Bool {
    var index = 0
    while true {
        let byte = first[index]
        guard byte == second[index] else { return false }
        if byte == 0 { return true }
        index += 1
    }
}
