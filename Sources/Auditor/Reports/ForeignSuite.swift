import Foundation
import XMLSupport

/// A suite another tool wrote, carried into a merged report as it is.
///
/// Suites of the same name from several files become one; their cases are combined by
/// (classname, name), the first kept unless a later one fails or errs (a case failing in
/// any input fails). Cases keep every attribute and child they had (`file`, `line`, their
/// own properties, `error`, `skipped` bodies); the suite's counts are recomputed from the
/// cases, its times added up, its properties and output kept, and `package` and `id`
/// added where missing so the aggregated `testsuites` form reads as readers expect.
struct ForeignSuite {
    var name: String
    var attributes: [XMLAttribute]
    var properties: [XMLElement] = []
    var cases: [XMLElement] = []
    var systemOut: [String] = []
    var systemErr: [String] = []
    private var seconds: Double?
    /// Where each case is in `cases`, by (classname, name): merging stays linear.
    private var caseIndex: [[String]: Int] = [:]

    init(_ suite: XMLNode) {
        let copy = suite.copy()
        name = suite.attribute("name") ?? ""
        attributes = copy.attributes
        seconds = suite.attribute("time").flatMap(Self.seconds)
        add(copy)
    }

    /// Adds another file's suite of the same name.
    mutating func add(_ node: XMLNode) {
        seconds = seconds.flatMap { mine in node.attribute("time").flatMap(Self.seconds).map { mine + $0 } }
        add(node.copy())
    }

    private mutating func add(_ suite: XMLElement) {
        for child in suite.children {
            switch child.name {
            case "properties":
                for property in child.children where !properties.contains(property) { properties.append(property) }
            case "testcase":
                let key = Self.key(child)
                if let index = caseIndex[key] {
                    if Self.fails(child), !Self.fails(cases[index]) { cases[index] = child }
                } else {
                    caseIndex[key] = cases.count
                    cases.append(child)
                }
            case "system-out":
                if let text = child.text, !text.isEmpty, !systemOut.contains(text) { systemOut.append(text) }
            case "system-err":
                if let text = child.text, !text.isEmpty, !systemErr.contains(text) { systemErr.append(text) }
            default:
                break
            }
        }
    }

    /// A suite's time when it is a finite, non-negative number of seconds; nil otherwise
    /// (the merged suite then keeps the time as written).
    static func seconds(_ text: String) -> Double? {
        guard let value = Double(text), value.isFinite, value >= 0, value < 1e12 else { return nil }
        return value
    }

    static func key(_ testcase: XMLElement) -> [String] {
        ["classname", "name"].map { name in testcase.attributes.first { $0.name == name }?.value ?? "" }
    }

    static func fails(_ testcase: XMLElement) -> Bool {
        testcase.children.contains { $0.name == "failure" || $0.name == "error" }
    }

    /// Cases that failed or erred: what gates when a merged report is gated.
    var failingCases: [XMLElement] { cases.filter(Self.fails) }

    func write(id: Int, to writer: XMLWriter) {
        func count(_ child: String) -> String { String(cases.filter { $0.children.contains { $0.name == child } }.count) }
        let recomputed: [(name: String, value: String)] = [
            ("tests", String(cases.count)), ("failures", count("failure")), ("errors", count("error")), ("skipped", count("skipped")),
        ]
        writer.startElement("testsuite")
        var written = Set<String>()
        for attribute in attributes {
            written.insert(attribute.name)
            if let value = recomputed.first(where: { $0.name == attribute.name })?.value {
                writer.attribute(attribute.name, value)
            } else if attribute.name == "time", let seconds {
                writer.attribute("time", JUnitReport.seconds(seconds))
            } else if attribute.name == "time", Self.seconds(attribute.value) == nil {
                continue  // `nan`, negative or not a number: left out rather than carried into the report
            } else if attribute.name == "id" {
                writer.attribute("id", String(id))
            } else {
                writer.attribute(attribute.name, attribute.value)
            }
        }
        for attribute in recomputed where !written.contains(attribute.name) { writer.attribute(attribute.name, attribute.value) }
        if !written.contains("package") { writer.attribute("package", name.isEmpty ? "junit" : name) }
        if !written.contains("id") { writer.attribute("id", String(id)) }
        writer.startElement("properties")
        for property in properties { Self.write(property, to: writer) }
        writer.endElement()
        for testcase in cases { Self.write(testcase, to: writer) }
        writer.element("system-out", text: systemOut.joined(separator: "\n"))
        writer.element("system-err", text: systemErr.joined(separator: "\n"))
        writer.endElement()
    }

    /// Writes an element of another tool's report as it was: text and elements that
    /// interleave (a failure body with markup) keep their order.
    private static func write(_ element: XMLElement, to writer: XMLWriter) {
        writer.startElement(element.name)
        for attribute in element.attributes { writer.attribute(attribute.name, attribute.value) }
        if let mixed = element.mixedContent {
            writer.unindented {
                for part in mixed {
                    switch part {
                    case .text(let text): writer.text(text)
                    case .element(let child): write(child, to: writer)
                    }
                }
                writer.endElement()
            }
            return
        } else {
            if let text = element.text, !text.isEmpty { writer.text(text) }
            for child in element.children { write(child, to: writer) }
        }
        writer.endElement()
    }
}
