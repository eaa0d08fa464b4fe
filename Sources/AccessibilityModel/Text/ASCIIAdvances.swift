/// The advances of the 128 ASCII scalars at every weight, looked up once.
///
/// Nearly every label a block measures is ASCII, and for ASCII text each byte is one
/// character (only CR LF joins two, and both are invisible), so the width is a sum over
/// bytes with no grapheme breaking, no Unicode property lookup and no table search.
enum ASCIIAdvances {
    /// `advance(of:weight:)` of each ASCII scalar, weight by weight in `FontWeight.allCases`
    /// order, 128 entries per weight.
    private static let table: [Double] = FontWeight.allCases.flatMap { weight in
        (0..<128).map { TextMetrics.advance(of: Unicode.Scalar(UInt8($0)), weight: weight) }
    }

    private static func offset(of weight: FontWeight) -> Int {
        switch weight {
        case .regular: 0
        case .medium: 128
        case .semibold: 256
        case .bold: 384
        }
    }

    /// The same sum as ``TextMetrics/width(of:pointSize:weight:)``, in the same order, or
    /// nil when `text` is not all ASCII.
    static func width(of text: String, pointSize: Double, tracking: Double, weight: FontWeight) -> Double? {
        let table = table
        let base = offset(of: weight)
        var total = 0.0
        for byte in text.utf8 {
            guard byte < 0x80 else { return nil }
            let em = table[base + Int(byte)]
            if em == 0 { continue }
            total += em * pointSize + tracking
        }
        return total
    }
}
