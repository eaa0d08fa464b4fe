/// XPath 1.0 conversions between numbers and strings, done in Swift so that
/// `XPathValue` behaves the same whatever produced it.
enum XPathNumber {
    /// XPath `string(number)`: `NaN`, `Infinity`, `-Infinity`; integers
    /// without decimal point (`-0` as `0`); others in plain decimal notation
    /// with as many digits as needed to tell the double apart, never with an
    /// exponent.
    static func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "Infinity" : "-Infinity" }
        if value == 0 { return "0" }
        if value.rounded(.towardZero) == value, abs(value) < 1e18 {
            return String(Int64(value))
        }
        return (value < 0 ? "-" : "") + expandExponent("\(abs(value))")
    }

    /// Rewrites Swift's shortest representation ("1.5e-07", "1e+20",
    /// "123.25") without exponent.
    private static func expandExponent(_ text: String) -> String {
        let parts = text.split(separator: "e", maxSplits: 1)
        let mantissa = parts[0]
        let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        let digits = Array(mantissa.filter { $0 != "." })
        let point = (mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) } ?? mantissa.count) + exponent
        var integer: String
        var fraction: String
        if point <= 0 {
            integer = "0"
            fraction = String(repeating: "0", count: -point) + String(digits)
        } else if point >= digits.count {
            integer = String(digits) + String(repeating: "0", count: point - digits.count)
            fraction = ""
        } else {
            integer = String(digits[..<point])
            fraction = String(digits[point...])
        }
        while integer.count > 1, integer.first == "0" { integer.removeFirst() }
        while fraction.last == "0" { fraction.removeLast() }
        return fraction.isEmpty ? integer : integer + "." + fraction
    }

    /// Up to this many digits a decimal reads exactly as a whole number over a power of ten.
    private static let exactDigits = 15
    private static let powersOfTen: [Double] = (0...exactDigits).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }

    /// XPath `number(string)` as libxml2 reads it: optional white space, an
    /// optional minus, digits with an optional decimal point, then an optional
    /// exponent (`e` or `E`, an optional sign, digits: "1e3" is 1000, and "1e"
    /// is 1); no plus before the number; NaN for anything else. The
    /// recommendation's grammar has no exponent, but libxml2 evaluates every
    /// expression this project does not (`NativeExpression`), so a figure must
    /// read alike in both. The value is the nearest double to the decimal.
    /// Every character it accepts is ASCII, so it reads the UTF-8 bytes: rule
    /// functions parse numbers per node.
    static func parse(_ text: String) -> Double {
        var text = text
        return text.withUTF8(parse(utf8:))
    }

    static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Double {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        let negative = start < end && bytes[start] == UInt8(ascii: "-")
        let body = negative ? start + 1 : start
        var digits = 0
        var point: Int?
        var mantissa: UInt64 = 0
        var exponent: Int?
        scan: for index in body..<end {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                if digits <= exactDigits { mantissa = mantissa * 10 + UInt64(bytes[index] - UInt8(ascii: "0")) }
            case UInt8(ascii: ".") where point == nil: point = index
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                exponent = index
                break scan
            default: return .nan
            }
        }
        guard digits > 0 else { return .nan }
        if let exponent {
            return parse(utf8: bytes, mantissa: body..<exponent, point: point, exponent: exponent + 1..<end, negative: negative)
        }
        if digits <= exactDigits {
            // Both the digits as a whole number and the power of ten are exact doubles, and
            // a division is correctly rounded: the quotient is the nearest double to the
            // decimal, as `Double(_:)` would read it (Clinger's fast path).
            let scaled = Double(mantissa) / powersOfTen[point.map { end - 1 - $0 } ?? 0]
            return negative ? -scaled : scaled
        }
        // Swift's `Double(_:)` wants a digit on each side of the point.
        var literal = negative ? "-" : ""
        if point == body { literal += "0" }
        literal += String(decoding: UnsafeBufferPointer(rebasing: bytes[body..<end]), as: UTF8.self)
        if point == end - 1 { literal += "0" }
        return Double(literal) ?? .nan
    }

    /// A decimal with an exponent (the mantissa's digits already checked): NaN unless the
    /// exponent is an optional sign and digits, none of them meaning 0 as libxml2 reads it.
    private static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>, mantissa: Range<Int>, point: Int?,
                              exponent: Range<Int>, negative: Bool) -> Double {
        var digits = exponent
        if let sign = digits.first, bytes[sign] == UInt8(ascii: "-") || bytes[sign] == UInt8(ascii: "+") {
            digits = digits.dropFirst()
        }
        guard digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[$0]) }) else { return .nan }
        // Swift's `Double(_:)` wants a digit on each side of the point and one after the `e`.
        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        var literal = negative ? "-" : ""
        if point == mantissa.lowerBound { literal += "0" }
        literal += text(mantissa)
        if point == mantissa.upperBound - 1 { literal += "0" }
        if !digits.isEmpty { literal += "e" + text(exponent) }
        return Double(literal) ?? .nan
    }
}
