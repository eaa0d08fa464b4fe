import CLibXML2
import Testing
@testable import XMLSupport

/// Figures read as numbers in Swift, against libxml2's own reading, bit for bit.
@Suite("Reading a figure as libxml2 reads it")
struct LibXML2NumberTests {
    static func libxml2(_ text: String) -> Double {
        // libxml2's NaN is a variable its initialisation sets; 0 until then.
        xmlInitParser()
        return text.withCString { xmlXPathStringEvalNumber(UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self)) }
    }

    static func swift(_ text: String) -> Double {
        text.withCString { LibXML2Number.value(of: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self)) }
    }

    static func same(_ first: Double, _ second: Double) -> Bool {
        first.isNaN ? second.isNaN : first.bitPattern == second.bitPattern
    }

    @Test("edge cases read alike, and as the figures say",
          arguments: [
              ("0", 0.0), ("-0", -0.0), ("-", -0.0), ("12", 12), (" 12 ", 12), ("\t12\n", 12), ("12.", 12), (".5", 0.5),
              ("-.5", -0.5), ("0.1", 0.1), ("1e3", 1000), ("1E3", 1000), ("1e+3", 1000), ("1e-3", 0.001), ("5e", 5),
              ("-e3", -0.0), ("44.33", 44.33), ("0.000001", 0.000001), ("12345678901234567890123", 1.2345678901234568e22),
              ("1e400", .infinity), ("1e-400", 0),
          ])
    func edgeCases(text: String, expected: Double) {
        #expect(Self.same(Self.swift(text), Self.libxml2(text)))
        #expect(Self.same(Self.swift(text), expected))
    }

    @Test("what is not a figure is NaN in both", arguments: ["", " ", ".", "-.", "+1", "1 2", "x", "1x", "e3", "1e3x", "0x10", "1..2"])
    func notFigures(text: String) {
        #expect(Self.swift(text).isNaN)
        #expect(Self.libxml2(text).isNaN)
    }

    @Test("a corpus of generated figures reads alike, bit for bit")
    func corpus() {
        var generator = XPathValueTests.SplitMix(state: 0x5EED)
        var mismatches: [String] = []
        for _ in 0..<50_000 {
            var text = generator.next() % 5 == 0 ? "-" : ""
            text += String(generator.next() % 100_000)
            let fraction = Int(generator.next() % 30)
            if fraction > 0 {
                text += "."
                text += String(repeating: "0", count: Int(generator.next() % 4))
                for _ in 0..<fraction { text += String(generator.next() % 10) }
            }
            if generator.next() % 7 == 0 {
                text += ["e", "E", "e-", "e+"][Int(generator.next() % 4)] + String(generator.next() % 320)
            }
            if !Self.same(Self.swift(text), Self.libxml2(text)) { mismatches.append(text) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}

