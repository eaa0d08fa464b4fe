import AccessibilityModel
import Auditor
import BlockModels
import Foundation
import Testing
import XMLSupport

/// The HTML report's structure, read with an XML parser (the page is well-formed XML), and
/// once in a real browser when one is installed.
@Suite("HTML report")
struct HTMLReportTests {
    @Test("text is escaped for HTML content and attributes",
          arguments: [
              ("plain text", "plain text"),
              ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
              ("a & b", "a &amp; b"),
              ("&amp; stays visible", "&amp;amp; stays visible"),
              (#"say "hi" and 'bye'"#, "say &quot;hi&quot; and &#39;bye&#39;"),
              ("“For You” · 44 × 30 pt ≥ AX3 🎧", "“For You” · 44 × 30 pt ≥ AX3 🎧"),
              ("line\nbreak\ttab", "line\nbreak\ttab"),
              ("bell\u{7}null\u{0}", "bell\u{FFFD}null\u{FFFD}"),
          ])
    func escaping(text: String, escaped: String) {
        #expect(HTMLEscaping.escape(text) == escaped)
    }

    @Test("fragment identifiers keep letters, digits and -_. only",
          arguments: [("target-size", "target-size"), ("top-tabs.indicator", "top-tabs.indicator"),
                      ("a b/<c>", "a_b__c_"), ("Größe", "Gr__e")])
    func identifiers(text: String, identifier: String) {
        #expect(HTMLEscaping.identifier(text) == identifier)
    }

    static func page(_ outcome: AuditOutcome, failOn: Severity? = .error) throws -> (html: String, document: XMLDocument) {
        let html = HTMLReport(outcome: outcome, blocks: BuiltInBlocks.all, failOn: failOn).html()
        return (html, try XMLDocument(parsing: html, name: "index.html"))
    }

    static func elements(_ node: XMLNode, _ name: String, class className: String? = nil) -> [XMLNode] {
        descendants(node, named: name).filter { element in
            className.map { element.attribute("class", containsToken: $0) } ?? true
        }
    }

    @Test("the page has an overview, a section per block with a row per rule, and an article per failing rule")
    func sections() throws {
        let audit = try SampleAudit.shared.get()
        let (_, document) = try Self.page(audit.outcome)
        let root = document.root
        #expect(root.name == "html")
        #expect(Self.elements(root, "h1").map(\.textContent) == ["Accessibility audit"])
        let overview = try #require(Self.elements(root, "section").first { $0.attribute("id") == "overview" })
        func rows(_ table: String) -> [XMLNode] {
            Self.elements(overview, "table", class: table).flatMap { Self.elements($0, "tbody") }.flatMap { Self.elements($0, "tr") }
        }
        #expect(rows("blocks").count == audit.outcome.blocks.count)
        // Every failing rule is listed up front, linked to its article.
        let failingCount = audit.outcome.blocks.reduce(0) { $0 + $1.rules.filter { !$0.passed }.count }
        #expect(failingCount > 0)
        #expect(rows("failing").count == failingCount)
        let sections = Self.elements(root, "section", class: "block")
        #expect(sections.count == audit.outcome.blocks.count)
        for (section, block) in zip(sections, audit.outcome.blocks) {
            #expect(Self.elements(section, "h2").first?.textContent == block.block)
            let rows = Self.elements(section, "table", class: "rules").flatMap { Self.elements($0, "tbody") }.flatMap { Self.elements($0, "tr") }
            #expect(rows.count == block.rules.count)
            let failing = block.rules.filter { !$0.passed }
            let articles = Self.elements(section, "article", class: "failure")
            #expect(articles.count == failing.count)
            for (article, rule) in zip(articles, failing) {
                #expect(Self.elements(article, "h3").first?.textContent.hasPrefix(rule.rule.id) == true)
                if let summary = FailureSummary(rule, in: block) {
                    #expect(Self.elements(article, "p", class: "summary").first?.textContent == summary.sentence)
                }
            }
        }
    }

    @Test("each failing rule shows up to three sampled states, each one SVG drawing with a transcript beside it")
    func states() throws {
        let audit = try SampleAudit.shared.get()
        let (_, document) = try Self.page(audit.outcome)
        var drawn = 0
        for (section, block) in zip(Self.elements(document.root, "section", class: "block"), audit.outcome.blocks) {
            let model = try #require(BuiltInBlocks.named(block.block))
            for (article, rule) in zip(Self.elements(section, "article", class: "failure"), block.rules.filter { !$0.passed }) {
                let figures = Self.elements(article, "figure", class: "state")
                let sampled = Set(rule.samples.map(\.stateID))
                #expect(figures.count >= min(HTMLReport.statesPerRule, sampled.count) && figures.count <= HTMLReport.statesPerRule,
                        "\(block.block) \(rule.rule.id)")
                for figure in figures {
                    let id = try #require(figure.attribute("data-state"))
                    // A sampled state, or one at the edge of the failure's condition, audited for the page.
                    #expect(sampled.contains(id) || figure.attribute("class", containsToken: "boundary"))
                    guard let state = try? model.stateSpace.state(id: id) else { continue }
                    // The failing elements framed first, the whole state in a <details>.
                    let svgs = Self.elements(figure, "svg", class: "state-drawing")
                    #expect(svgs.count == 2, "\(id)")
                    #expect(svgs.first?.attribute("class", containsToken: "cropped") == true)
                    let snapshot = model.snapshot(of: state)
                    let stops = Self.elements(figure, "ol", class: "transcript").flatMap { Self.elements($0, "li") }
                    #expect(stops.map(\.textContent) == snapshot.focusOrder.map { Speech(for: $0).line.isEmpty ? "(silent)" : Speech(for: $0).line })
                    let svg = try #require(Self.elements(figure, "details", class: "whole").flatMap { Self.elements($0, "svg") }.first)
                    #expect(Self.elements(svg, "g", class: "focus").count == snapshot.focusOrder.count)
                    #expect(svg.attribute("data-screen-width") == StateDrawing.points(snapshot.environment.width))
                    drawn += 1
                }
            }
        }
        #expect(drawn > 0)
    }

