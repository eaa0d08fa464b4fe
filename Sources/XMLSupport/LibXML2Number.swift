#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A string read as a number the way libxml2's `xmlXPathStringEvalNumber` (2.9) reads it,
/// step for step, in Swift.
///
/// The native evaluator reads an attribute as a number for every node a comparison
/// meets; calling libxml2 for it cost a call and two calls of `pow` each time. The steps
/// are libxml2's, so are their roundings: the whole part is accumulated digit by digit
/// (`value * 10 + digit`), up to twenty digits of the fraction after its leading zeros are
/// accumulated likewise and divided by ten to the power of their count, and the result is
/// multiplied by ten to the power of the exponent. Ten to a power up to 22 is an exact
/// double, which libm's `pow` gives exactly (its error is under one unit in the last
/// place), so those are read from a table and larger ones from `pow` itself; without an
/// exponent the factor is exactly one and is left out. A test compares the two readings,
/// bit for bit, on a corpus of figures.
enum LibXML2Number {
    /// `10^n` for n in 0...22, each exact.
    private static let powersOfTen: [Double] = {
        var powers: [Double] = [1]
        for _ in 1...22 { powers.append(powers[powers.count - 1] * 10) }
        return powers
    }()

    private static func powerOfTen(_ exponent: Int) -> Double {
        exponent >= 0 && exponent < powersOfTen.count ? powersOfTen[exponent] : pow(10.0, Double(exponent))
    }

    /// The number a NUL-terminated string reads as; NaN for one that is not a number.
    static func value(of text: UnsafePointer<UInt8>) -> Double {
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        var index = 0
        while isBlank(text[index]) { index += 1 }
        guard text[index] == UInt8(ascii: ".") || isDigit(text[index]) || text[index] == UInt8(ascii: "-") else { return .nan }
        let isNegative = text[index] == UInt8(ascii: "-")
        if isNegative { index += 1 }
        var value = 0.0
        var hasDigits = false
        while isDigit(text[index]) {
            value = value * 10
            value = value + Double(text[index] - UInt8(ascii: "0"))
            hasDigits = true
            index += 1
        }
        if text[index] == UInt8(ascii: ".") {
            index += 1
            if !isDigit(text[index]) && !hasDigits { return .nan }
            var digits = 0
            while text[index] == UInt8(ascii: "0") {
                digits += 1
                index += 1
            }
            let limit = digits + 20
            var fraction = 0.0
            while isDigit(text[index]) && digits < limit {
                fraction = fraction * 10 + Double(text[index] - UInt8(ascii: "0"))
                digits += 1
                index += 1
            }
            fraction /= powerOfTen(digits)
            value = value + fraction
            while isDigit(text[index]) { index += 1 }
        }
        var exponent = 0
        if text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
            index += 1
            let isNegativeExponent = text[index] == UInt8(ascii: "-")
            if isNegativeExponent || text[index] == UInt8(ascii: "+") { index += 1 }
            while isDigit(text[index]) {
                if exponent < 1_000_000 { exponent = exponent * 10 + Int(text[index] - UInt8(ascii: "0")) }
                index += 1
            }
            if isNegativeExponent { exponent = -exponent }
        }
        while isBlank(text[index]) { index += 1 }
        guard text[index] == 0 else { return .nan }
        if isNegative { value = -value }
        if exponent != 0 { value *= powerOfTen(exponent) }
        return value
    }
}
