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

    /// XPath `number(string)`: optional white space, an optional minus,
    /// digits with an optional decimal point (no exponent, no plus); NaN
    /// for anything else.
    static func parse(_ text: String) -> Double {
        let scalars = Array(text.unicodeScalars)
        var start = 0
        var end = scalars.count
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
        }
        while start < end, isSpace(scalars[start]) { start += 1 }
        while end > start, isSpace(scalars[end - 1]) { end -= 1 }
        var index = start
        var literal = ""
        if index < end, scalars[index] == "-" {
            literal.append("-")
            index += 1
        }
        var digits = 0
        var point = false
        while index < end {
            let scalar = scalars[index]
            if ("0"..."9").contains(scalar) {
                digits += 1
            } else if scalar == ".", !point {
                point = true
            } else {
                return .nan
            }
            literal.unicodeScalars.append(scalar)
            index += 1
        }
        guard digits > 0 else { return .nan }
        if literal.hasSuffix(".") { literal += "0" }
        if literal.hasPrefix(".") { literal = "0" + literal }
        if literal.hasPrefix("-.") { literal = "-0" + literal.dropFirst() }
        return Double(literal) ?? .nan
    }
}