    @Test("failing hit regions are marked in red with their size, and only the failing subjects'")
    func failingHitRegions() throws {
        let block = ScrollingTabStrip()
        let outcome = try AuditEngine(spec: try Checkout.bundledSpec(), jobs: 2)
            .audit([try request(block, ["size=xS", "width=320", "motion=full"])])
        let (_, document) = try Self.page(outcome)
        let article = try #require(Self.elements(document.root, "article", class: "failure")
            .first { $0.attribute("id") == "rule-ScrollingTabStrip--target-size" })
        let rule = try #require(outcome.blocks[0].rules.first { $0.rule.id == "target-size" })
        for figureNode in Self.elements(article, "figure", class: "state") {
            let state = try #require(figureNode.attribute("data-state"))
            let figure = try #require(Self.elements(figureNode, "svg", class: "cropped").first)
            let subjects = Set(rule.samples.filter { $0.stateID == state }.map(\.subject))
            let marked = Self.elements(figure, "rect", class: "failing")
            #expect(Set(marked.compactMap { $0.attribute("data-id") }) == subjects, "\(state)")
            let labels = Self.elements(figure, "text", class: "hit-size").map(\.textContent)
            #expect(labels.count == subjects.count)
            let snapshot = block.snapshot(of: try block.stateSpace.state(id: state))
            for subject in subjects {
                let hit = try #require(snapshot.element(subject)?.hitRegion)
                let size = "\(StateDrawing.points(hit.width)) × \(StateDrawing.points(hit.height)) pt"
                #expect(labels.contains(size), "\(labels) lacks \(size)")
                #expect(rule.samples.contains { $0.stateID == state && $0.subject == subject && $0.message.contains(size) })
            }
            // Every interactive element's hit region is drawn; only the failing ones are marked.
            let interactive = snapshot.elements.filter { $0.hitRegion != nil }.count
            #expect(Self.elements(figure, "rect", class: "hit").count == interactive)
            #expect(marked.count <= interactive)
            // Each too-small region beside the 44 pt it should have.
            #expect(Self.elements(figure, "rect", class: "target-reference").count == subjects.count)
        }
    }

    @Test("a failure over size ≤ xxxL is drawn at xxxL and at the default size L too, with the failures found there")
    func boundaryStates() throws {
        let block = ScrollingTabStrip()
        let outcome = try AuditEngine(spec: try Checkout.bundledSpec(), jobs: 2)
            .audit([try request(block, ["selection=music", "width=393", "direction=ltr", "motion=full", "appearance=light",
                                         "contrast=standard"])])
        let (_, document) = try Self.page(outcome)
        let article = try #require(Self.elements(document.root, "article", class: "failure")
            .first { $0.attribute("id") == "rule-ScrollingTabStrip--target-size" })
        let states = Self.elements(article, "figure", class: "state").compactMap { $0.attribute("data-state") }
        #expect(states == ["size=xS", "size=xxxL", "size=L"].map { "selection=music;\($0);motion=full;width=393;direction=ltr;appearance=light;contrast=standard" })
        for figure in Self.elements(article, "figure", class: "boundary") {
            #expect(!Self.elements(figure, "ul", class: "findings").flatMap { Self.elements($0, "li") }.isEmpty)
        }
    }

    @Test("a failure whose condition spans regions of a union space draws only states the space has")
    func boundaryStatesAcrossRegions() throws {
        // TopTabs' tab sets are separate regions with their own selections. Bare numbers fail
        // whenever tabs ≠ few, so the boundary of the first failing state (tabs=reading,
        // selection=top) would be tabs=long with selection=top, which no region holds.
        let block = TopTabs()
        let outcome = try AuditEngine(spec: try Checkout.bundledSpec(), jobs: 2)
            .audit([try request(block, ["size=xS", "width=320", "direction=ltr", "motion=full"])])
        let (_, document) = try Self.page(outcome)
        let article = try #require(Self.elements(document.root, "article", class: "failure")
            .first { $0.attribute("id") == "rule-TopTabs--value-bare-number" })
        let states = Self.elements(article, "figure", class: "state").compactMap { $0.attribute("data-state") }
        #expect(states.count == 3)
        #expect(states.allSatisfy { $0.hasPrefix("tabs=reading;sizing=automatic;selection=top;") })
        #expect(Self.elements(article, "figure", class: "boundary").isEmpty)
    }

    @Test("each failure kind is drawn as what it is", arguments: [
        ("target-size", "hit", "hit-size"), ("title-is-heading", "text-mark", "mark-label"), ("selection-haptic", "control-mark", "mark-label"),
    ])
    func failureKinds(_ ruleID: String, _ markClass: String, _ labelClass: String) throws {
        let block = ScrollingTabStrip()
        let outcome = try AuditEngine(spec: try Checkout.bundledSpec(), jobs: 2)
            .audit([try request(block, ["size=xS", "width=320", "motion=full"])])
        let (_, document) = try Self.page(outcome)
        let article = try #require(Self.elements(document.root, "article", class: "failure")
            .first { $0.attribute("id") == "rule-ScrollingTabStrip--\(ruleID)" })
        let rule = try #require(outcome.blocks[0].rules.first { $0.rule.id == ruleID })
        let figureNode = try #require(Self.elements(article, "figure", class: "state").first)
        let state = try #require(figureNode.attribute("data-state"))
        let figure = try #require(Self.elements(figureNode, "svg", class: "cropped").first)
        let subjects = Set(rule.samples.filter { $0.stateID == state }.map(\.subject))
        let marked = Self.elements(figure, "rect", class: "failing")
        #expect(Set(marked.compactMap { $0.attribute("data-id") }) == subjects)
        #expect(marked.allSatisfy { $0.attribute("class", containsToken: markClass) }, "\(ruleID) marked otherwise")
        let labels = Self.elements(figure, "text", class: labelClass).map(\.textContent)
        #expect(labels.count == subjects.count)
        if ruleID == "selection-haptic" { #expect(labels.allSatisfy { $0 == "selection haptic missing" }, "\(labels)") }
        if ruleID == "title-is-heading" { #expect(labels.allSatisfy { $0 == "title-is-heading" }, "\(labels)") }
        // Two pixels per point.
        let viewBox = try #require(figure.attribute("viewBox")).split(separator: " ").compactMap { Double($0) }
        #expect(abs((Double(figure.attribute("width") ?? "") ?? 0) - viewBox[2] * StateDrawing.scale) < 0.05)
    }

    @Test("the page passes axe-core, best practices included, at 1280 and at 390 px wide (scripts/check-axe.py)",
          .enabled(if: Chromium.isInstalled && Chromium.hasAxe, "chromium or python3 with axe-core-python is not available"),
          arguments: ["1280", "390"])
    func axe(_ width: String) throws {
        let audit = try SampleAudit.shared.get()
        let directory = try TemporaryDirectory("HTML")
        try HTMLReport(outcome: audit.outcome, blocks: BuiltInBlocks.all, failOn: .error).write(toDirectory: directory.path("report"))
        let output = try Python.script("check-axe.py", arguments: [directory.path("report"), width])
        #expect(output.hasPrefix("check-axe: OK"), "\(output)")
        // The check can fail: a page without a main landmark or with unlabelled images does.
        let bad = try directory.write("bad/index.html", #"<!DOCTYPE html><html lang="en"><head><title>t</title></head><body><svg role="img"></svg></body></html>"#)
        #expect(throws: Python.PythonFailed.self) { try Python.script("check-axe.py", arguments: [bad, width]) }
    }

    @Test("the page is self-contained: no script, no stylesheet or image to fetch, links only within the page")
    func selfContained() throws {
        let (html, document) = try Self.page(try SampleAudit.shared.get().outcome)
        for forbidden in ["<script", "<link", "<img", "<iframe", "src=", "url(", "@import"] {
            #expect(!html.contains(forbidden), "\(forbidden)")
        }
        for anchor in Self.elements(document.root, "a") {
            let target = try #require(anchor.attribute("href"))
            #expect(target.hasPrefix("#"))
            let id = String(target.dropFirst())
            #expect(html.contains(#"id="\#(id)""#), "no element with id \(id)")
        }
        #expect(Self.elements(document.root, "style").count == 1)
    }

    @Test("messages from a spec are escaped in the page")
    func escapedMessages() throws {
        let directory = try TemporaryDirectory("HTML")
        let rules = try directory.write("rules.xml", ruleFile(labelRule(
            id: "odd-message", context: "element[@hidden='true']", message: #"{@id} is &lt;i&gt;bad&lt;/i&gt; &amp; "odd""#)))
        let run = runTool(["audit", "--block", "ScrollingTabStrip", "--no-bundled-rules", "--rules", rules, "--junit", directory.path("junit.xml"),
                           "--html", directory.path("html")] + whereArguments(["size=L", "width=393", "direction=ltr", "motion=full"]))
        #expect(run.code == .success || run.code == .gateFailed, "\(run)")
        let html = try String(contentsOfFile: directory.path("html/index.html"), encoding: .utf8)
        #expect(html.contains(" is &lt;i&gt;bad&lt;/i&gt; &amp; &quot;odd&quot;"))
        #expect(!html.contains("<i>bad"))
        _ = try XMLDocument(parsing: html, name: "index.html")
    }

    @Test("audit --html writes DIR/index.html; an unwritable directory exits 2 and leaves what was there")
    func commandLine() throws {
        let directory = try TemporaryDirectory("HTML")
        let where_ = whereArguments(["size=L", "width=393", "direction=ltr", "motion=full"])
        let run = runTool(["audit", "--block", "ScrollingTabStrip", "--junit", directory.path("junit.xml"),
                           "--html", directory.path("report")] + where_)
        #expect(run.code == .success || run.code == .gateFailed, "\(run)")
        #expect(try directory.listing("report") == ["index.html"])
        #expect(run.errors.contains("HTML report: \(directory.path("report/index.html"))"), "\(run.errors)")

        let blocker = try directory.write("taken", "a file where the report's folder should be")
        let bad = runTool(["audit", "--block", "ScrollingTabStrip", "--junit", directory.path("junit2.xml"),
                           "--html", blocker] + where_)
        #expect(bad.code == .invalidInput, "\(bad)")
        #expect(bad.errors.contains("cannot write the report"), "\(bad)")
        #expect(try String(contentsOfFile: blocker, encoding: .utf8) == "a file where the report's folder should be")
    }

    @Test("the page renders without console errors and with its sections (in headless Chromium when installed)",
          .enabled(if: Chromium.isInstalled, "chromium is not on PATH"))
    func chromium() throws {
        let audit = try SampleAudit.shared.get()
        let directory = try TemporaryDirectory("HTML")
        try HTMLReport(outcome: audit.outcome, blocks: BuiltInBlocks.all, failOn: .error).write(toDirectory: directory.path("report"))
        let good = try Chromium.check(directory.path("report"), screenshot: directory.path("report.png"))
        #expect(good.status == 0, "\(good.output)")
        #expect(FileManager.default.fileExists(atPath: directory.path("report.png")))

        // The check itself catches a page with a script error and without the sections.
        let broken = try directory.write("broken/index.html", "<!DOCTYPE html><html><body><script>missing()</script></body></html>")
        let bad = try Chromium.check(broken, screenshot: directory.path("broken.png"))
        #expect(bad.status == 1, "\(bad.output)")
        #expect(bad.output.contains("Uncaught ReferenceError"), "\(bad.output)")
        #expect(bad.output.contains("the overview section"), "\(bad.output)")
    }
}

/// Headless Chromium through `scripts/check-html.sh`, when the browser is installed.
enum Chromium {
    static let hasAxe: Bool = (try? Python.run("import axe_core_python")) != nil

    static let isInstalled: Bool = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/chromium")
    }

    /// Runs the check script; its exit status and everything it printed.
    static func check(_ page: String, screenshot: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", Checkout.root.appendingPathComponent("scripts/check-html.sh").path, page, screenshot]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
