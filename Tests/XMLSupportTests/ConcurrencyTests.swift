import Testing
import XMLSupport

@Suite("Using XMLSupport from several threads")
struct ConcurrencyTests {
    /// Each task builds and parses its own documents, uses its own
    /// evaluators and its own compiled expressions (libxml2 2.9 writes into a
    /// compiled expression while evaluating it, see `XPathExpression`). The
    /// parsed document and the schema are shared read-only.
    @Test("Two threads with separate evaluators and expressions get correct results")
    func parallelEvaluation() async throws {
        let shared = try XMLDocument(parsing: """
            <screen><button traits="button"/><button traits="image"/><button traits="button"/></screen>
            """, name: "shared.xml")
        let prototype = try XPathExpression("count(//*[ax:has-trait('button')])", namespaces: accessibilityNamespaces, functions: accessibilityFunctions)

        let results = try await withThrowingTaskGroup(of: [Double].self) { group in
            for worker in 0..<2 {
                group.addTask {
                    let counting = prototype.copy()
                    let isButton = try XPathExpression("ax:has-trait('button')", namespaces: accessibilityNamespaces, functions: accessibilityFunctions)
                    let sharedEvaluator = XPathEvaluator(document: shared, namespaces: accessibilityNamespaces, functions: accessibilityFunctions)
                    var results: [Double] = []
                    for index in 0..<3_000 {
                        let traits = (index + worker) % 3 == 0 ? "button" : "link"
                        let document = XMLDocument(root: XMLElement("item", attributes: [("traits", traits)]))
                        let evaluator = XPathEvaluator(document: document, namespaces: accessibilityNamespaces, functions: accessibilityFunctions)
                        let expected = traits == "button"
                        guard try evaluator.boolean(isButton, at: document.root) == expected else {
                            results.append(-1)
                            continue
                        }
                        if index % 100 == 0 {
                            results.append(try sharedEvaluator.evaluate(counting, at: shared.root).numberValue)
                            // Parse errors are thread-local: each thread sees its own.
                            let error = caughtError { try XMLDocument(parsing: "<w\(worker)>", name: "w\(worker)") }
                            if error?.file != "w\(worker)" { results.append(-2) }
                        }
                    }
                    return results
                }
            }
            var all: [[Double]] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 2)
        for result in results {
            #expect(result == Array(repeating: 2, count: 30))
        }
    }

    @Test("Two threads validate against one shared schema")
    func parallelValidation() async throws {
        let files = try TestFiles()
        let schema = try XMLSchema(contentsOfFile: try files.write("items.xsd", SchemaTests.schemaText))
        let outcomes = await withTaskGroup(of: [Int].self) { group in
            for worker in 0..<2 {
                group.addTask {
                    (0..<500).map { index in
                        let bad = (index + worker) % 5 == 0
                        let document = XMLDocument(root: XMLElement("root", children: [
                            XMLElement("item", attributes: [("id", bad ? "x\(index)" : "\(index)")]),
                        ]))
                        return schema.validate(document, name: "doc\(index)").count
                    }
                }
            }
            var all: [[Int]] = []
            for await outcome in group { all.append(outcome) }
            return all
        }
        #expect(outcomes.map { $0.reduce(0, +) } == [100, 100])
    }
}
