import CascadeImages
import CascadeNumerics
import CascadePixbuf
import CascadeTestSupport
import Foundation
import Testing

/// The app without a pointer: real key presses (xdotool, no mouse move or click) reach a tab,
/// the banner and a cell in order, with a focus ring drawn around each, open the video, play
/// it, go back to the cell and switch channel.
@Suite(.serialized) struct KeyboardOnlyTests {
    /// This test's temporary folders, removed when it ends.
    let temporary = TemporaryFolders()

    /// The focus ring's colour (the stylesheet's `:focus-visible` outline).
    static let ring: (r: Int, g: Int, b: Int) = (0x3b, 0x82, 0xf6)

    @Test func openPlayGoBackAndSwitchChannelWithKeysOnly() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool") else {
            Issue.record("xdotool is required (./scripts/install-deps.sh installs it)")
            return
        }
        // A display of its own with a window manager, so the window has the keyboard focus.
        let display = try PrivateDisplay(windowManager: true)
        let catalog = try TestCatalog.small()
        let dir = try temporary.make("cascade-keys")
        // The test presses keys after each step's report appears, while the next step waits.
        let script = [
            "wait-idle", "screenshot before",  // 0, 1: nothing focused yet
            "wait 2000ms", "screenshot tab",  // 2, 3: Tab → the first tab
            "wait 2500ms", "screenshot cell",  // 4, 5: Tab… → the first cell
            "wait 2500ms",  // 6: Enter → the player page
            "wait 2500ms",  // 7: Space → plays
            "wait 2500ms",  // 8: Esc → back
            "wait 2500ms",  // 9: Ctrl+Tab → the next channel
        ]
        try (script.joined(separator: "\n") + "\n").write(
            to: dir.appendingPathComponent("s.txt"), atomically: true, encoding: .utf8)
        let reportURL = dir.appendingPathComponent("r.json")
        let child = try CascadeProcess(
            arguments: [
                "--catalog", catalog.path, "--columns", "3", "--carousel-interval", "0", "--script",
                dir.appendingPathComponent("s.txt").path, "--report", reportURL.path, "--screenshots", dir.path,
            ], environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path, "DISPLAY": display.name])
        defer { child.kill() }
        func after(_ steps: Int) throws -> ScriptReport {
            try #require(ScriptReport.waitForSteps(steps, at: reportURL, timeout: 60), "\(child.stderr)")
        }
        func press(_ keys: String...) { press(contentsOf: keys) }
        func press(contentsOf keys: [String]) {
            _ = PlayerPageTests.xdotool(["key", "--delay", "120"] + keys, display: display.name)
        }
        func focus(_ report: ScriptReport, _ step: Int) -> [String: Any] {
            report.state(step)["focus"] as? [String: Any] ?? [:]
        }

        let idle = try after(2)
        #expect(idle.state(1)["focus"] is NSNull, "\(idle.state(1)["focus"] ?? "")")
        let tabCount = (idle.state(1)["tabs"] as? [String: Any])?["frames"] as? [Any]
        let tabs = try #require(tabCount?.count)
        #expect(tabs >= 2)
        press("Tab")

        let onTab = try after(4)
        #expect(focus(onTab, 3)["kind"] as? String == "tab")
        #expect(focus(onTab, 3)["index"] as? Int == 0)
        // Past the other tabs and the banner to the first cell: Tab order follows the screen.
        press(contentsOf: Array(repeating: "Tab", count: tabs + 1))

        let onCell = try after(6)
        #expect(focus(onCell, 5)["kind"] as? String == "item", "\(focus(onCell, 5))")
        #expect(focus(onCell, 5)["index"] as? Int == 0)
        let decoder = PixbufImageDecoder()
        let before = try decoder.decode(Data(contentsOf: dir.appendingPathComponent("before.png")), targetSize: nil)
        for (name, step) in [("tab", 3), ("cell", 5)] {
            let frame = try #require(focus(onCell, step)["frame"] as? [Double], "no focus frame at \(name)")
            let image = try decoder.decode(Data(contentsOf: dir.appendingPathComponent("\(name).png")), targetSize: nil)
            let ring = Self.ringPixels(image, around: frame)
            let without = Self.ringPixels(before, around: frame)
            // Drawn all the way round (at least half the perimeter in the ring's colour), and not
            // there before anything had the focus.
            #expect(ring > Int(saturating: frame[2] + frame[3]), "\(name): \(ring) ring pixels around \(frame)")
            #expect(without < 10, "\(name): \(without) ring-coloured pixels before focusing")
        }
        press("Return")

        let opened = try after(7)
        #expect(opened.state(6)["screen"] as? String == "player")
        let player = opened.state(6)["player"] as? [String: Any]
        #expect(player?["state"] as? String == "idle")
        press("space")

        let played = try after(8)
        // The clips are a second long: by the next report it plays or has played to the end.
        let state = (played.state(7)["player"] as? [String: Any])?["state"] as? String
        #expect(["playing", "stopped", "ended"].contains(state ?? ""), "player state \(state ?? "nil")")
        press("Escape")

        let back = try after(9)
        #expect(back.state(8)["screen"] as? String == "feed")
        #expect(focus(back, 8)["kind"] as? String == "item", "the focus returns to the opened cell")
        press("ctrl+Tab")

        #expect(child.wait(timeout: 60) == 0, "\(child.stderr)")
        let final = try #require(ScriptReport(url: reportURL))
        #expect(final.state(9)["channel"] as? Int == 1)
        // The cell slid away with its page: the focus moves to the selected tab.
        let last = final.state(9)["focus"] as? [String: Any] ?? [:]
        #expect(last["kind"] as? String == "tab" && last["index"] as? Int == 1, "\(last)")
        for i in final.steps.indices { #expect(final.ok(i), "step \(i): \(final.steps[i]["error"] ?? "")") }
    }

    /// Pixels in the focus ring's colour in a band 5 points wide around `frame` ([x, y, w, h]
    /// in window coordinates), inside and out.
    static func ringPixels(_ image: DecodedImage, around frame: [Double]) -> Int {
        let x0 = Int(saturatingRounded: frame[0]) - 5
        let y0 = Int(saturatingRounded: frame[1]) - 5
        let x1 = Int(saturatingRounded: frame[0] + frame[2]) + 5
        let y1 = Int(saturatingRounded: frame[1] + frame[3]) + 5
        var count = 0
        for y in max(0, y0)..<min(image.height, y1) {
            for x in max(0, x0)..<min(image.width, x1) {
                let inside = x >= x0 + 10 && x < x1 - 10 && y >= y0 + 10 && y < y1 - 10
                guard !inside else { continue }
                let p = y * image.bytesPerRow + x * 4
                let (r, g, b) = (Int(image.pixels[p]), Int(image.pixels[p + 1]), Int(image.pixels[p + 2]))
                if abs(r - ring.r) + abs(g - ring.g) + abs(b - ring.b) < 60 { count += 1 }
            }
        }
        return count
    }
}
