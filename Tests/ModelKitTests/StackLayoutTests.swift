import AccessibilityModel
import ModelKit
import Testing

@Suite("Stacks, frames and padding lay out as SwiftUI's do")
struct StackLayoutTests {
    @Test("an HStack places its children side by side with its spacing, centred across")
    func hstack() {
        let rendering = Fixture.render(HStack(spacing: 10) {
            Rectangle().frame(width: 50, height: 20).accessibilityIdentifier("a")
            Rectangle().frame(width: 30, height: 40).accessibilityIdentifier("b")
        })
        // 50 + 10 + 30 wide, 40 tall; "a" is centred in 40: (40 − 20) / 2 = 10 down.
        #expect(rendering.element("a")?.frame == Rect(x: 0, y: 10, width: 50, height: 20))
        #expect(rendering.element("b")?.frame == Rect(x: 60, y: 0, width: 30, height: 40))
    }

    @Test("a Spacer takes what the stack can spare; a shape shares the rest with it")
    func spacer() {
        let rendering = Fixture.render(HStack(spacing: 0) {
            Rectangle().frame(width: 100, height: 10).accessibilityIdentifier("fixed")
            Spacer()
            Rectangle().frame(height: 10).accessibilityIdentifier("flexible")
        })
        // 320 − 100 fixed = 220 for the spacer and the shape, the two equally flexible:
        // 110 each, the shape starting at 100 + 110.
        #expect(rendering.element("flexible")?.frame == Rect(x: 210, y: 0, width: 110, height: 10))
    }

    @Test("frame(minHeight:) grows a short child to the minimum and centres it")
    func minimumFrame() {
        let rendering = Fixture.render(Text("Go").font(.body).frame(minHeight: 44).accessibilityIdentifier("go"))
        // Body at Large is 17 pt; one line of SF Pro is 17 × 2444 / 2048 = 20.287 pt tall,
        // centred in 44: (44 − 20.287) / 2 = 11.857 down.
        let frame = rendering.element("go")!.frame
        #expect(abs(frame.height - 20.287) < 0.001)
        #expect(abs(frame.y - 11.857) < 0.001)
    }

    @Test("frame(maxWidth: .infinity) takes the whole width proposed")
    func maximumFrame() {
        let rendering = Fixture.render(
            Rectangle().frame(height: 2).frame(maxWidth: .infinity, alignment: .leading).accessibilityIdentifier("bar"),
            width: 393)
        #expect(rendering.element("bar")?.frame.width == 393)
    }

    @Test("negative padding gives back what padding took: the view's place is unchanged")
    func negativePadding() {
        let rendering = Fixture.render(VStack(spacing: 0) {
            Rectangle().frame(width: 40, height: 20).padding(.vertical, 7).padding(.vertical, -7)
            Rectangle().frame(width: 40, height: 20).accessibilityIdentifier("below")
        })
        #expect(rendering.element("below")?.frame == Rect(x: 0, y: 20, width: 40, height: 20))
    }

    @Test("offset moves the drawing, not the layout")
    func offset() {
        let rendering = Fixture.render(HStack(spacing: 0) {
            Rectangle().frame(width: 10, height: 10).offset(x: 5, y: 3).accessibilityIdentifier("moved")
            Rectangle().frame(width: 10, height: 10).accessibilityIdentifier("next")
        })
        #expect(rendering.element("moved")?.frame == Rect(x: 5, y: 3, width: 10, height: 10))
        #expect(rendering.element("next")?.frame == Rect(x: 10, y: 0, width: 10, height: 10))
    }

    @Test("offset moves where a control answers and what it draws, as well as its frame")
    func offsetMovesShapesAndInks() throws {
        func button(_ x: Double, _ y: Double) -> View {
            VStack(spacing: 0) {
                Button(action: .external) {
                    Text("Go").padding(10).background { Capsule().fill("fill") }.contentShape(.rect)
                }
                .accessibilityIdentifier("go")
                .offset(x: x, y: y)
            }
        }
        let still = try #require(Fixture.render(button(0, 0)).element("go"))
        let moved = try #require(Fixture.render(button(7, -4)).element("go"))
        func shifted(_ rect: Rect) -> Rect { Rect(x: rect.x + 7, y: rect.y - 4, width: rect.width, height: rect.height) }
        #expect(moved.frame == shifted(still.frame))
        #expect(moved.hitRegion == still.hitRegion.map(shifted))
        #expect(moved.inks.map(\.frame) == still.inks.map { shifted($0.frame) })
        #expect(moved.inks.map(\.background) == still.inks.map(\.background))
    }

    @Test("right-to-left mirrors the layout within the screen width")
    func rightToLeft() {
        let view = HStack(spacing: 0) { Rectangle().frame(width: 30, height: 10).accessibilityIdentifier("first") }
            .frame(maxWidth: .infinity, alignment: .leading)
        let rendering = Fixture.render(view, width: 320, ["direction=rtl"])
        #expect(rendering.element("first")?.frame == Rect(x: 290, y: 0, width: 30, height: 10))
    }

    @Test("overlay is proposed the view's size and drawn over it")
    func overlay() {
        let rendering = Fixture.render(
            Rectangle().frame(width: 80, height: 30).overlay(alignment: .bottom) {
                Rectangle().frame(height: 2).accessibilityIdentifier("line")
            })
        #expect(rendering.element("line")?.frame == Rect(x: 0, y: 28, width: 80, height: 2))
    }

    @Test("statements under if, if-else, a nested block and a list lay out as the same statements written flat",
          arguments: [false, true])
    func builderStatements(condition: Bool) {
        func bar(_ id: String, _ width: Double) -> View {
            Rectangle().frame(width: width, height: 10).accessibilityIdentifier(id)
        }
        let built = Fixture.render(HStack(spacing: 4) {
            bar("a", 10)
            if condition { bar("b", 20) }
            if condition {
                bar("c", 30)
                bar("d", 40)
            } else {
                bar("e", 50)
            }
            [bar("f", 60), bar("g", 70)]
            if !condition {}
        })
        let flat = Fixture.render(HStack(spacing: 4) {
            bar("a", 10)
            if condition {
                bar("b", 20)
                bar("c", 30)
                bar("d", 40)
            } else {
                bar("e", 50)
            }
            bar("f", 60)
            bar("g", 70)
        })
        // Flattened, the row is 10, (20, 30, 40 | 50), 60, 70 wide with 4 pt between each.
        #expect(built.elements.map(\.id) == flat.elements.map(\.id))
        #expect(built.elements.map(\.frame) == flat.elements.map(\.frame))
        let before: Double = condition ? 10 + 20 + 30 + 40 + 60 + 5 * 4 : 10 + 50 + 60 + 3 * 4
        #expect(built.element("g")?.frame.x == before)
    }

}
