import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// A screen reader that can act, on the real accessibility bus: the app joins a private at-spi
/// bus (`PrivateAccessibilityBus`) and a pyatspi client, as Orca or a switch-access tool would,
/// lists its nodes and invokes their AT-SPI actions; what happened is read from the app's report.
@Suite(.serialized) struct AccessibilityBusAppTests {
    let temporary = TemporaryFolders()

    @Test func theDrawnCellsTabsBannerAndPlayButtonActThroughATSPI() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/libexec/at-spi-bus-launcher") else {
            Issue.record("at-spi2-core is required (./scripts/install-deps.sh installs it)")
            return
        }
        let bus = try PrivateAccessibilityBus(work: try temporary.make("cascade-atspi"))
        let catalog = try TestCatalog.small()
        let driver = try WindowDriver(
            arguments: ["--catalog", catalog.path, "--columns", "3", "--carousel-interval", "0"],
            environment: bus.appEnvironment)
        let pid = driver.child.pid

        // At the top: the banner and the drawn cells, each with its click action.
        let top = try driver.settle()
        let (firstListed, firstOutput) = bus.nodes(ofApp: pid)
        let first = try #require(firstListed, "the client could not list the app: \(firstOutput)")
        let banners = first.filter { $0.actions.contains("banner.click") }
        #expect(banners.count == 1 && banners.first?.name.hasPrefix("Banner 1 of") == true, "\(banners)")
        let topCells = first.filter { $0.actions.contains("cell.click") }
        #expect(topCells.count == top.state.visibleItems.count, "\(topCells.map(\.name)) at the top")
        #expect(
            !first.contains { $0.role == "push button" && ["Play", "Back"].contains($0.name) },
            "the player page, not shown, is exposed: \(first)")
        #expect(!first.contains { $0.role == "entry" }, "the closed search bar is exposed: \(first)")

        // Scrolled until cells that left the screen wait in the pool: the feed's accessible
        // children are the drawn cells, each a button; neither the pooled cells nor the banner
        // scrolled away are exposed.
        if let point = top.coverPoint(ofItem: 0) { driver.move(to: point.x, point.y) }
        _ = driver.xdotool(["click", "--repeat", "8", "--delay", "80", "5"])
        let (scrolled, scrollMet) = try driver.settle {
            ($0.state.feed.offset ?? 0) > 0 && $0.state.liveCells > $0.state.visibleItems.count
        }
        #expect(scrollMet, "the wheel did not scroll the feed past a cell: \(scrolled.state.liveCells) live cells")
        let (listed, output) = bus.nodes(ofApp: pid)
        let nodes = try #require(listed, "the client could not list the app: \(output)")
        let cells = nodes.filter { $0.actions.contains("cell.click") }
        let drawn = scrolled.state.visibleItems.count
        #expect(drawn > 0)
        #expect(cells.count == drawn, "\(cells.count) cells exposed, \(drawn) drawn: \(cells.map(\.name))")
        #expect(cells.allSatisfy { $0.role == "push button" && $0.name.hasSuffix(", video") }, "\(cells)")
        if let banner = scrolled.state.bannerFrame, banner[1] + banner[3] < (scrolled.state.feed.offset ?? 0) {
            #expect(!nodes.contains { $0.actions.contains("banner.click") }, "the banner scrolled away is exposed")
        }

        // A tab's action switches the channel.
        let tabs = nodes.filter { $0.role == "page tab" }
        #expect(tabs.count >= 2 && tabs.allSatisfy { $0.actions == ["tab.click"] }, "\(tabs)")
        if tabs.count >= 2 {
            let acted = bus.act("tab.click", onRole: "page tab", named: tabs[1].name, ofApp: pid)
            #expect(acted.done, "\(acted.output)")
            let (_, switched) = try driver.settle { $0.state.channel == 1 }
            #expect(switched, "the tab's action did not switch the channel")
        }

        // A cell's click opens its video; the player's play button plays it.
        let (onChannel, _) = try driver.settle { !$0.state.visibleItems.isEmpty }
        let (channelListed, channelOutput) = bus.nodes(ofApp: pid)
        let channelCells = (channelListed ?? []).filter { $0.actions.contains("cell.click") }
        #expect(
            channelCells.count == onChannel.state.visibleItems.count,
            "channel 1: \(channelCells.map(\.name)) for \(onChannel.state.visibleItems.count) drawn: \(channelOutput)")
        let cell = try #require(channelCells.first)
        let opened = bus.act("cell.click", onRole: "push button", named: cell.name, ofApp: pid)
        #expect(opened.done, "\(opened.output)")
        let (player, openMet) = try driver.settle { $0.state.screen == "player" }
        #expect(openMet, "the cell's action did not open the player")
        #expect(player.state.player.state == "idle")
        let title = try #require(player.state.player.title)
        #expect(cell.name.hasPrefix(title + ", "), "opened \(title) for the cell \(cell.name)")
        let (onPlayer, playerOutput) = bus.nodes(ofApp: pid)
        #expect(
            onPlayer?.contains { $0.actions.contains("cell.click") } == false,
            "the feed, not shown, is exposed on the player page: \(playerOutput)")
        let play = bus.act("click", onRole: "push button", named: "Play", ofApp: pid)
        #expect(play.done, "\(play.output)")
        let (played, playMet) = try driver.settle { $0.state.player.history.contains("playing") }
        #expect(playMet, "the play button's action did not play: \(played.state.player)")
    }
}
