import CascadeScript
import Testing

@Suite struct ScriptActionTests {
    /// Every action of Docs/SCRIPTING.md: its line and the action it reads as.
    static let golden: [(String, ScriptAction)] = [
        ("wait 500ms", .wait(milliseconds: 500)), ("wait 2s", .wait(milliseconds: 2000)),
        ("wait 1.5s", .wait(milliseconds: 1500)), ("wait 20", .wait(milliseconds: 20)),
        ("wait-idle", .waitIdle), ("resize 1280 800", .resize(width: 1280, height: 800)),
        ("scroll-by 0 -120.5", .scrollBy(dx: 0, dy: -120.5)), ("scroll-to-item 42", .scrollToItem(42)),
        ("scroll-to-item 7 center animated", .scrollToItem(7, position: "center", animated: true)),
        ("scroll-to-item 7 animated", .scrollToItem(7, animated: true)),
        ("scroll-to-item 7 nearest", .scrollToItem(7, position: "nearest")),
        ("scroll-to-end", .scrollToEnd), ("fling 0 3000", .fling(vx: 0, vy: 3000)), ("pull-refresh", .pullRefresh),
        ("tap-item 3", .tapItem(3)), ("hover-item 2", .hoverItem(2)), ("previews on", .previews(true)),
        ("previews off", .previews(false)), ("tap-tab 1", .tapTab(1)), ("swipe-page next", .swipePage(forward: true)),
        ("swipe-page prev", .swipePage(forward: false)), ("carousel next", .carousel(forward: true)),
        ("carousel prev", .carousel(forward: false)), ("play", .play), ("pause", .pause),
        ("seek 2.5", .seek(seconds: 2.5)), ("seek -3", .seek(seconds: 0)),
        ("wait-position 1", .waitPosition(seconds: 1)),
        ("wait-player-error", .waitPlayerError), ("toggle-fullscreen", .toggleFullscreen), ("back", .back),
        ("tap-footer", .tapFooter), ("resume", .resume), ("start-over", .startOver),
        ("wait-opened 2", .waitOpened(count: 2)), ("wait-status No videos here", .waitStatus("No videos here")),
        ("columns 3", .columns(3)), ("columns auto", .columns(nil)), ("set-volume 0.25", .setVolume(0.25)),
        ("screenshot first-screen", .screenshot(name: "first-screen")),
        ("wait-signal go-1.x", .waitSignal(name: "go-1.x")),
        ("tap-item\t7", .tapItem(7)),
    ]

    @Test(arguments: golden)
    func eachLineReadsAsItsAction(line: String, action: ScriptAction) throws {
        #expect(try ScriptAction.parse(line: line) == action)
    }

    @Test func aScriptKeepsLineNumbersAndTextsAcrossCommentsAndBlanks() throws {
        let parsed = try ScriptAction.parse(script: "# header\n\nwait-idle   # settle\n  # indented comment\nback\n")
        #expect(
            parsed == [
                ScriptLine(line: 3, text: "wait-idle", action: .waitIdle),
                ScriptLine(line: 5, text: "back", action: .back),
            ])
    }

    /// Malformed lines: each gives its typed problem, and a script names the line.
    static let malformed: [(String, ScriptProblem)] = [
        ("jump", .unknownAction("jump")), ("wait", .argumentCount(verb: "wait", expected: 1)),
        ("wait soon", .notADuration("soon")), ("wait 11m", .notADuration("11m")), ("wait 601s", .notADuration("601s")),
        ("scroll-by 1", .argumentCount(verb: "scroll-by", expected: 2)),
        ("scroll-by a b", .notANumber(verb: "scroll-by", text: "a")),
        ("seek nan", .notANumber(verb: "seek", text: "nan")),
        ("tap-item -1", .notAnIndex(verb: "tap-item", text: "-1")),
        ("scroll-to-item", .argumentCount(verb: "scroll-to-item", expected: 1)),
        (
            "scroll-to-item 3 sideways",
            .outOfRange(verb: "scroll-to-item", allowed: "an index, then top, center or nearest, then animated")
        ),
        (
            "scroll-to-item 3 top center",
            .outOfRange(verb: "scroll-to-item", allowed: "an index, then top, center or nearest, then animated")
        ),
        ("swipe-page up", .notADirection(verb: "swipe-page", text: "up")),
        ("previews maybe", .notOnOrOff(verb: "previews", text: "maybe")),
        ("resize 10 10", .outOfRange(verb: "resize", allowed: "100...8000 points each way")),
        ("columns 13", .outOfRange(verb: "columns", allowed: "1...12 or auto")),
        ("set-volume 2", .outOfRange(verb: "set-volume", allowed: "0...1")),
        ("screenshot ../escape", .badFileName(verb: "screenshot", text: "../escape")),
        ("screenshot a/b", .badFileName(verb: "screenshot", text: "a/b")),
        ("wait-signal .hidden", .badFileName(verb: "wait-signal", text: ".hidden")),
        ("wait-signal a b", .argumentCount(verb: "wait-signal", expected: 1)),
        ("resume 3", .argumentCount(verb: "resume", expected: 0)), ("wait-status", .missingText(verb: "wait-status")),
    ]

    @Test(arguments: malformed)
    func malformedLinesAreTypedErrorsWithTheirLine(line: String, problem: ScriptProblem) {
        #expect(throws: problem) { try ScriptAction.parse(line: line) }
        #expect(throws: ScriptSyntaxError(line: 3, text: line, problem: problem)) {
            try ScriptAction.parse(script: "wait-idle\n# comment\n\(line)  # why\nback")
        }
    }

    @Test func theErrorSaysTheLineAndWhy() {
        let error = ScriptSyntaxError(line: 2, text: "jump", problem: .unknownAction("jump"))
        #expect(error.description == "line 2 'jump': unknown action 'jump'")
    }

    @Test func onlyInputOnTheScreenDismissesAnAlertFirst() {
        #expect(ScriptAction.tapItem(0).actsOnTheScreen)
        #expect(ScriptAction.scrollBy(dx: 0, dy: 10).actsOnTheScreen)
        #expect(!ScriptAction.waitIdle.actsOnTheScreen)
        #expect(!ScriptAction.screenshot(name: "a").actsOnTheScreen)
    }
}
