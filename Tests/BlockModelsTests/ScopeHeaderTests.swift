import AccessibilityModel
import BlockModels
import Testing

/// ScopeHeader's design card (seed 000), sentence by sentence.
@Suite("ScopeHeader does what its card says")
struct ScopeHeaderTests {
    let model = ScopeHeader()

    func snapshot(_ pairs: String...) throws -> Snapshot {
        let filter = try StateFilter(parsing: pairs, in: model.stateSpace)
        return model.snapshot(of: model.stateSpace.states(matching: filter)[0])
    }

    func spoken(_ snapshot: Snapshot) -> [String] { snapshot.focusOrder.map { Speech(for: $0).description } }

    @Test("its state space covers every selection, chip variant, subset of chips on, count, pinning, action, size, motion, width, direction, appearance and contrast")
    func stateSpace() {
        let dimensions = model.stateSpace.dimensions.map { "\($0.name):\($0.values.count)" }
        #expect(dimensions == ["scope:3", "chips:3", "on:16", "count:2", "stuck:2", "onFilters:2",
                               "size:12", "motion:2", "width:3", "direction:2", "appearance:2", "contrast:2"])
        #expect(model.stateSpace.count == 663_552)
    }

    @Test("VoiceOver reads the title as a header, at every size", arguments: ContentSizeCategory.allCases)
    func titleIsHeader(size: ContentSizeCategory) throws {
        let snapshot = try snapshot("size=\(size.token)")
        #expect(spoken(snapshot).first == "Reading, Heading")
    }

    @Test("each scope is a button with Selected on the current one and \"4 new\" as its value",
          arguments: ["for-you", "following", "saved"])
    func scopes(selected: String) throws {
        let speech = spoken(try snapshot("scope=\(selected)", "chips=none"))
        let mark = { (id: String) in id == selected ? "Selected, " : "" }
        #expect(Array(speech[1...3]) == [
            "\(mark("for-you"))For you, Button",
            "\(mark("following"))Following, 4 new, Button",
            "\(mark("saved"))Saved, Button",
        ])
    }

    @Test("the Filters button reads \"Filters, N on\", N defaulting to the chips that are on",
          arguments: [("none", "Filters, Button"), ("unread", "Filters, 1 on, Button"),
                      ("unread+audio", "Filters, 2 on, Button"),
                      ("unread+downloaded+audio+short-reads", "Filters, 4 on, Button")])
    func filtersDefaultCount(on: String, expected: String) throws {
        let speech = spoken(try snapshot("chips=sample", "on=\(on)", "count=auto", "onFilters=set"))
        #expect(speech.last == expected)
    }

    @Test("an app can pass its own filterCount when the sheet holds more than the chips")
    func customFilterCount() throws {
        #expect(spoken(try snapshot("on=unread", "count=6", "onFilters=set", "chips=sample")).last == "Filters, 6 on, Button")
    }

    @Test("onFilters nil hides the Filters button")
    func filtersHidden() throws {
        let snapshot = try snapshot("onFilters=nil", "chips=sample")
        #expect(snapshot.element("filters") == nil)
        #expect(!spoken(snapshot).contains { $0.hasPrefix("Filters") })
    }

    @Test("each chip reads as a button with Selected when on and a hint")
    func chips() throws {
        let snapshot = try snapshot("chips=sample", "on=unread+audio", "onFilters=set")
        let chips = snapshot.focusOrder.filter { $0.id.hasPrefix("chip.") }
        #expect(chips.map { Speech(for: $0).line } == [
            "Selected, Unread, Button (Removes this filter from the feed.)",
            "Downloaded, Button (Adds this filter to the feed.)",
            "Selected, Audio, Button (Removes this filter from the feed.)",
            "Short reads, Button (Adds this filter to the feed.)",
        ])
    }

    @Test("chips: [] hides the chip row")
    func emptyChips() throws {
        let snapshot = try snapshot("chips=none", "onFilters=set")
        #expect(snapshot.elements.allSatisfy { !$0.id.hasPrefix("chip") && $0.id != "filters" })
        #expect(!snapshot.scrollRegions.contains { $0.id == "chips" })
    }

    @Test("nil chips show grey placeholders, hidden and not buttons")
    func loadingChips() throws {
        let snapshot = try snapshot("chips=loading", "onFilters=set")
        let placeholders = snapshot.elements.filter { $0.id.hasPrefix("chip.placeholder.") }
        #expect(placeholders.count == 4)
        #expect(placeholders.allSatisfy { $0.isHidden && $0.isDecorative && !$0.traits.contains(.button) && !$0.isInteractive })
        #expect(spoken(snapshot) == ["Reading, Heading", "Selected, For you, Button", "Following, 4 new, Button",
                                      "Saved, Button", "Filters, Button"])
    }

    @Test("a hairline appears under the header once it is stuck, decorative and never focusable",
          arguments: [("no", false), ("yes", true)])
    func stuckHairline(stuck: String, shown: Bool) throws {
        let snapshot = try snapshot("stuck=\(stuck)")
        let hairline = snapshot.element("stuck.hairline")
        #expect((hairline != nil) == shown)
        if let hairline { #expect(hairline.isHidden && hairline.isDecorative) }
    }

    @Test("an SPHairline runs under the scopes, with the underline under the selected scope, both hidden")
    func scopeHairlineAndUnderline() throws {
        let snapshot = try snapshot("scope=saved")
        let hairline = try #require(snapshot.element("scopes.hairline"))
        let underline = try #require(snapshot.element("scopes.underline"))
        let saved = try #require(snapshot.element("scope.saved"))
        #expect(hairline.isHidden && underline.isHidden)
        #expect(underline.frame.minX >= saved.frame.minX && underline.frame.maxX <= saved.frame.maxX)
        #expect(underline.frame.height == 2)
    }

    @Test("scopes that don't fit the width scroll sideways; at the default size they fit",
          arguments: [("AX5", "320", true), ("AX3", "320", true), ("L", "393", false), ("xS", "320", false)])
    func scopesScroll(size: String, width: String, scrolls: Bool) throws {
        let snapshot = try snapshot("size=\(size)", "width=\(width)")
        let scopes = try #require(snapshot.scrollRegions.first { $0.id == "scopes" })
        #expect(scopes.overflows == scrolls)
        // A SwiftUI ScrollView scrolls (and bounces) whether or not its content overflows.
        #expect(scopes.isScrollEnabled)
    }

    @Test("the selected scope stays in view when the scopes scroll", arguments: ["for-you", "following", "saved"])
    func selectedScopeVisible(scope: String) throws {
        let snapshot = try snapshot("scope=\(scope)", "size=AX5", "width=320", "direction=ltr")
        let element = try #require(snapshot.element("scope.\(scope)"))
        #expect(element.frame.minX >= 0 && element.frame.maxX <= 320 + 0.01)
    }

    @Test("picking another scope ticks once and moves the underline with matched geometry and motion.hero")
    func pickScope() throws {
        let snapshot = try snapshot("scope=for-you", "motion=full")
        let pick = try #require(snapshot.transitions.first { $0.target == "scope.saved" })
        #expect(pick.haptics == [.selection])
        #expect(pick.resultingState.id.hasPrefix("scope=saved;"))
        #expect(pick.motions == [Motion(subject: "scopes.underline", kind: .matchedGeometry, token: "motion.hero", duration: 0.45)])
        let again = try #require(snapshot.transitions.first { $0.target == "scope.for-you" })
        #expect(again.haptics.isEmpty && !again.changesSelection && again.motions.isEmpty)
    }

    @Test("toggling a chip ticks once, moves chips with motion.snappy and rolls the Filters count")
    func toggleChip() throws {
        let snapshot = try snapshot("chips=sample", "on=none", "count=auto", "onFilters=set", "motion=full")
        let toggle = try #require(snapshot.transitions.first { $0.target == "chip.audio" })
        #expect(toggle.haptics == [.selection])
        #expect(toggle.resultingState.id.contains(";on=audio;"))
        // Every chip animates with the transaction (the ones after the toggled chip move); the
        // Filters count rolls.
        #expect(toggle.motions.map(\.kind) == [.move, .move, .move, .move, .numericRoll])
        #expect(toggle.motions.last?.subject == "filters")
        #expect(toggle.motions.allSatisfy { $0.token == "motion.snappy" })
    }

    @Test("Reduce Motion turns the underline slide and chip changes into short fades")
    func reduceMotion() throws {
        let snapshot = try snapshot("chips=sample", "count=auto", "onFilters=set", "motion=reduced")
        let motions = snapshot.transitions.flatMap(\.motions).filter { $0.subject != "stuck.hairline" }
        #expect(!motions.isEmpty)
        #expect(motions.allSatisfy { $0.kind == .opacity && $0.duration <= 0.3 })
    }

    @Test("every control has a 44 point target, at every size and width",
          arguments: ContentSizeCategory.allCases, ["320", "393", "440"])
    func targets(size: ContentSizeCategory, width: String) throws {
        let snapshot = try snapshot("size=\(size.token)", "width=\(width)", "chips=sample", "on=unread+downloaded+audio+short-reads", "onFilters=set")
        let controls = snapshot.elements.filter(\.isInteractive)
        #expect(controls.count == 3 + 4 + 1)
        for control in controls {
            let hit = try #require(control.hitRegion)
            // The kit cuts shapes by subtracting coordinates, so 44 can come out a rounding error short.
            #expect(hit.width >= 44 - 1e-9 && hit.height >= 44 - 1e-9, "\(control.id) is \(hit.width) × \(hit.height)")
        }
    }

    @Test("right-to-left mirrors the layout and keeps the reading order")
    func rightToLeft() throws {
        let ltr = try snapshot("direction=ltr", "chips=sample", "onFilters=set")
        let rtl = try snapshot("direction=rtl", "chips=sample", "onFilters=set")
        #expect(spoken(ltr) == spoken(rtl))
        let title = try #require(rtl.element("title"))
        #expect(title.frame.maxX == rtl.environment.width - 16)
    }

    @Test("the title is the display face at 28 pt, semibold, textPrimary; one line is 28 × 2444/2048 = 33.41 pt")
    func titleTheme() throws {
        let title = try #require(try snapshot("size=L").element("title"))
        #expect(title.fact("point-size") == "28")
        #expect(title.fact("weight") == "semibold" && title.fact("color") == "textPrimary")
        #expect(title.frame.height == 28.0 * 2444 / 2048)
    }

    @Test("display-title-scaling: at AX5 the title is 28 × 53/17 = 87.29 pt relative to body (default), 58 pt relative to Title 1, 28 pt fixed",
          arguments: [("relative-to-body", "87.29"), ("relative-to-title", "58"), ("fixed", "28")])
    func titleScaling(answer: String, points: String) throws {
        let block = model.assuming(AssumptionChoices(["display-title-scaling": answer]))
        let filter = try StateFilter(parsing: ["size=AX5"], in: model.stateSpace)
        let snapshot = block.snapshot(of: model.stateSpace.states(matching: filter)[0])
        #expect(snapshot.element("title")?.fact("point-size") == points)
        #expect(snapshot.assumptionsRead.contains("display-title-scaling"))
    }

    @Test("filters-with-empty-chips: with chips [] the Filters button goes with the row by default and stays under `shown`",
          arguments: [("hidden-with-row", false), ("shown", true)])
    func filtersWithEmptyChips(answer: String, shown: Bool) throws {
        let block = model.assuming(AssumptionChoices(["filters-with-empty-chips": answer]))
        let filter = try StateFilter(parsing: ["chips=none", "onFilters=set"], in: model.stateSpace)
        let snapshot = block.snapshot(of: model.stateSpace.states(matching: filter)[0])
        #expect((snapshot.element("filters") != nil) == shown)
        #expect(!snapshot.scrollRegions.contains { $0.id == "chips" })
        #expect(snapshot.assumptionsRead.contains("filters-with-empty-chips"))
    }

    @Test("scopes are type.body, semibold textPrimary when selected and regular textSecondary otherwise; a count is textTertiary")
    func scopeTheme() throws {
        let snapshot = try snapshot("scope=saved")
        let scopes = ["for-you", "following", "saved"].compactMap { snapshot.element("scope.\($0)") }
        #expect(scopes.map { $0.fact("weight") } == ["regular", "regular", "semibold"])
        #expect(scopes.map { $0.fact("color") } == ["textSecondary", "textSecondary", "textPrimary"])
        #expect(scopes.allSatisfy { $0.fact("font") == "type.body" })
        #expect(scopes.map { $0.fact("count-color") } == ["", "textTertiary", ""])
        #expect(snapshot.element("scopes.underline")?.fact("fill") == "textPrimary")
    }

    @Test("a chip that is on fills in textPrimary with a check and its label in bg; off, it is fill with a separator stroke",
          arguments: [("audio", true), ("unread", false)])
    func chipTheme(chip: String, isOn: Bool) throws {
        let element = try #require(try snapshot("chips=sample", "on=audio").element("chip.\(chip)"))
        #expect(element.fact("fill") == (isOn ? "textPrimary" : "fill"))
        #expect(element.fact("check") == (isOn ? "yes" : "no"))
        #expect(element.fact("color") == (isOn ? "bg" : "textPrimary"))
        #expect(element.fact("stroke") == "separator" && element.fact("font") == "type.subhead" && element.fact("weight") == "medium")
    }

    @Test("a chip turning on grows by its check; the chips after it move")
    func chipGrows() throws {
        let off = try #require(try snapshot("chips=sample", "on=none", "size=L", "width=393", "direction=ltr").element("chip.unread"))
        let on = try #require(try snapshot("chips=sample", "on=unread", "size=L", "width=393", "direction=ltr").element("chip.unread"))
        #expect(on.frame.width > off.frame.width)
    }

    @Test("the Filters count is the accent with accentOn figures in type.caption ringed in bg, the block's only accent, shown only when filters are on",
          arguments: [("unread", "accent"), ("none", "")])
    func filtersTheme(on: String, badge: String) throws {
        let snapshot = try snapshot("chips=sample", "on=\(on)", "count=auto", "onFilters=set")
        let filters = try #require(snapshot.element("filters"))
        #expect(filters.fact("badge") == badge && filters.fact("badge-figures") == "accentOn type.caption" && filters.fact("badge-ring") == "bg")
        #expect(filters.fact("fill") == "fill" && filters.fact("stroke") == "separator")
        #expect(snapshot.elements.filter { $0.fact("badge") == "accent" }.count == (badge.isEmpty ? 0 : 1))
    }

    @Test("the header's ground is bg")
    func ground() throws {
        #expect(try snapshot().facts.contains(Fact("ground", "bg")))
    }
}
