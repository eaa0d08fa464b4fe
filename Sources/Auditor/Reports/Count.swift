/// A count and its noun, as console text reads it: "1 block", "203,088 states".
///
/// The number is grouped in thousands with commas whatever the locale, so console output
/// (and the tests reading it) is the same on every machine.
public struct Count: CustomStringConvertible, Sendable {
    public var number: Int
    public var singular: String
    public var plural: String

    public init(_ number: Int, _ singular: String, plural: String? = nil) {
        self.number = number
        self.singular = singular
        self.plural = plural ?? singular + "s"
    }

    public var description: String { "\(Self.grouped(number)) \(number == 1 ? singular : plural)" }

    /// `203088` as `203,088`; negative numbers keep their sign.
    public static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return number < 0 ? "-" + result : result
    }
}
