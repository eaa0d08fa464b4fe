import AccessibilityModel
import Testing

/// SF Pro's tracking as dynamic-type.md prints it, transcribed independently of
/// the implementation: (point size, 1/1000 em, points where the document gives them).
private let documentedTracking: [(size: Double, thousandths: Double, points: Double?)] = [
    (12, 0, nil), (13, -6, -0.08), (14, -11, -0.15), (15, -16, -0.23), (16, -20, -0.31),
    (17, -26, -0.43), (19, -24, -0.45), (20, -23, -0.45), (21, -18, -0.36), (22, -12, -0.26),
    (23, -4, -0.10), (24, 3, nil), (25, 6, nil), (28, 14, 0.38), (33, 12, nil), (40, 10, nil),
    (48, 8, nil), (53, 6, nil), (60, 4, nil),
]

/// Body's point sizes from xSmall to AX5 (dynamic-type.md).
private let bodySizes: [Double] = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]

/// Capsize's English weighting, weighted sum of advances (as capsize computes it).
private func weightedAverage(_ weight: FontWeight) -> Double {
    TextMetricsTable.frequencyWeights.reduce(0) { sum, entry in
        sum + entry.weight * TextMetrics.advance(of: Unicode.Scalar(entry.scalar)!, weight: weight)
    }
}

@Suite("Text metrics")
struct TextMetricsTests {
    // MARK: The table

    @Test("weighted average at regular is SF's 0.417 em")
    func regularAverageMatchesSF() {
        #expect(abs(weightedAverage(.regular) - 0.417) <= 0.002)
        #expect(abs(weightedAverage(.regular) - TextMetricsTable.targetAverage) <= 0.0001)
    }

    @Test("the weighting is English letters plus space and sums to 1")
    func weighting() {
        let scalars = Set(TextMetricsTable.frequencyWeights.map(\.scalar))
        let expected = Set((UInt32(0x61)...0x7A).map { $0 } + [0x20])
        #expect(scalars == expected)
        let total = TextMetricsTable.frequencyWeights.reduce(0) { $0 + $1.weight }
        #expect(abs(total - 1) < 0.001)
    }

    @Test("the fallback is each weight's average, and averages grow with weight")
    func fallbackIsAverage() {
        var previous = 0.0
        for weight in FontWeight.allCases {
            let average = weightedAverage(weight)
            #expect(abs(TextMetrics.fallbackAdvance(for: weight) - average) < 0.0001, "\(weight)")
            #expect(average > previous, "\(weight)")
            previous = average
        }
    }

    @Test("the table is sorted and complete for every weight")
    func tableShape() {
        let scalars = TextMetricsTable.scalars
        #expect(zip(scalars, scalars.dropFirst()).allSatisfy { $0 < $1 })
        for advances in [TextMetricsTable.regular, TextMetricsTable.medium,
                         TextMetricsTable.semibold, TextMetricsTable.bold] {
            #expect(advances.count == scalars.count)
            #expect(advances.allSatisfy { $0 >= 0 && $0 < 1.5 })
        }
        for scalar in UInt32(0x20)...0x7E {
            #expect(scalars.contains(scalar), "U+\(String(scalar, radix: 16))")
        }
        for character in "’‘“”…–—×•·éèáàöüñçÀÉÖØßæœłš€™←→✓" {
            #expect(TextMetrics.isMeasured(character), "\(character)")
        }
    }

    // MARK: Widths

    @Test("empty string is 0")
    func emptyIsZero() {
        for weight in FontWeight.allCases {
            #expect(TextMetrics.width(of: "", pointSize: 17, weight: weight) == 0)
        }
    }

    @Test("widths grow with weight", arguments: ["Filters", "For You", "Settings", "Music"])
    func widthGrowsWithWeight(text: String) {
        for size in [12.0, 17, 28, 53] {
            let widths = FontWeight.allCases.map { TextMetrics.width(of: text, pointSize: size, weight: $0) }
            #expect(zip(widths, widths.dropFirst()).allSatisfy { $0 < $1 }, "\(text) at \(size): \(widths)")
        }
    }

    @Test("widths grow with size", arguments: FontWeight.allCases)
    func widthGrowsWithSize(weight: FontWeight) {
        for text in ["Filters", "Food", "i", "Terms of Service"] {
            let sizes = (8...80).map(Double.init) + bodySizes.map { $0 + 0.5 }
            let widths = sizes.sorted().map { TextMetrics.width(of: text, pointSize: $0, weight: weight) }
            #expect(zip(widths, widths.dropFirst()).allSatisfy { $0 < $1 }, "\(text)")
        }
    }

    @Test("width is the sum of advances plus per-character tracking")
    func widthComposition() {
        let size = 17.0
        let advances = "Food".map { TextMetrics.advance(of: $0, weight: .regular) }
        let expected = advances.reduce(0, +) * size + 4 * TextMetrics.tracking(atPointSize: size)
        #expect(abs(TextMetrics.width(of: "Food", pointSize: size, weight: .regular) - expected) < 1e-9)
        // Widths add up over concatenation: tracking is per character, not per gap.
        let whole = TextMetrics.width(of: "For You", pointSize: size, weight: .semibold)
        let parts = TextMetrics.width(of: "For", pointSize: size, weight: .semibold)
            + TextMetrics.width(of: " You", pointSize: size, weight: .semibold)
        #expect(abs(whole - parts) < 1e-9)
    }

