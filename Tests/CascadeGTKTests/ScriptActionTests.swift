import CascadeGTK
import Testing

@Suite struct ScriptActionTests {
    @Test func parsesEveryContractAction() throws {
        let script = """
            wait 500ms            # a comment
            wait 2s
            wait-idle
            resize 1280 800
            scroll-by 0 -120.5
            scroll-to-item 42
            scroll-to-end
            fling 0 3000
            pull-refresh
            tap-item 3
            tap-tab 1
            swipe-page next
            swipe-page prev
            carousel next
            play
            pause
            seek 2.5
            wait-position 1
            toggle-fullscreen
            back

            screenshot first-screen
            """
        let actions = try ScriptAction.parse(script: script).map(\.action)
        #expect(
            actions == [
                .wait(milliseconds: 500), .wait(milliseconds: 2000), .waitIdle, .resize(width: 1280, height: 800),
                .scrollBy(dx: 0, dy: -120.5), .scrollToItem(42), .scrollToEnd, .fling(vx: 0, vy: 3000), .pullRefresh,
                .tapItem(3), .tapTab(1), .swipePage(forward: true), .swipePage(forward: false),
                .carousel(forward: true),
                .play, .pause, .seek(seconds: 2.5), .waitPosition(seconds: 1), .toggleFullscreen, .back,
                .screenshot(name: "first-screen"),
            ])
    }

    @Test func waitSignalNamesAFileInTheScreenshotsFolder() throws {
        #expect(try ScriptAction.parse(line: "wait-signal go-1.x") == .waitSignal(name: "go-1.x"))
        for bad in ["wait-signal", "wait-signal ../go", "wait-signal .hidden", "wait-signal a b"] {
            #expect(throws: ScriptError.self, "\(bad)") { try ScriptAction.parse(line: bad) }
        }
    }

    @Test func parsesTheResumeOffersButtons() throws {
        let actions = try ScriptAction.parse(script: "resume\nstart-over\n").map(\.action)
        #expect(actions == [.resume, .startOver])
        #expect(throws: ScriptError.self) { try ScriptAction.parse(script: "resume 3") }
    }

    @Test func lineNumbersSurviveCommentsAndBlanks() throws {
        let parsed = try ScriptAction.parse(script: "# header\n\nwait-idle\n  # indented comment\nback\n")
        #expect(parsed.map(\.line) == [3, 5])
    }

    @Test(arguments: [
        "jump", "wait", "wait soon", "scroll-by 1", "scroll-by a b", "tap-item -1", "swipe-page up",
        "screenshot ../escape", "screenshot a/b", "resize 10 10", "seek nan",
    ])
    func badLinesAreSyntaxErrorsWithTheLine(line: String) {
        #expect(throws: ScriptError.self) { try ScriptAction.parse(script: "wait-idle\n\(line)") }
        do {
            _ = try ScriptAction.parse(script: "wait-idle\n\(line)")
        } catch let ScriptError.syntax(number, _, _) {
            #expect(number == 2)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
