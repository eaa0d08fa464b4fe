import AccessibilityModel
import Auditor
import Foundation
import Testing

/// Themes: the bundled default states every value's source and resolves every token the
/// blocks draw in; a team's file replaces tokens and so changes what the contrast rules find.
@Suite("Themes and the colours they give the contrast rules")
struct ThemeTests {
    static func load(_ text: String, in directory: TemporaryDirectory) throws(InputError) -> Palette {
        let file = try? directory.write("team.xml", text)
        var theme = try Theme.bundled(specs: Checkout.specs)
        theme.files.append(try ThemeFile.load(file: file ?? "", schemaDirectory: Checkout.schemaDirectory))
        return try theme.palette()
    }

    @Test("the bundled theme resolves every token the built-in blocks draw in, in all four variants")
    func bundledCoversTheBlocks() throws {
        let palette = try Theme.bundled(specs: Checkout.specs).palette()
        let tokens = ["label", "secondaryLabel", "tertiaryLabel", "separator", "systemBackground", "secondarySystemBackground",
                      "systemFill", "systemPink", "systemOrange", "systemBlue", "primary", "secondary", "white", "pink",
                      "orange", "textPrimary", "textSecondary", "textTertiary", "accent", "accentOn", "bg", "fill"]
        for token in tokens {
            for appearance in Appearance.allCases {
                for contrast in ContrastSetting.allCases {
                    #expect(palette.color(token, appearance, contrast) != nil, "\(token) \(appearance) \(contrast)")
                }
            }
        }
        // colors.md: systemOrange is 255,149,0 in light and 201,52,0 under Increase Contrast.
        #expect(palette.color("orange", .light, .standard) == SRGBColor(red255: 255, green255: 149, blue255: 0))
        #expect(palette.color("orange", .light, .increased) == SRGBColor(red255: 201, green255: 52, blue255: 0))
    }

    @Test("every bundled colour and alias says where its value comes from")
    func sourcesStated() throws {
        let theme = try Theme.bundled(specs: Checkout.specs)
        #expect(!theme.entries.isEmpty)
        #expect(theme.entries.values.filter { $0.source.count < 10 }.map(\.name) == [])
    }

    @Test("a team's token replaces the default, and the aliases that lead to it follow")
    func teamOverrides() throws {
        let directory = try TemporaryDirectory()
        let palette = try Self.load("""
            <theme name="team">
              <color name="systemBlue" light="#0040DD" dark="#409CFF" source="the team's brand blue"/>
            </theme>
            """, in: directory)
        #expect(palette.color("accent", .light, .standard) == SRGBColor(hex: "#0040DD"))
        #expect(palette.color("accent", .dark, .increased) == SRGBColor(hex: "#409CFF"))
    }

