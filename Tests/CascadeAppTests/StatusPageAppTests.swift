import CascadePixbuf
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// The status pages (`AdwStatusPage`) in place of a feed with nothing to draw, in the light and
/// the dark style: an empty folder, a first load that failed (whose Retry, clicked with real
/// input, loads the feed), and a search that found nothing. Each is checked in pixels.
@Suite(.serialized) struct StatusPageAppTests {
    @Test(arguments: ["light", "dark"])
    func anEmptyFolderSaysSoAndReloadShowsAVideoCopiedIn(scheme: String) throws {
        let folder = try VideoFolderFixture(label: "cascade-status-empty")
        defer { folder.remove() }
        try folder.file("videos/readme.txt", bytes: Array("nothing to watch".utf8))
        let driver = try WindowDriver(
            arguments: ["--folder", folder.path("videos"), "--color-scheme", scheme],
            environment: DesktopFixtures.quietEnvironment)
        let (empty, shown) = try driver.settle { $0.state.statusPage != nil }
        #expect(shown, "no status page for an empty folder")
        let page = try #require(empty.state.statusPage)
        #expect(page.kind == "empty_folder")
        #expect(page.title == "No Videos in This Folder")
        #expect(page.action == "Reload")
        #expect(empty.report.visibleItems(empty.step).isEmpty)
        let problems = try Self.pixelProblems(png: empty.png, page: page, scheme: scheme)
        #expect(problems.isEmpty, "\(problems)")

        // A video copied in, then a real click on Reload: the feed shows it, drawn.
        try folder.clip("videos/new.mp4", size: "160x90", duration: 1)
        let frame = try #require(page.actionFrame, "the Reload button has no frame")
        driver.move(to: frame[0] + frame[2] / 2, frame[1] + frame[3] / 2)
        driver.xdotool(["click", "1"])
        let (loaded, loadedMet) = try driver.settle { $0.feed.items == 1 && $0.state.statusPage == nil }
        #expect(loadedMet, "Reload did not show the new video: \(loaded.feed) \(loaded.state.statusPage as Any)")
        let drawn = try driver.drawingProblems(loaded, minimumCovers: 1)
        #expect(drawn.isEmpty, "the feed after Reload: \(drawn)")
    }

    @Test(arguments: ["light", "dark"])
    func aFailedFirstLoadOffersRetryAndASearchWithoutResultsSaysSo(scheme: String) async throws {
        let server = try await FeedServer.start(arguments: ["--synthetic", "12", "--channels", "1"])
        defer { server.stop() }
        // The first page and both of its retries fail; Retry's request then succeeds.
        try await server.queueFaults(Array(repeating: .status(500), count: 3))
        let driver = try WindowDriver(
            arguments: [
                "--feed-url", server.feedTemplate(channel: "c0"), "--request-timeout", "1", "--color-scheme", scheme,
            ], environment: DesktopFixtures.quietEnvironment)

        // The failure's alert first (the report's alert fields as before), then the page behind it.
        let (alerted, alertMet) = try driver.settle { $0.state.alert != nil }
        #expect(alertMet, "no alert for the failed first load")
        #expect(alerted.state.alert == "Couldn't load videos — The server answered 500")
        driver.key("Return")
        let (failed, failedMet) = try driver.settle { $0.state.alert == nil && $0.state.statusPage != nil }
        #expect(failedMet, "no status page after the alert")
        let page = try #require(failed.state.statusPage)
        #expect(page.kind == "load_failed")
        #expect(page.title == "Couldn't load videos" && page.description == "The server answered 500")
        #expect(page.action == "Retry")
        #expect(failed.feed.state == "failed" && failed.feed.items == 0)
        let problems = try Self.pixelProblems(png: failed.png, page: page, scheme: scheme)
        #expect(problems.isEmpty, "\(problems)")

        // A real click on Retry loads the first page: the feed is drawn, the page gone.
        let frame = try #require(page.actionFrame, "the Retry button has no frame")
        driver.move(to: frame[0] + frame[2] / 2, frame[1] + frame[3] / 2)
        driver.xdotool(["click", "1"])
        let (loaded, loadedMet) = try driver.settle { $0.feed.items > 0 }
        #expect(loadedMet, "Retry did not load the feed: \(loaded.feed)")
        #expect(loaded.state.statusPage == nil)
        // The synthetic server's covers are flat shapes: more than 8 colours, not the placeholder's one.
        let drawn =
            try ScreenCheck.pixelProblems(
                png: loaded.png, report: loaded.report, step: loaded.step, decoder: PixbufImageDecoder(),
                minimumCovers: 2, minimumCoverColours: 8)
            + ScreenCheck.drawnVersusModel(loaded.report, step: loaded.step)
        #expect(drawn.isEmpty, "the feed after Retry: \(drawn)")

        // A query nothing matches: "No Results Found".
        // Typed right after Ctrl+F, as a person does, with the pointer still on a cell.
        driver.key("ctrl+f")
        driver.xdotool(["type", "--delay", "40", "zzq"])
        let (none, noneMet) = try driver.settle { $0.state.statusPage?.kind == "no_results" }
        #expect(noneMet, "no status page for a query nothing matches")
        #expect(none.state.search == "zzq", "keys typed right after Ctrl+F were lost")
        let empty = try #require(none.state.statusPage)
        #expect(empty.title == "No Results Found" && empty.action == nil)
        let searchProblems = try Self.pixelProblems(png: none.png, page: empty, scheme: scheme)
        #expect(searchProblems.isEmpty, "\(searchProblems)")
    }

    /// What is wrong with a screenshot of `page`: the background not the style's (luma > 200 in
    /// light, < 70 in dark, in the page's lower corner), the middle third not drawn (the icon and
    /// texts: fewer than 8 colours), the button without its accent (blue) fill.
    static func pixelProblems(png: URL, page: ScriptReport.StatusPage, scheme: String) throws -> [String] {
        let image = try PixbufImageDecoder().decode(Data(contentsOf: png), targetSize: nil)
        var problems: [String] = []
        let corner = CairoCoverTests.pixel(image, x: 12, y: Double(image.height) - 12)
        let luma = (corner[0] * 299 + corner[1] * 587 + corner[2] * 114) / 1000
        if scheme == "dark" ? luma >= 70 : luma <= 200 {
            problems.append("the page's background is \(corner) in the \(scheme) style")
        }
        let colours = ScreenCheck.colours(
            in: image, x: 0, y: image.height / 3, width: image.width, height: image.height / 3, step: 2)
        if colours <= 8 { problems.append("the status page's middle is blank (\(colours) colours)") }
        if let frame = page.actionFrame {
            let fill = CairoCoverTests.pixel(image, x: frame[0] + 6, y: frame[1] + frame[3] / 2)
            if fill[2] - fill[0] < 60 { problems.append("the button at \(frame) is not the accent blue: \(fill)") }
        } else if page.action != nil {
            problems.append("the \(page.action ?? "") button is not drawn")
        }
        return problems
    }
}
