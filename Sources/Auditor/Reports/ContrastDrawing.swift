import AccessibilityModel

/// A contrast failure drawn as it is seen: each failing text over its background, in the
/// colours the theme resolved, with a swatch of each colour and the ratio between them.
///
/// It draws the inks a finding's message names (a text quoted as `"Saved"`, a mark as
/// `the selection mark`) of the element the finding is about, and only for findings whose
/// message states a ratio against a threshold (`… needs 4.5:1`), which is how the contrast
/// rules word theirs; a finding of any other rule draws nothing.
public struct ContrastDrawing {
    public var snapshot: Snapshot
    public var findings: [(subject: String, message: String)]

    public init(snapshot: Snapshot, findings: [(subject: String, message: String)]) {
        self.snapshot = snapshot
        self.findings = findings
    }

    /// The inks drawn, in finding order, each once.
    var inks: [Ink] {
        var drawn: [Ink] = []
        for finding in findings where finding.message.contains("needs ") && finding.message.contains(":1") {
            for element in snapshot.elements where element.id == finding.subject {
                for ink in element.inks where ink.foreground != nil && ink.background != nil && !drawn.contains(ink) {
                    let named = ink.kind == .text ? finding.message.contains("\"\(ink.text)\"")
                        : finding.message.contains("the \(ink.text) mark")
                    if named { drawn.append(ink) }
                }
            }
        }
        return drawn
    }

    /// The drawing as HTML; empty when no finding names an ink.
    public var html: String {
        let inks = self.inks
        guard !inks.isEmpty else { return "" }
        let e = HTMLEscaping.escape
        var html = #"<div class="contrast" style="display: flex; flex-direction: column; gap: 8px; margin-top: 8px">"# + "\n"
        for ink in inks {
            guard let foreground = ink.foreground, let background = ink.background, let ratio = ink.contrastRatio else { continue }
            let sample: String
            switch ink.kind {
            case .text:
                let size = min(max(ink.pointSize ?? 17, 10), 40)
                let weight = ink.weight.map { ["regular": 400, "medium": 500, "semibold": 600, "bold": 700][$0] ?? 400 } ?? 400
                // An image of the failing text, not text: the page itself must pass the
                // contrast checks its readers run, and this sample fails them on purpose.
                let width = Self.number(Double(ink.text.count) * size * 0.62 + 32), height = Self.number(size * 1.4 + 24)
                let label = "\(ink.text) in \(foreground.hex) on \(background.hex), \(Self.ratio(ratio))"
                sample = #"<svg class="ink-text" role="img" aria-label="\#(e(label))" width="\#(width)" height="\#(height)" viewBox="0 0 \#(width) \#(height)">"#
                    + #"<rect width="\#(width)" height="\#(height)" rx="6" fill="\#(Self.css(background))"/>"#
                    + #"<text x="16" y="\#(Self.number(size + 12))" font-size="\#(Self.number(size))" font-weight="\#(weight)" fill="\#(Self.css(foreground))">\#(e(ink.text))</text></svg>"#
            case .mark:
                let border = ink.text == "boundary"
                    ? "width: 80px; height: 28px; border-radius: 14px; border: 2px solid \(Self.css(foreground)); background: \(Self.css(ink.inside ?? background))"
                    : "width: 60px; height: 4px; border-radius: 2px; background: \(Self.css(foreground))"
                sample = #"<span class="ink-mark \#(e(ink.text))" style="display: inline-block; \#(border)"></span>"#
            }
            html += """
                <div class="contrast-sample">
                <div class="ink-ground" style="display: inline-block; \(ink.kind == .text ? "" : "padding: 12px 16px; border-radius: 6px; background: \(Self.css(background))")">\(sample)</div>
                <div class="swatches"><span class="swatch" style="\(Self.swatch)background: \(Self.css(foreground))"></span><code>\(e(foreground.hex))</code> on <span class="swatch" style="\(Self.swatch)background: \(Self.css(background))"></span><code>\(e(background.hex))</code> <strong class="ratio">\(Self.ratio(ratio))</strong></div>
                </div>

                """
        }
        return html + "</div>\n"
    }

    static let swatch = "display: inline-block; width: 14px; height: 14px; border: 1px solid #9ca3af; vertical-align: middle; "

    /// `rgba(…)` for CSS, the alpha kept so a translucent foreground shows as it is drawn.
    static func css(_ color: SRGBColor) -> String {
        func byte(_ value: Double) -> Int { Int((min(max(value, 0), 1) * 255).rounded()) }
        return "rgba(\(byte(color.red)), \(byte(color.green)), \(byte(color.blue)), \(number(color.alpha)))"
    }

    /// A ratio as the rules write it: one decimal, never rounded up.
    static func ratio(_ value: Double) -> String { number((value * 10).rounded(.down) / 10) + ":1" }

    static func number(_ value: Double) -> String {
        let hundredths = (value * 100).rounded() / 100
        return hundredths == hundredths.rounded() ? String(Int(hundredths)) : String(hundredths)
    }
}