    @Test("bad theme files are errors that say where", arguments: [
        (##"<theme name="t"><color name="x" light="300,0,0" dark="#000000" source="s"/></theme>"##, "1:", "is not a colour"),
        (##"<theme name="t"><color name="x" light="#000000" source="s"/></theme>"##, "1:", "dark"),
        (##"<theme name="t"><alias name="x" of="nowhere" source="s"/></theme>"##, "1:", "names 'nowhere'"),
        ("<theme name=\"t\">\n  <alias name=\"x\" of=\"y\" source=\"s\"/>\n  <alias name=\"y\" of=\"x\" source=\"s\"/>\n</theme>",
         ":", "leads back to itself"),
    ])
    func errors(text: String, place: String, message: String) throws {
        let directory = try TemporaryDirectory()
        #expect {
            _ = try Self.load(text, in: directory)
        } throws: { error in
            let description = "\(error)"
            return description.contains("team.xml:") && description.contains(place) && description.contains(message)
        }
    }

    /// The demo's first page, light appearance: white on the pink→orange card, unselected
    /// tabs in `.secondary`.
    static let demoState = ["selection=for-you", "size=L", "motion=full", "width=393", "direction=ltr",
                            "appearance=light", "contrast=standard"]

    @Test("the demo title fails text contrast with its ratio under the bundled theme")
    func demoTitleFails() throws {
        let directory = try TemporaryDirectory()
        let run = runTool(["audit", "--block", "ScrollingTabStrip", "--junit", directory.path("junit.xml")]
                          + whereArguments(Self.demoState))
        #expect(run.code == .gateFailed, "\(run)")
        #expect(run.output.contains(#"FAIL [error] text-contrast"#), "\(run)")
        let junit = try String(contentsOfFile: directory.path("junit.xml"), encoding: .utf8)
        #expect(junit.contains("page.title: &quot;Stories about For You&quot; (white, 28 pt bold) is 2."), "\(junit)")
    }

    @Test("--theme with a team's darker brand colours and a stronger secondary turns text contrast from failing to passing")
    func teamThemeChangesTheOutcome() throws {
        let directory = try TemporaryDirectory()
        let team = try directory.write("team.xml", """
            <theme name="team">
              <color name="systemPink" light="#A0002A" dark="#A0002A" source="the team's brand pink, darkened"/>
              <color name="systemOrange" light="#8A3A00" dark="#8A3A00" source="the team's brand orange, darkened"/>
              <alias name="secondary" of="label" source="the team draws unselected tabs in label"/>
            </theme>
            """)
        func textContrastFails(_ extra: [String]) -> Bool {
            let run = runTool(["audit", "--block", "ScrollingTabStrip", "--junit", directory.path("junit.xml")]
                              + whereArguments(Self.demoState) + extra)
            return run.output.contains("FAIL [error] text-contrast")
        }
        #expect(textContrastFails([]))
        #expect(!textContrastFails(["--theme", team]))
    }

    /// A team theme giving one token `hex` in light and dark.
    static func teamTheme(in directory: TemporaryDirectory, color name: String, _ hex: String) throws -> String {
        try directory.write("team.xml", """
            <theme name="team">
              <color name="\(name)" light="\(hex)" dark="\(hex)" source="the team's"/>
            </theme>
            """)
    }

    @Test("`tree --theme` prints the inks in the team's colours, as the audit under it sees them")
    func treeShowsTheTeamTheme() throws {
        let directory = try TemporaryDirectory()
        let team = try Self.teamTheme(in: directory, color: "systemPink", "#A0002A")
        func underline(_ extra: [String]) -> String {
            let run = runTool(["tree", "ScrollingTabStrip"] + whereArguments(Self.demoState) + extra)
            let line = run.outputLines.first { $0.contains("token=\"pink\"") || $0.contains("token=\"systemPink\"") }
            return line ?? run.errors
        }
        #expect(underline([]).contains("#FF2D55"))
        #expect(underline(["--theme", team]).contains("#A0002A"))
    }

    @Test("a report audited with --theme keeps its theme: `merge --html` draws in the team's colours and reproduces with --theme")
    func mergeKeepsTheTheme() throws {
        let directory = try TemporaryDirectory()
        // The team's grey for unselected tabs, still too light.
        let team = try Self.teamTheme(in: directory, color: "secondaryLabel", "#8A8A8A")
        let audit = runTool(["audit", "--block", "ScrollingTabStrip", "--junit", directory.path("junit.xml"), "--theme", team,
                             "--html", directory.path("audited")] + whereArguments(Self.demoState))
        #expect(audit.code == .gateFailed, "\(audit)")
        let merge = runTool(["merge", "-o", directory.path("merged.xml"), "--html", directory.path("merged"), directory.path("junit.xml")])
        #expect(merge.code == .gateFailed, "\(merge)")
        // The unselected tabs' grey is in the messages and, drawn, in each sample's text and swatch.
        func greys(_ folder: String) throws -> Int {
            try String(contentsOfFile: directory.path("\(folder)/index.html"), encoding: .utf8).components(separatedBy: "8A8A8A").count - 1
        }
        #expect(try greys("audited") > 0)
        #expect(try greys("merged") == greys("audited"))
        let merged = try String(contentsOfFile: directory.path("merged.xml"), encoding: .utf8)
        #expect(merged.contains("--theme \(team)"))
        try FileManager.default.removeItem(atPath: team)
        let gone = runTool(["merge", "-o", directory.path("again.xml"), directory.path("junit.xml")])
        #expect(gone.code == .invalidInput && gone.errors.contains("it is gone"), "\(gone)")
    }
}