    @Test("unknown characters use the fallback advance")
    func unknownUsesFallback() {
        for weight in FontWeight.allCases {
            for character in ["漢", "Ω", "\u{E000}"] as [Character] {
                #expect(!TextMetrics.isMeasured(character))
                #expect(TextMetrics.advance(of: character, weight: weight) == TextMetrics.fallbackAdvance(for: weight))
                let expected = TextMetrics.fallbackAdvance(for: weight) * 17 + TextMetrics.tracking(atPointSize: 17)
                #expect(abs(TextMetrics.width(of: String(character), pointSize: 17, weight: weight) - expected) < 1e-9)
            }
        }
        #expect(abs(TextMetrics.fallbackAdvance(for: .regular) - 0.417) <= 0.002)
    }

    @Test("invisible characters add nothing; combining marks measure as the base")
    func invisibleAndCombining() {
        let plain = TextMetrics.width(of: "ab", pointSize: 17, weight: .regular)
        #expect(TextMetrics.width(of: "a\u{200B}b", pointSize: 17, weight: .regular) == plain)
        #expect(TextMetrics.width(of: "a\u{00AD}b\n", pointSize: 17, weight: .regular) == plain)
        let precomposed = TextMetrics.width(of: "caf\u{E9}", pointSize: 17, weight: .regular)
        let decomposed = TextMetrics.width(of: "cafe\u{301}", pointSize: 17, weight: .regular)
        #expect(abs(precomposed - decomposed) < 1e-9)
    }

    @Test("glyph proportions are sane")
    func proportions() {
        func em(_ c: Character) -> Double { TextMetrics.advance(of: c, weight: .regular) }
        #expect(em("M") > em("n") && em("n") > em("i"))
        #expect(em("W") > em("V") && em("m") > em("n"))
        #expect(em(" ") < em("a") && em(".") < em("a"))
        #expect(em("—") > em("–") && em("–") > em("-"))
    }

    /// Anchors derived, not measured: no SF widths are published. The
    /// generator's --cross-check fonts (Roboto, Liberation Sans, Noto Sans,
    /// Open Sans, DejaVu Sans), each scaled to SF's 0.417 em average and given
    /// SF's tracking, put "Filters" at 17 pt regular between 38.8 and 40.9 pt:
    /// it is mostly narrow letters (i, l, t, r), so it falls below
    /// 7 × 0.417 × 17 ≈ 49.6 pt. The bounds widen that range by the 5 % bound
    /// and a margin.
    @Test("sanity anchors")
    func anchors() {
        let filters = TextMetrics.width(of: "Filters", pointSize: 17, weight: .regular)
        #expect(filters > 36 && filters < 46, "\(filters)")
        // Same derivation: "Trending" 56.3–59.4 pt, "Food" 31.8–34.8 pt at 17 pt regular.
        let trending = TextMetrics.width(of: "Trending", pointSize: 17, weight: .regular)
        #expect(trending > 53 && trending < 63, "\(trending)")
        let food = TextMetrics.width(of: "Food", pointSize: 17, weight: .regular)
        #expect(food > 30 && food < 37, "\(food)")
        // Lower-case-and-space text at regular averages about the table's 0.417 em.
        let pangram = "the quick brown fox jumps over the lazy dog"
        let perCharacter = TextMetrics.width(of: pangram, pointSize: 12, weight: .regular) / Double(pangram.count) / 12
        #expect(perCharacter > 0.38 && perCharacter < 0.46, "\(perCharacter)")
        // One "i" at body size is a few points; "OK" in headline at the default
        // size is about half a 44 pt target; "Terms of Service" is wider than
        // 44 pt at every body size.
        let i = TextMetrics.width(of: "i", pointSize: 17, weight: .regular)
        #expect(i > 2 && i < 6, "\(i)")
        let ok = TextMetrics.width(of: "OK", pointSize: 17, weight: .semibold)
        #expect(ok > 16 && ok < 28, "\(ok)")
        for size in bodySizes {
            #expect(TextMetrics.width(of: "Terms of Service", pointSize: size, weight: .regular) > 44)
        }
    }

    // MARK: Tracking

    @Test("tracking matches dynamic-type.md at listed sizes", arguments: documentedTracking.indices)
    func trackingAtListedSizes(index: Int) {
        let row = documentedTracking[index]
        let tracking = TextMetrics.tracking(atPointSize: row.size)
        #expect(abs(tracking - row.thousandths * row.size / 1000) < 1e-9)
        if let points = row.points {
            #expect(abs(tracking - points) <= 0.02, "\(row.size) pt: \(tracking) vs \(points)")
        }
    }

    @Test("tracking interpolates between listed sizes and clamps outside")
    func trackingInterpolatesAndClamps() {
        // 18 pt: halfway between −26 (17) and −24 (19) → −25/1000 em.
        #expect(abs(TextMetrics.tracking(atPointSize: 18) - (-25 * 18 / 1000)) < 1e-9)
        // 26 pt: a third of the way from +6 (25) to +14 (28).
        #expect(abs(TextMetrics.tracking(atPointSize: 26) - ((6 + 8.0 / 3) * 26 / 1000)) < 1e-9)
        #expect(TextMetrics.tracking(atPointSize: 8) == 0)
        #expect(TextMetrics.tracking(atPointSize: 11) == 0)
        #expect(abs(TextMetrics.tracking(atPointSize: 80) - 4 * 80.0 / 1000) < 1e-9)
        #expect(TextMetrics.tracking(atPointSize: 0) == 0)
    }

    // MARK: Error bound

    @Test("approximation error is max(1 pt, 5 %)")
    func approximationError() {
        #expect(TextMetrics.approximationError(forWidth: 0) == 1)
        #expect(TextMetrics.approximationError(forWidth: 10) == 1)
        #expect(TextMetrics.approximationError(forWidth: 20) == 1)
        #expect(abs(TextMetrics.approximationError(forWidth: 44) - 2.2) < 1e-9)
        #expect(abs(TextMetrics.approximationError(forWidth: 100) - 5) < 1e-9)
    }
}
