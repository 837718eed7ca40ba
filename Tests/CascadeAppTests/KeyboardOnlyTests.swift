import CascadeImages
import CascadeNumerics
import CascadePixbuf
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// The app without a pointer: real key presses (xdotool, no mouse move or click) reach a tab,
/// the banner and a cell in the order they are on screen, with a focus ring drawn around each,
/// open the video, play it, go back to the cell and switch channel.
@Suite(.serialized) struct KeyboardOnlyTests {
    /// The focus ring's colour (the stylesheet's `:focus-visible` outline).
    static let ring: (r: Int, g: Int, b: Int) = (0x3b, 0x82, 0xf6)

    @Test func openPlayGoBackAndSwitchChannelWithKeysOnly() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool") else {
            Issue.record("xdotool is required (./scripts/install-deps.sh installs it)")
            return
        }
        let catalog = try TestCatalog.small()
        let driver = try WindowDriver(arguments: [
            "--catalog", catalog.path, "--columns", "3", "--carousel-interval", "0",
        ])
        func focus(_ settled: WindowDriver.Settled) -> ScriptReport.Focus? {
            settled.state.focus
        }
        func focused(_ kind: String, _ index: Int? = nil) -> (WindowDriver.Settled) -> Bool {
            { settled in
                focus(settled)?.kind == kind && (index == nil || focus(settled)?.index == index)
            }
        }
        let decoder = PixbufImageDecoder()

        // At first the feed's scroller holds the focus (arrow keys enter the cells from it):
        // nothing with a ring.
        let start = try driver.settle()
        #expect(["widget", nil].contains(focus(start)?.kind), "\(focus(start))")
        let before = try decoder.decode(Data(contentsOf: start.png), targetSize: nil)
        let tabs = start.state.tabs?.frames.count ?? 0
        #expect(tabs >= 2)

        // Tab: the header bar's menu button, then the first tab; then past the other tabs and the
        // banner to the first cell.
        var rings: [(name: String, frame: [Double], image: DecodedImage)] = []
        driver.key("Tab")
        let onMenu = try driver.settle()
        let stripTop = start.state.tabs?.origin[1] ?? 0.0
        #expect(
            focus(onMenu)?.kind == "widget" && (focus(onMenu)?.frame?[1] ?? .infinity) < stripTop,
            "the first Tab reaches the header bar's menu button: \(focus(onMenu))")
        driver.key("Tab")
        let (onTab, tabMet) = try driver.settle(until: focused("tab", 0))
        #expect(tabMet, "Tab did not reach the first tab: \(focus(onTab))")
        if let frame = focus(onTab)?.frame {
            rings.append(("tab", frame, try decoder.decode(Data(contentsOf: onTab.png), targetSize: nil)))
        }
        for _ in 0..<(tabs + 1) { driver.key("Tab") }
        let (onCell, cellMet) = try driver.settle(until: focused("item"))
        #expect(cellMet, "Tab did not reach a cell: \(focus(onCell))")
        #expect(focus(onCell)?.index == 0, "the first cell in reading order")
        if let frame = focus(onCell)?.frame {
            rings.append(("cell", frame, try decoder.decode(Data(contentsOf: onCell.png), targetSize: nil)))
        }
        #expect(rings.count == 2)
        for (name, frame, image) in rings {
            // Drawn all the way round (at least half the perimeter in the ring's colour), and not
            // there before anything had the focus.
            let ring = Self.ringPixels(image, around: frame)
            let without = Self.ringPixels(before, around: frame)
            #expect(ring > Int(saturating: frame[2] + frame[3]), "\(name): \(ring) ring pixels around \(frame)")
            #expect(without < 10, "\(name): \(without) ring-coloured pixels before focusing")
        }

        // Enter opens it, Space plays it (a second-long clip: it may have ended by then).
        driver.key("Return")
        let (opened, openMet) = try driver.settle { $0.state.screen == "player" }
        #expect(openMet, "Enter did not open the player page")
        #expect((opened.state.player).state == "idle")
        driver.key("space")
        let (played, playMet) = try driver.settle { settled in
            ((settled.state.player).history).contains("playing")
        }
        #expect(playMet, "Space did not play: \(String(describing: played.state.player))")

        // Esc: back to the feed, the focus on the cell that was opened.
        driver.key("Escape")
        let (back, backMet) = try driver.settle { $0.state.screen == "feed" }
        #expect(backMet, "Esc did not go back")
        #expect(focus(back)?.kind == "item", "the focus returns to the opened cell: \(focus(back))")

        // Ctrl+Tab: the next channel; its cell slid away, so the focus moves to the selected tab.
        driver.key("ctrl+Tab")
        let (switched, switchMet) = try driver.settle { $0.state.channel == 1 }
        #expect(switchMet, "Ctrl+Tab did not switch channel")
        let (_, followMet) = try driver.settle(until: focused("tab", 1))
        #expect(followMet, "the focus did not follow to tab 1: \(focus(switched))")
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
