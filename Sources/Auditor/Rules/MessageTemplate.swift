import Foundation
import XMLSupport

/// A finding's message: text with `{expression}` parts, each replaced by the XPath string
/// value of the expression at the failing subject (`{@id} is {ax:pt(@hit-width)} pt wide`).
struct MessageTemplate {
    enum Part {
        case text(String)
        case expression(XPathExpression)
    }

    let parts: [Part]

    /// Compiles every expression of the template; errors point into the spec.
    init(_ template: Located<String>) throws(InputError) {
        var parts: [Part] = []
        var rest = Substring(template.value)
        while let open = rest.firstIndex(of: "{") {
            if open > rest.startIndex { parts.append(.text(String(rest[..<open]))) }
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw InputError(file: template.file, line: template.line, column: template.column,
                                 "message template has '{' without a closing '}'")
            }
            let source = String(rest[rest.index(after: open)..<close])
            do {
                parts.append(.expression(try XPathExpression(source, namespaces: RuleFunctions.namespaces,
                                                             functions: RuleFunctions.all)))
            } catch {
                throw InputError(file: template.file, line: template.line, column: template.column,
                                 "in message expression '\(source)': \(error.message)")
            }
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.text(String(rest))) }
        self.parts = parts
    }

    func render(at node: XMLNode, with evaluator: XPathEvaluator) -> String {
        parts.map { part in
            switch part {
            case .text(let text): text
            case .expression(let expression): (try? evaluator.string(expression, at: node)) ?? "?"
            }
        }.joined().split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}
